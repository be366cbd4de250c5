export interface Leader {
  name: string;
  role: string;
  image: string;
  bio: string;
}

/** The leadership team of /team (public-site-and-admin.md 2.3). */
export const LEADERS: Leader[] = [
  {
    name: 'Maya Castillo',
    role: 'Chief Executive Officer',
    image: '/images/team/maya-castillo.svg',
    bio: 'Maya founded SunIn after twelve years developing commercial solar projects across the Sun Belt, where she saw good projects stall because the people who knew the business owners had no engineering, financing or installation team behind them. She built SunIn to give every sales partner that team. Before SunIn, Maya led business development for a regional EPC contractor and closed more than 60 MW of rooftop and carport projects for warehouses, schools and manufacturers. She holds an MBA from the University of Texas at Austin.',
  },
  {
    name: 'Daniel Okafor',
    role: 'Chief Engineering Officer',
    image: '/images/team/daniel-okafor.svg',
    bio: 'Daniel leads the engineering team that turns a utility bill into a bankable proposal in 48 hours. A licensed professional engineer, he has designed more than 400 commercial systems, from 50 kW retail rooftops to multi-megawatt ground mounts, and he wrote the design standards our installation partners build to. Daniel previously ran the design group of a national solar installer and started his career modelling interconnection studies for a Texas utility. He cares about one thing above all: production estimates that the meter later confirms.',
  },
  {
    name: 'Priya Raman',
    role: 'Head of Project Finance',
    image: '/images/team/priya-raman.svg',
    bio: "Priya structures the financing behind every SunIn project, from fixed-rate loans covering up to 100% of the system to elective pay timelines for non-profits. She spent a decade in renewable energy project finance, most recently underwriting commercial solar portfolios for a community development lender, and she knows the investment tax credit rules, including the energy community and domestic content bonuses, inside out. Priya makes sure that the cash flow analysis a partner presents is the one the client's CFO will sign.",
  },
  {
    name: 'Marcus Bell',
    role: 'Vice President, Partnerships',
    image: '/images/team/marcus-bell.svg',
    bio: 'Marcus runs the SunIn Partner Program: recruiting referral and sales partners, training them through SunIn School and making sure commissions are paid on time. He came to solar from fifteen years in commercial insurance sales, which taught him that business owners buy from people they trust, not from cold calls. Marcus has onboarded hundreds of partners, from independent consultants to electrical contractors adding solar to their services, and he still joins first client meetings whenever a new partner asks.',
  },
  {
    name: 'Elena Novak',
    role: 'Director of Installation Operations',
    image: '/images/team/elena-novak.svg',
    bio: 'Elena manages the network of licensed installation partners who build SunIn projects in California, Texas, Massachusetts, Nevada and Connecticut. She vets every installer, schedules site surveys, and keeps permits and utility interconnection moving so that projects reach switch-on when the proposal said they would. Elena spent nine years as a construction project manager for commercial rooftop and carport solar, and she has walked more roofs than she can count. Her rule: no surprises for the client on installation day.',
  },
];
