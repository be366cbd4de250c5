import { FACTS } from './facts';

export interface Service {
  id: string;
  title: string;
  teaser: string;
  /** The modal's long text, one string per paragraph. */
  body: string[];
  icon: 'credit' | 'nonprofit' | 'financing' | 'proposal' | 'install' | 'platform';
}

/** The six All-In-One Services tiles of the landing page (public-site-and-admin.md 2.3). */
export const SERVICES: Service[] = [
  {
    id: 'itc-commercial',
    title: 'ITC for Commercial Businesses',
    teaser: `Claim up to ${FACTS.itcBasePercent}% of the system cost back, plus bonus credits.`,
    icon: 'credit',
    body: [
      `The federal Investment Tax Credit (ITC) lets a business deduct up to ${FACTS.itcBasePercent}% of the cost of a solar system from its federal income tax. It applies to the whole installed cost: panels, inverters, racking, wiring, labour and, where they are part of the project, battery storage.`,
      `Two bonus credits can raise it further. A project located in an energy community (an area with a history of fossil fuel employment, or a closed coal mine or power plant nearby) adds ${FACTS.itcEnergyCommunityBonusPercent}%. A project that meets the domestic content rules for American-made steel, iron and components adds another ${FACTS.itcDomesticContentBonusPercent}%.`,
      'Our engineers check both bonuses for every site and design to capture them where they apply. Your proposal shows the credit in the cash flow analysis, and your tax adviser confirms it for your return; combined with accelerated depreciation, the credit often recovers a large share of the project cost in the first year.',
    ],
  },
  {
    id: 'itc-nonprofit',
    title: 'ITC for Non-Profits (Elective Pay)',
    teaser: 'Tax-exempt organisations receive the credit as a direct payment.',
    icon: 'nonprofit',
    body: [
      'Non-profits, schools, churches, municipalities and other tax-exempt organisations pay no income tax, so for years they could not use the solar tax credit. Elective pay (often called direct pay) changed that: the IRS now pays the value of the credit to the organisation directly.',
      `The same percentages apply: up to ${FACTS.itcBasePercent}% of the system cost, plus ${FACTS.itcEnergyCommunityBonusPercent}% in an energy community and ${FACTS.itcDomesticContentBonusPercent}% for domestic content. The organisation must pre-register the project with the IRS at least ${FACTS.electivePayPreRegistrationDays} days before it files the return that claims the payment.`,
      'SunIn plans the timeline with you from the first proposal, prepares the project documents the registration needs and coordinates with your accountant, so the payment arrives when the filing says it will.',
    ],
  },
  {
    id: 'financing',
    title: 'Tailored Financing',
    teaser: `Fixed-rate ${FACTS.financingRatePercent}% financing for up to ${FACTS.financingMaxPercent}% of the project.`,
    icon: 'financing',
    body: [
      `Most businesses would rather keep their cash working. SunIn arranges fixed-rate financing at ${FACTS.financingRatePercent}% that covers up to ${FACTS.financingMaxPercent}% of the project, so a system can be installed with no money down.`,
      `We size the loan term so that the monthly payment sits below the savings on the power bill wherever we can: the business is cash-flow positive from the first month, and once the loan is repaid, in a payback period that is typically ${FACTS.payback}, the electricity is close to free for the rest of the panels' ${FACTS.panelLife} life.`,
      'Cash purchase and other structures are available too; the proposal compares them side by side so that the owner or CFO can choose.',
    ],
  },
  {
    id: 'proposals',
    title: 'Proposals and Cash Flow Analysis',
    teaser: `A customised proposal within ${FACTS.proposalTurnaroundHours} hours of receiving the utility bill.`,
    icon: 'proposal',
    body: [
      `Send us the client's utility bill and our engineering team returns a customised proposal within ${FACTS.proposalTurnaroundHours} hours. It includes the system design and size, the expected production month by month, and the savings against the client's actual rate schedule.`,
      `The cash flow analysis shows what matters to a business owner: upfront cost, tax credits, financing payments, yearly savings (typically ${FACTS.savings} of the power bill) and the payback period, typically ${FACTS.payback}, over the full life of the system.`,
      'If the client asks for changes, a different roof, a carport or a smaller first phase, request a revision from the project page and the engineers update the design.',
    ],
  },
  {
    id: 'installation',
    title: 'Professional Installation',
    teaser: 'Licensed, vetted installers handle permits, interconnection and the build.',
    icon: 'install',
    body: [
      'Every SunIn project is built by a licensed installation partner that we have vetted for commercial work: safety record, workmanship, insurance and the ability to work around a business that stays open during construction.',
      'The installer runs the site survey, pulls the permits, builds the system and manages utility interconnection; our operations team keeps the schedule and keeps the client informed at every step.',
      `Panels are warranted for decades and last ${FACTS.panelLife}. After switch-on the system is monitored, and our installation partners provide operations and maintenance service for its whole life.`,
    ],
  },
  {
    id: 'platform',
    title: 'One Consolidated Platform',
    teaser: 'Every project, contact, document and proposal in one place.',
    icon: 'platform',
    body: [
      'SunIn brings design, engineering, financing, project management and installation together on one platform. Partners submit a project once and follow it through every stage: Project Initiation, Presentation Ready, Financing and Documentation, Site Survey and Finalization, and Project Completion.',
      'Contacts, site photos, utility bills, proposals and links live with the project, proposal requests and revisions are tracked ticket by ticket, and live notifications tell you the moment something changes.',
      'For the business owner this means one point of contact and no hand-offs lost between a salesperson, an engineer, a lender and an installer.',
    ],
  },
];
