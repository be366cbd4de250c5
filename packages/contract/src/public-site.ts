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
  '/free-estimate',
] as const;
export type PublicPagePath = (typeof PUBLIC_PAGE_PATHS)[number];

/**
 * What the build writes where a prerendered page needs the site's absolute address (canonical
 * link, Open Graph, JSON-LD): the server puts its APP_URL there (issue 20 item 5).
 */
export const SITE_URL_PLACEHOLDER = 'https://__sunin_site_url__.invalid';

/**
 * Every other address the web app answers (apps/web/src/app/router.tsx; a web test keeps the
 * two equal): `:name` is one path segment, a final `*` anything below. The server answers these
 * and the public pages with 200 and any other address with 404 and the not-found page (issue 20
 * item 4).
 */
export const WEB_APP_ROUTES = [
  '/upgradesubscription',
  '/request-password-reset',
  '/password-reset-form/:reset_password_token',
  '/verify_email',
  '/unsubscribe',
  '/p/:token',
  '/home',
  '/checkout',
  '/activating-now',
  '/billing',
  '/projects',
  '/projects/:id',
  '/projects/:id/contacts/:contactId',
  '/notifications',
  '/profile',
  '/earnings',
  '/earnings/payout-account',
  '/referrals',
  '/analytics',
  '/sunin-school',
  '/webhooks',
  '/webhooks/:id',
  '/projects/:id/estimate',
  '/admin',
  '/admin/*',
] as const;

const WEB_APP_ROUTE_PATTERNS = WEB_APP_ROUTES.map(
  (route) =>
    new RegExp(
      `^${route
        .split('/')
        .map((segment) => (segment === '*' ? '.*' : segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('/')}$`,
      // React Router matches paths without regard to case.
      'i',
    ),
);

/** Whether the web app has a page at this path (a public page or one of WEB_APP_ROUTES); a trailing slash is ignored. */
export function isWebAppPath(path: string): boolean {
  const bare = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if ((PUBLIC_PAGE_PATHS as readonly string[]).includes(bare.toLowerCase())) return true;
  return WEB_APP_ROUTE_PATTERNS.some((pattern) => pattern.test(bare));
}

/** A training video of /sunin-school (public-site-and-admin.md 2.4); sources come from config. */
export interface TrainingVideo {
  id: string;
  title: string;
  category: 'getting-started' | 'platform';
  src: string;
}

/**
 * The six videos of /sunin-school (public-site-and-admin.md 2.4), each a file under the
 * deployment's TRAINING_VIDEO_BASE_URL. The server offers them when that is set; the page names
 * them as what the training covers when it is not (issue 34 item 7).
 */
export const TRAINING_VIDEO_CATALOG: ReadonlyArray<Omit<TrainingVideo, 'src'> & { file: string; covers: string }> = [
  { id: 'start-here', title: 'Start Here', category: 'getting-started', file: 'start-here.mp4', covers: 'your first login and how SunIn works with you' },
  { id: 'accounts', title: 'Accounts', category: 'platform', file: 'accounts.mp4', covers: 'your account, profile and plan' },
  { id: 'creating-a-project', title: 'Creating a Project', category: 'platform', file: 'creating-a-project.mp4', covers: 'the New Project form, from the company to the utility bill' },
  { id: 'navigating-a-project', title: 'Navigating a Project', category: 'platform', file: 'navigating-a-project.mp4', covers: 'the project page, its tabs and its stages' },
  { id: 'requesting-a-proposal-1', title: 'Requesting a proposal 1/2', category: 'platform', file: 'requesting-a-proposal-1.mp4', covers: 'what a proposal request needs' },
  { id: 'requesting-a-proposal-2', title: 'Requesting a proposal 2/2', category: 'platform', file: 'requesting-a-proposal-2.mp4', covers: 'following the request to the proposal, and revisions' },
];

/** The setting that turns the training videos on (docs and the admin's empty state name it). */
export const TRAINING_VIDEO_SETTING = 'TRAINING_VIDEO_BASE_URL';
