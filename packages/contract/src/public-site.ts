/**
 * The public pages of public-site-and-admin.md 2.1 and 2.3 that are prerendered at build time
 * and listed in /sitemap.xml. The gallery's path is ours (the spec names no route for it).
 */
export const PUBLIC_PAGE_PATHS = [
  '/',
  '/pricing',
  '/team',
  '/mission',
  '/services',
  '/solar',
  '/platform',
  '/memberfaq',
  '/businessfaq',
  '/contact',
  '/contact-us',
  '/gallery',
  '/terms-of-service',
  '/privacy-policy',
  '/signup',
  '/login',
] as const;
export type PublicPagePath = (typeof PUBLIC_PAGE_PATHS)[number];

/** A training video of /sunin-school (public-site-and-admin.md 2.4); sources come from config. */
export interface TrainingVideo {
  id: string;
  title: string;
  category: 'getting-started' | 'platform';
  src: string;
}
