export interface MarketState {
  code: 'CA' | 'TX' | 'MA' | 'NV' | 'CT';
  headline: string;
  blurb: string[];
}

/** The five highlighted, clickable markets of the map (public-site-and-admin.md 2.3). */
export const MARKET_STATES: MarketState[] = [
  {
    code: 'CA',
    headline: 'The largest commercial solar market in the country',
    blurb: [
      "California's commercial electricity rates are among the highest in the United States, and its sunshine runs from the Central Valley to the Inland Empire. Warehouses, food processors, wineries and schools are our most active clients here.",
      "Under the state's net billing rules, the best returns come from systems sized to a business's daytime load, often paired with battery storage. Our engineers model every site against its actual utility rate schedule so the savings in the proposal are the savings on the bill.",
    ],
  },
  {
    code: 'TX',
    headline: 'Strong sun, open land and high demand charges',
    blurb: [
      "Texas combines excellent solar resource with a competitive electricity market. Manufacturers and distribution centres pay heavy demand charges, and solar that produces during the afternoon peak cuts both energy and demand costs.",
      'Plenty of land makes ground-mounted systems practical, and the state exempts the added value of a solar system from property tax. Several of our Texas sites also qualify for the energy community bonus credit.',
    ],
  },
  {
    code: 'MA',
    headline: 'High power prices and a generous state incentive',
    blurb: [
      "Massachusetts businesses pay some of the highest electricity prices in the continental United States. The state's SMART program adds a fixed payment for every kilowatt-hour a qualifying system produces, on top of net metering.",
      'Our Massachusetts projects are mostly rooftops and carports for manufacturers, non-profits and municipalities, where elective pay lets tax-exempt owners receive the federal credit as a direct payment.',
    ],
  },
  {
    code: 'NV',
    headline: 'Some of the best sunshine in America',
    blurb: [
      "Nevada's desert sun means every panel produces more here than almost anywhere else in the country, which shortens payback periods for businesses on commercial rates.",
      'Logistics and warehousing around Las Vegas and Reno offer large, flat, unshaded roofs, ideal for systems that cover a building\'s daytime load while keeping operations running during installation.',
    ],
  },
  {
    code: 'CT',
    headline: 'A long-term tariff for commercial solar',
    blurb: [
      "Connecticut's electricity rates are among the highest in the nation. The state's Non-Residential Renewable Energy Solutions (NRES) program offers long-term contracts for the output of commercial systems, which makes the returns predictable for lenders and owners alike.",
      'We build rooftop and carport systems across the state for health centres, schools, offices and light industry, with financing that keeps the monthly payment below the savings.',
    ],
  },
];
