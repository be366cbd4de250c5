import type { ComponentType } from 'react';
import type { PublicPagePath } from '@sunin/contract';

/**
 * The prerendered public pages (the contract's PUBLIC_PAGE_PATHS) and how to load each one's
 * component: the router's lazy routes, the prerender (entry-server.tsx) and the public pages'
 * own browser entry (entry-public.tsx) all read this one list.
 */
export const PUBLIC_PAGES: Record<PublicPagePath, () => Promise<ComponentType>> = {
  '/': async () => (await import('../features/public-site/routes/landing-page')).LandingPage,
  '/pricing': async () => (await import('../features/public-site/routes/pricing-page')).PricingPage,
  '/team': async () => (await import('../features/public-site/routes/team-page')).TeamPage,
  '/mission': async () => (await import('../features/public-site/routes/mission-page')).MissionPage,
  '/services': async () => (await import('../features/public-site/routes/services-page')).ServicesPage,
  '/solar': async () => (await import('../features/public-site/routes/solar-page')).SolarPage,
  '/platform': async () => (await import('../features/public-site/routes/platform-page')).PlatformPage,
  '/memberfaq': async () => (await import('../features/public-site/routes/member-faq-page')).MemberFaqPage,
  '/businessfaq': async () => (await import('../features/public-site/routes/business-faq-page')).BusinessFaqPage,
  '/contact': async () => (await import('../features/public-site/routes/contact-page')).ContactPage,
  '/contact-us': async () => (await import('../features/public-site/routes/contact-us-page')).ContactUsPage,
  '/gallery': async () => (await import('../features/public-site/routes/gallery-page')).GalleryPage,
  '/terms-of-service': async () => (await import('../features/public-site/routes/terms-of-service-page')).TermsOfServicePage,
  '/privacy-policy': async () => (await import('../features/public-site/routes/privacy-policy-page')).PrivacyPolicyPage,
  '/signup': async () => (await import('../features/auth/routes/signup-page')).SignupPage,
  '/login': async () => (await import('../features/auth/routes/login-page')).LoginPage,
  '/free-estimate': async () => (await import('../features/referrals/routes/free-estimate-page')).FreeEstimatePage,
};

/** The page of `pathname`, when it is one of the prerendered public pages. */
export function publicPageLoader(pathname: string): (() => Promise<ComponentType>) | undefined {
  return Object.hasOwn(PUBLIC_PAGES, pathname) ? PUBLIC_PAGES[pathname as PublicPagePath] : undefined;
}
