/** The Trusted Partners strip of the landing page: fictional installation partners' word marks. */
export const TRUSTED_PARTNERS = [
  { name: 'Brightline Solar Installers', logo: '/images/partners/brightline-solar.svg' },
  { name: 'Keystone Renewables', logo: '/images/partners/keystone-renewables.svg' },
  { name: 'Mesa Power Works', logo: '/images/partners/mesa-power-works.svg' },
  { name: 'Harbor Light Energy', logo: '/images/partners/harbor-light-energy.svg' },
  { name: 'Summit Array Commercial Solar', logo: '/images/partners/summit-array.svg' },
  { name: 'Prairie Sun Electric', logo: '/images/partners/prairie-sun-electric.svg' },
] as const;
