import { FACTS } from './facts';

export interface CaseStudy {
  id: string;
  title: string;
  location: string;
  summary: string;
  stats: { label: string; value: string }[];
  details: string[];
}

/** The three case studies of the landing page (public-site-and-admin.md 2.3). */
export const CASE_STUDIES: CaseStudy[] = [
  {
    id: 'cold-storage-fresno',
    title: 'Cold storage distributor',
    location: 'Fresno, California',
    summary: 'Refrigeration ran around the clock and summer peak rates were eating the margin. A rooftop system now covers most of the daytime load.',
    stats: [
      { label: 'System size', value: '480 kW' },
      { label: 'Energy savings', value: '42%' },
      { label: 'Payback', value: '4.6 years' },
    ],
    details: [
      `A SunIn sales partner who had supplied the distributor's forklifts for years sent us twelve months of utility bills. Within ${FACTS.proposalTurnaroundHours} hours our engineers returned a design for 1,100 panels on the warehouse's flat roof, sized to the daytime refrigeration load so that almost every kilowatt-hour is used on site.`,
      'The owners took the investment tax credit and financed the rest at a fixed rate, so the monthly loan payment started below the savings on the power bill. Installation took five weeks with the warehouse operating normally throughout.',
    ],
  },
  {
    id: 'health-center-hartford',
    title: 'Community health center',
    location: 'Hartford, Connecticut',
    summary: 'A non-profit clinic with no tax bill to offset used elective pay to receive the solar tax credit as a direct payment.',
    stats: [
      { label: 'System size', value: '210 kW' },
      { label: 'Energy savings', value: '31%' },
      { label: 'Payback', value: '5.8 years' },
    ],
    details: [
      `Because the clinic is tax-exempt, our finance team planned the project around elective pay and pre-registered it more than ${FACTS.electivePayPreRegistrationDays} days before the clinic's filing date. The clinic qualified for the base ${FACTS.itcBasePercent}% credit and the domestic content bonus.`,
      'The system combines a rooftop array with a solar carport over the staff parking lot. The savings now fund an extra nurse practitioner two days a week.',
    ],
  },
  {
    id: 'fabrication-san-antonio',
    title: 'Metal fabrication plant',
    location: 'San Antonio, Texas',
    summary: 'High demand charges from welding lines made this plant a strong candidate for a ground-mounted system on unused land.',
    stats: [
      { label: 'System size', value: '1.1 MW' },
      { label: 'Energy savings', value: '38%' },
      { label: 'Payback', value: '4.2 years' },
    ],
    details: [
      `The plant financed ${FACTS.financingMaxPercent}% of the project at a ${FACTS.financingRatePercent}% fixed rate and was cash-flow positive from the first month. The site sits in an energy community, which added ${FACTS.itcEnergyCommunityBonusPercent}% to the tax credit.`,
      "Our installation partner built the ground mount on three acres behind the plant in ten weeks. The owner's sales partner, an electrical contractor, now brings us two or three manufacturers a quarter.",
    ],
  },
];
