/*
 * The plain values of referrals (issue 39): no zod here, so a prerendered public page (the
 * business owner's form at FREE_ESTIMATE_PATH) can name them and stay within its first-load
 * budget (decision 024). The schemas are in referrals.ts, which re-exports these.
 */

/** The member page of a partner's link, leads and rules, and the public form's page. */
export const REFERRALS_PATH = '/referrals';
export const FREE_ESTIMATE_PATH = '/free-estimate';
export const FREE_ESTIMATE_TITLE = 'Get your free solar savings estimate';
/** The first-party attribution cookie `/r/{code}` sets: the click's id, for the attribution window. */
export const REFERRAL_COOKIE = 'sunin_ref';

/** Messages of the lead rules, word for word on the server and the Referrals page. */
export const LEAD_MESSAGES = {
  site_registered: 'This site is already registered to another partner.',
  site_registered_by_you: 'You have already registered this site.',
  site_requested: 'The business at this site has already asked SunIn for an estimate.',
  site_is_project: 'This site is already a project.',
  registrationLimit: (limit: number) =>
    `You have ${limit} open registrations, the most allowed. One frees up when a registration converts, is rejected or expires.`,
  formRefused: 'We could not accept this form. Please wait a moment and send it again.',
  tooManyForms: 'Too many estimate requests from here. Please try again later.',
  convertNeedsPartner: 'This lead belongs to no partner: choose the partner who will own the project.',
  notOpen: 'Only a new or contacted lead can be changed.',
  uploadExpired: 'The time to add a usage file to this request has passed.',
} as const;
