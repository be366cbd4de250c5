import { FACTS, usd } from './facts';

export interface FaqItem {
  question: string;
  answer: string;
}

/** /memberfaq: partnership FAQs (public-site-and-admin.md 1, "FAQ copy states"). */
export const PARTNER_FAQS: FaqItem[] = [
  {
    question: 'What is the SunIn Partner Program?',
    answer:
      'SunIn partners bring commercial solar to the businesses they know. You introduce the opportunity; our engineers, financing team and installation partners do the design, the numbers and the build. Every project is tracked in the SunIn platform from first contact to switch-on.',
  },
  {
    question: 'Which partner plans are available?',
    answer: `Three. The Referral Partner plan is free. The Sales Partner plan costs $${FACTS.salesMonthlyUsd}/month (or ${usd(FACTS.salesYearlyUsd)} a year) and includes the full sales platform. Enterprise plans are custom-built for sales teams and are coming soon.`,
  },
  {
    question: 'How much can a Sales Partner earn?',
    answer: `Sales Partners run their deals end to end and earn up to ${FACTS.salesFaqProfitPercent}% of profit per deal. You present the proposal, guide the client through financing and stay involved until the system is installed.`,
  },
  {
    question: 'How do Referral Partners get paid?',
    answer: `Referral Partners earn per qualified lead: up to ${FACTS.referralProfitPercent}% of the project's profit, paid once the project closes, with a minimum payout of ${usd(FACTS.referralMinimumPayoutUsd)}. You are not involved in the sales cycle; we keep you posted as the project moves forward.`,
  },
  {
    question: 'Do I need solar experience?',
    answer: `No. Send us the client's utility bill and our engineering team returns a customised proposal within ${FACTS.proposalTurnaroundHours} hours, with the system design, the savings and the cash flow analysis ready to present. SunIn School, the training library inside the portal, walks you through the platform.`,
  },
  {
    question: 'What does the platform include?',
    answer:
      'Project intake and management, dynamic proposal generation, utility and site data capture, a sales pipeline with live status tracking, and document and asset management: every contact, photo, bill and proposal of a project in one place.',
  },
  {
    question: 'Can I move from Referral Partner to Sales Partner later?',
    answer:
      'Yes. Log in and open the upgrade page; your projects and referrals stay with you, and the Sales Partner subscription starts when you complete checkout.',
  },
  {
    question: 'Can I cancel my Sales Partner subscription?',
    answer:
      'Yes, at any time from the billing portal linked on your profile. Your subscription stays active until the end of the period you have paid for.',
  },
];

/** /businessfaq: commercial business FAQs (public-site-and-admin.md 1 and 9). */
export const BUSINESS_FAQS: FaqItem[] = [
  {
    question: 'How much can my business save with solar?',
    answer: `Commercial solar typically cuts a business's electricity costs by ${FACTS.savings}. The exact figure depends on your rates, your usage and your roof or land; your proposal shows it month by month.`,
  },
  {
    question: 'How long is the payback period?',
    answer: `Most commercial systems pay for themselves in ${FACTS.payback}, after which the power they produce is close to free for the rest of the panels' life.`,
  },
  {
    question: 'Which tax credits can we claim?',
    answer: `The federal Investment Tax Credit (ITC) covers up to ${FACTS.itcBasePercent}% of the system's cost. Projects in an energy community can add ${FACTS.itcEnergyCommunityBonusPercent}%, and projects that meet the domestic content rules another ${FACTS.itcDomesticContentBonusPercent}%. Your tax adviser confirms what applies to your business.`,
  },
  {
    question: 'We are a non-profit. Can we benefit from the tax credit?',
    answer: `Yes, through elective pay ("direct pay"): tax-exempt organisations receive the value of the credit as a payment from the IRS. You must pre-register the project at least ${FACTS.electivePayPreRegistrationDays} days before you file; we help you plan the timeline.`,
  },
  {
    question: 'How can we finance a system?',
    answer: `We arrange fixed-rate financing at ${FACTS.financingRatePercent}% covering up to ${FACTS.financingMaxPercent}% of the project, so many businesses go solar with no money down and a monthly payment below their current power bill.`,
  },
  {
    question: 'How long do solar panels last?',
    answer: `Commercial panels last ${FACTS.panelLife}, and manufacturers warrant their output for most of that time. Inverters are typically replaced once during the system's life; your proposal budgets for it.`,
  },
  {
    question: 'How quickly do we get a proposal?',
    answer: `Within ${FACTS.proposalTurnaroundHours} hours of receiving your utility bill, our engineering team sends a customised proposal: system size, production, savings, incentives and a cash flow analysis.`,
  },
  {
    question: 'Who installs the system?',
    answer:
      'Licensed, vetted installation partners in your state. They handle the site survey, permits, utility interconnection and the installation itself, and we manage the project until the system is producing.',
  },
];
