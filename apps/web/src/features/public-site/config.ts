/**
 * Contact details of the public site (public-site-and-admin.md 2.3: the /contact email is a
 * placeholder, "{email}", so it is configuration). Vite `VITE_*` variables, read once here.
 */
const env = import.meta.env as Record<string, string | undefined>;

/** The general contact address shown on /contact and /contact-us. */
export const CONTACT_EMAIL: string = env.VITE_CONTACT_EMAIL || 'hello@sunin.example';

/** One address per topic of /contact-us; each falls back to the general address's domain. */
export const CONTACT_TOPIC_EMAILS = {
  businessQuote: env.VITE_QUOTES_EMAIL || 'quotes@sunin.example',
  membership: env.VITE_PARTNERS_EMAIL || 'partners@sunin.example',
  installers: env.VITE_INSTALLERS_EMAIL || 'installers@sunin.example',
  general: CONTACT_EMAIL,
} as const;

/** The city/state/zip line of /contact. */
export const OFFICE_LOCATION: string = env.VITE_OFFICE_LOCATION || 'Austin, TX 78701';
