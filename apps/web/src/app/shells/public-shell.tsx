import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { FREE_ESTIMATE_PATH } from '@sunin/contract';
import social from 'virtual:brand-content/social';
import { buttonClasses } from '../../components/ui/button';
import { Logo } from '../../components/ui/logo';
import { HeaderMenu } from './header-menu';
import { SocialLinks } from './social-links';

interface NavLinkItem {
  to: string;
  label: string;
}

interface NavGroup {
  label: string;
  links: NavLinkItem[];
}

/** The header menus of public-site-and-admin.md 2.2. */
const MENUS: NavGroup[] = [
  {
    label: 'Businesses',
    links: [
      { to: FREE_ESTIMATE_PATH, label: 'Free savings estimate' },
      { to: '/mission', label: 'Our Mission' },
      { to: '/businessfaq', label: 'Business FAQs' },
      { to: '/team', label: 'Our Team' },
    ],
  },
  {
    label: 'Members',
    links: [
      { to: '/platform', label: 'The Platform' },
      { to: '/memberfaq', label: 'Partner FAQs' },
      { to: '/pricing', label: 'Pricing' },
    ],
  },
];

/** Request a Quote, Contact Us and Become an Install Partner all lead to /contact-us. */
const CONTACT_LINKS: NavLinkItem[] = [
  { to: '/contact-us', label: 'Request a Quote' },
  { to: '/contact-us', label: 'Contact Us' },
  { to: '/contact-us', label: 'Become an Install Partner' },
];

const ACCOUNT_LINKS: NavLinkItem[] = [
  { to: '/login', label: 'Login' },
  { to: '/signup', label: 'Sign Up' },
];

/** Pages reached from the footer only (they are not in the header menus). */
const EXPLORE_LINKS: NavLinkItem[] = [
  { to: '/services', label: 'Services' },
  { to: '/solar', label: 'Why Commercial Solar' },
  { to: '/gallery', label: 'Project Gallery' },
  { to: '/contact', label: 'Get in Touch' },
];

const LEGAL_LINKS: NavLinkItem[] = [
  { to: '/terms-of-service', label: 'Terms of Service' },
  { to: '/privacy-policy', label: 'Privacy Policy' },
];

function MenuIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <path className="group-data-open:hidden" d="M4 7h16M4 12h16M4 17h16" />
      <path className="hidden group-data-open:block" d="M6 6l12 12M18 6 6 18" />
    </svg>
  );
}

/**
 * Below md the header collapses into this disclosure with every link of the header: a button
 * with aria-expanded whose panel exists only while open; following a link closes it.
 */
function MobileMenu() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const close = () => setOpen(false);
  const linkClasses = 'block rounded-lg px-3 py-2 text-base font-medium text-ink-800 hover:bg-ink-100';
  return (
    <div className="md:hidden">
      <button
        type="button"
        aria-label="Menu"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        data-open={open ? '' : undefined}
        onClick={() => setOpen(!open)}
        className="group -mr-2 inline-flex size-11 items-center justify-center rounded-lg text-ink-700 hover:bg-ink-100"
      >
        <MenuIcon />
      </button>
      {open && (
        <div id={panelId} className="absolute inset-x-0 top-full z-40 max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-ink-200 bg-white shadow-lg">
          <nav aria-label="Mobile" className="mx-auto max-w-6xl px-4 py-4">
            {MENUS.map((group) => (
              <div key={group.label} className="border-b border-ink-100 pb-3 mb-3">
                <p className="px-3 pb-1 text-xs font-semibold tracking-wide text-ink-600 uppercase">{group.label}</p>
                {group.links.map((link) => (
                  <Link key={link.to} to={link.to} onClick={close} className={linkClasses}>
                    {link.label}
                  </Link>
                ))}
              </div>
            ))}
            {CONTACT_LINKS.map((link) => (
              <Link key={link.label} to={link.to} onClick={close} className={linkClasses}>
                {link.label}
              </Link>
            ))}
            <div className="mt-4 grid grid-cols-2 gap-3">
              <Link to="/login" onClick={close} className={buttonClasses('secondary')}>
                Login
              </Link>
              <Link to="/signup" onClick={close} className={buttonClasses('primary')}>
                Sign Up
              </Link>
            </div>
          </nav>
        </div>
      )}
    </div>
  );
}

function FooterColumn({ title, links }: { title: string; links: NavLinkItem[] }) {
  return (
    <div>
      <h2 className="text-sm font-semibold text-ink-900">{title}</h2>
      <ul className="mt-3 space-y-2">
        {links.map((link) => (
          <li key={link.label}>
            <Link to={link.to} className="text-sm text-ink-600 hover:text-ink-900 hover:underline">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The layout of the public pages and the auth pages (public-site-and-admin.md 2.2): a header
 * with the Businesses and Members menus, the three contact links, Login and Sign Up (a
 * disclosure menu below md), and a footer that repeats every link. The page comes as children:
 * the router puts its Outlet there, the public pages' own entry (entry-public.tsx) the page.
 */
export function PublicShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        Skip to content
      </a>
      <header className="relative z-30 border-b border-ink-200 bg-white">
        <div className="hidden bg-ink-900 md:block">
          <nav aria-label="Contact" className="mx-auto flex h-9 max-w-6xl items-center justify-end gap-6 px-4 text-sm">
            {CONTACT_LINKS.filter((link) => link.label !== 'Contact Us').map((link) => (
              <Link key={link.label} to={link.to} className="font-medium text-ink-100 hover:text-white hover:underline">
                {link.label}
              </Link>
            ))}
          </nav>
        </div>
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4">
          <Logo />
          <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
            {MENUS.map((group) => (
              <HeaderMenu key={group.label} label={group.label} links={group.links} />
            ))}
            <Link to="/contact-us" className="inline-flex min-h-10 items-center rounded-lg px-3 py-2 text-sm font-semibold text-ink-700 hover:bg-ink-100 hover:text-ink-900">
              Contact Us
            </Link>
          </nav>
          <div className="flex items-center gap-2">
            <nav aria-label="Account" className="hidden items-center gap-2 sm:flex">
              <Link to="/login" className={buttonClasses('ghost')}>
                Login
              </Link>
              <Link to="/signup" className={buttonClasses('primary')}>
                Sign Up
              </Link>
            </nav>
            <MobileMenu />
          </div>
        </div>
      </header>
      {/* Links inside running text are underlined: colour alone does not set them apart (WCAG 1.4.1). */}
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none [&_p_a]:underline [&_p_a]:underline-offset-2">
        {children}
      </main>
      <footer className="border-t border-ink-200 bg-white">
        <div className="mx-auto grid max-w-6xl grid-cols-2 gap-8 px-4 py-10 lg:grid-cols-[1.4fr_repeat(4,1fr)]">
          <div className="col-span-2 lg:col-span-1">
            <Logo />
            <p className="mt-3 max-w-xs text-sm text-ink-600">
              Design, engineering, financing and installation for commercial solar, and the platform that brings partners and businesses together.
            </p>
            <SocialLinks links={social} />
          </div>
          {MENUS.map((group) => (
            <FooterColumn key={group.label} title={group.label} links={group.links} />
          ))}
          <FooterColumn title="Contact" links={CONTACT_LINKS} />
          <FooterColumn title="Explore" links={[...EXPLORE_LINKS, ...ACCOUNT_LINKS]} />
        </div>
        <div className="border-t border-ink-200">
          <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 text-sm text-ink-600 sm:flex-row sm:items-center sm:justify-between">
            {/* The year comes from the clock: the prerendered HTML may be from last year. */}
            <p suppressHydrationWarning>© {new Date().getFullYear()} SunIn. Commercial solar, made simple.</p>
            <nav aria-label="Legal" className="flex gap-4">
              {LEGAL_LINKS.map((link) => (
                <Link key={link.to} to={link.to} className="hover:text-ink-900 hover:underline">
                  {link.label}
                </Link>
              ))}
            </nav>
          </div>
        </div>
      </footer>
    </div>
  );
}
