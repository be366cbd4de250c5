/** One square of the tile-grid map: the state's postal code and its place in the grid. */
export interface StateTile {
  code: string;
  name: string;
  row: number;
  col: number;
}

/**
 * The 50 states as a tile grid (11 columns, 8 rows), each roughly where it sits on the map.
 * Far smaller than state outlines and just as readable at 360 px.
 */
export const STATE_TILES: StateTile[] = [
  { code: 'AK', name: 'Alaska', row: 0, col: 0 },
  { code: 'ME', name: 'Maine', row: 0, col: 10 },
  { code: 'WI', name: 'Wisconsin', row: 1, col: 5 },
  { code: 'VT', name: 'Vermont', row: 1, col: 8 },
  { code: 'NH', name: 'New Hampshire', row: 1, col: 9 },
  { code: 'WA', name: 'Washington', row: 2, col: 0 },
  { code: 'ID', name: 'Idaho', row: 2, col: 1 },
  { code: 'MT', name: 'Montana', row: 2, col: 2 },
  { code: 'ND', name: 'North Dakota', row: 2, col: 3 },
  { code: 'MN', name: 'Minnesota', row: 2, col: 4 },
  { code: 'IL', name: 'Illinois', row: 2, col: 5 },
  { code: 'MI', name: 'Michigan', row: 2, col: 6 },
  { code: 'NY', name: 'New York', row: 2, col: 8 },
  { code: 'MA', name: 'Massachusetts', row: 2, col: 9 },
  { code: 'OR', name: 'Oregon', row: 3, col: 0 },
  { code: 'NV', name: 'Nevada', row: 3, col: 1 },
  { code: 'WY', name: 'Wyoming', row: 3, col: 2 },
  { code: 'SD', name: 'South Dakota', row: 3, col: 3 },
  { code: 'IA', name: 'Iowa', row: 3, col: 4 },
  { code: 'IN', name: 'Indiana', row: 3, col: 5 },
  { code: 'OH', name: 'Ohio', row: 3, col: 6 },
  { code: 'PA', name: 'Pennsylvania', row: 3, col: 7 },
  { code: 'NJ', name: 'New Jersey', row: 3, col: 8 },
  { code: 'CT', name: 'Connecticut', row: 3, col: 9 },
  { code: 'RI', name: 'Rhode Island', row: 3, col: 10 },
  { code: 'CA', name: 'California', row: 4, col: 0 },
  { code: 'UT', name: 'Utah', row: 4, col: 1 },
  { code: 'CO', name: 'Colorado', row: 4, col: 2 },
  { code: 'NE', name: 'Nebraska', row: 4, col: 3 },
  { code: 'MO', name: 'Missouri', row: 4, col: 4 },
  { code: 'KY', name: 'Kentucky', row: 4, col: 5 },
  { code: 'WV', name: 'West Virginia', row: 4, col: 6 },
  { code: 'VA', name: 'Virginia', row: 4, col: 7 },
  { code: 'MD', name: 'Maryland', row: 4, col: 8 },
  { code: 'DE', name: 'Delaware', row: 4, col: 9 },
  { code: 'AZ', name: 'Arizona', row: 5, col: 1 },
  { code: 'NM', name: 'New Mexico', row: 5, col: 2 },
  { code: 'KS', name: 'Kansas', row: 5, col: 3 },
  { code: 'AR', name: 'Arkansas', row: 5, col: 4 },
  { code: 'TN', name: 'Tennessee', row: 5, col: 5 },
  { code: 'NC', name: 'North Carolina', row: 5, col: 6 },
  { code: 'SC', name: 'South Carolina', row: 5, col: 7 },
  { code: 'OK', name: 'Oklahoma', row: 6, col: 3 },
  { code: 'LA', name: 'Louisiana', row: 6, col: 4 },
  { code: 'MS', name: 'Mississippi', row: 6, col: 5 },
  { code: 'AL', name: 'Alabama', row: 6, col: 6 },
  { code: 'GA', name: 'Georgia', row: 6, col: 7 },
  { code: 'HI', name: 'Hawaii', row: 7, col: 0 },
  { code: 'TX', name: 'Texas', row: 7, col: 3 },
  { code: 'FL', name: 'Florida', row: 7, col: 8 },
];

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
