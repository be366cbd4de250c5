import { stateName, type UsStateCode } from '@sunin/contract';

/** One square of the tile-grid map: the state's postal code, its name and its place in the grid. */
export interface StateTile {
  code: UsStateCode;
  name: string;
  row: number;
  col: number;
}

/** The names come from the contract's one list of states (also the estimate's). */
const tile = (code: UsStateCode, row: number, col: number): StateTile => ({ code, name: stateName(code), row, col });

/**
 * The 50 states as a tile grid (11 columns, 8 rows), each roughly where it sits on the map.
 * Far smaller than state outlines and just as readable at 360 px.
 */
export const STATE_TILES: StateTile[] = [
  tile('AK', 0, 0),
  tile('ME', 0, 10),
  tile('WI', 1, 5),
  tile('VT', 1, 8),
  tile('NH', 1, 9),
  tile('WA', 2, 0),
  tile('ID', 2, 1),
  tile('MT', 2, 2),
  tile('ND', 2, 3),
  tile('MN', 2, 4),
  tile('IL', 2, 5),
  tile('MI', 2, 6),
  tile('NY', 2, 8),
  tile('MA', 2, 9),
  tile('OR', 3, 0),
  tile('NV', 3, 1),
  tile('WY', 3, 2),
  tile('SD', 3, 3),
  tile('IA', 3, 4),
  tile('IN', 3, 5),
  tile('OH', 3, 6),
  tile('PA', 3, 7),
  tile('NJ', 3, 8),
  tile('CT', 3, 9),
  tile('RI', 3, 10),
  tile('CA', 4, 0),
  tile('UT', 4, 1),
  tile('CO', 4, 2),
  tile('NE', 4, 3),
  tile('MO', 4, 4),
  tile('KY', 4, 5),
  tile('WV', 4, 6),
  tile('VA', 4, 7),
  tile('MD', 4, 8),
  tile('DE', 4, 9),
  tile('AZ', 5, 1),
  tile('NM', 5, 2),
  tile('KS', 5, 3),
  tile('AR', 5, 4),
  tile('TN', 5, 5),
  tile('NC', 5, 6),
  tile('SC', 5, 7),
  tile('OK', 6, 3),
  tile('LA', 6, 4),
  tile('MS', 6, 5),
  tile('AL', 6, 6),
  tile('GA', 6, 7),
  tile('HI', 7, 0),
  tile('TX', 7, 3),
  tile('FL', 7, 8),
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
