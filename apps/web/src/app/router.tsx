import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { PUBLIC_PAGE_PATHS } from '@sunin/contract';
import { PageSpinner } from '../components/ui/spinner';
import type { ToastAreaHandle } from '../lib/toast-area';
import { RequireAdmin, RequireLoggedIn, RequirePartner } from './guards/guards';
import { SubscriptionGuard } from './guards/subscription-guard';
import { PUBLIC_PAGES } from './public-pages';
import { NotFoundPage } from './routes/not-found-page';
import { RouteErrorPage } from './routes/route-error-page';
import { PublicShell } from './shells/public-shell';
import { RootLayout } from './shells/root-layout';

/**
 * Every route of the app. Public pages and the auth pages share the public shell; the member
 * area sits behind guard 1 (logged in) and guard 2 (partner, admins included), the admin area
 * behind guard 3 (company_role full_access_admin), as in member-app.md 6. Pages load lazily.
 * A visit that starts on a prerendered public page does not run this router at all: that page
 * has its own lean entry (entry-public.tsx, docs/decisions/024-public-first-load.md); the
 * router serves everything else, and the public pages once the visitor is inside the app.
 */
// Toast durations follow the area (lib/toast-area.ts); pages under neither count as public.
const MEMBER_AREA: ToastAreaHandle = { toastArea: 'member' };
const ADMIN_AREA: ToastAreaHandle = { toastArea: 'admin' };

/** The prerendered public pages (public-pages.ts), as lazy routes of the public shell. */
function prerenderedPageRoutes(): RouteObject[] {
  return PUBLIC_PAGE_PATHS.map((path) => {
    const lazy = async () => ({ Component: await PUBLIC_PAGES[path]() });
    return path === '/' ? { index: true, lazy } : { path: path.slice(1), lazy };
  });
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      {
        element: (
          <PublicShell>
            <Outlet />
          </PublicShell>
        ),
        errorElement: <RouteErrorPage />,
        children: [
          ...prerenderedPageRoutes(),
          {
            path: 'upgradesubscription',
            lazy: async () => ({ Component: (await import('../features/public-site/routes/upgrade-subscription-page')).UpgradeSubscriptionPage }),
          },
          {
            path: 'request-password-reset',
            lazy: async () => ({
              Component: (await import('../features/auth/routes/request-password-reset-page')).RequestPasswordResetPage,
            }),
          },
          {
            path: 'password-reset-form/:reset_password_token',
            lazy: async () => ({ Component: (await import('../features/auth/routes/password-reset-page')).PasswordResetPage }),
          },
          {
            path: 'verify_email',
            lazy: async () => ({ Component: (await import('../features/auth/routes/verify-email-page')).VerifyEmailPage }),
          },
          {
            // An email's unsubscribe link (issue 18 item 4): public, and not prerendered (it reads its token).
            path: 'unsubscribe',
            lazy: async () => ({ Component: (await import('../features/notifications/routes/unsubscribe-page')).UnsubscribePage }),
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        // The customer's proposal link (issue 36): public, outside the public shell and the
        // sign-in guards, with its own header (the partner's brand beside SunIn's).
        path: 'p/:token',
        errorElement: <RouteErrorPage />,
        lazy: async () => ({ Component: (await import('../features/customer-share/routes/customer-share-page')).CustomerSharePage }),
      },
      {
        element: <RequireLoggedIn />,
        children: [
          {
            // /home, /profile, and later /sunin-school and /activating-now (member-app.md 6).
            // Sales partners without a paying subscription go to /checkout (subscription-guard.tsx).
            element: (
              <SubscriptionGuard>
                <RequirePartner />
              </SubscriptionGuard>
            ),
            children: [
              {
                lazy: async () => ({ Component: (await import('./shells/member-shell')).MemberShell }),
                errorElement: <RouteErrorPage />,
                handle: MEMBER_AREA,
                children: [
                  { path: 'home', lazy: async () => ({ Component: (await import('./routes/home-page')).HomePage }) },
                  // Billing (issue 6): open to sales partners who have not paid yet.
                  { path: 'checkout', lazy: async () => ({ Component: (await import('../features/billing/routes/checkout-page')).CheckoutPage }) },
                  { path: 'activating-now', lazy: async () => ({ Component: (await import('../features/billing/routes/activating-now-page')).ActivatingNowPage }) },
                  { path: 'billing', lazy: async () => ({ Component: (await import('../features/billing/routes/billing-page')).BillingPage }) },
                  // /projects and its sub-routes (member-app.md 2 and 6), inside the same shell.
                  {
                    path: 'projects',
                    lazy: async () => ({ Component: (await import('../features/projects/routes/projects-page')).ProjectsPage }),
                  },
                  {
                    path: 'projects/:id',
                    lazy: async () => ({ Component: (await import('../features/projects/routes/project-page')).ProjectPage }),
                  },
                  {
                    path: 'projects/:id/contacts/:contactId',
                    lazy: async () => ({ Component: (await import('../features/projects/routes/contact-page')).ContactPage }),
                  },
                  {
                    path: 'notifications',
                    lazy: async () => ({ Component: (await import('../features/notifications/routes/notifications-page')).NotificationsPage }),
                  },
                  {
                    path: 'profile',
                    lazy: async () => ({ Component: (await import('../features/users/routes/profile-page')).ProfilePage }),
                  },
                  // Partner earnings and analytics (issue 17), in the sidebar after the spec's Home and Projects.
                  { path: 'earnings', lazy: async () => ({ Component: (await import('../features/earnings/routes/earnings-page')).EarningsPage }) },
                  // The local payout provider's bank account page (issue 38 item 2).
                  { path: 'earnings/payout-account', lazy: async () => ({ Component: (await import('../features/earnings/routes/payout-account-page')).PayoutAccountPage }) },
                  // The partner's referral link and leads (issue 39).
                  { path: 'referrals', lazy: async () => ({ Component: (await import('../features/referrals/routes/referrals-page')).ReferralsPage }) },
                  { path: 'analytics', lazy: async () => ({ Component: (await import('../features/analytics/routes/analytics-page')).AnalyticsPage }) },
                  // The member's webhook endpoints and their delivery logs (issue 40 item 3); administrators reach them from their sidebar.
                  { path: 'webhooks', lazy: async () => ({ Component: (await import('../features/webhooks/routes/webhooks-page')).WebhooksPage }) },
                  { path: 'webhooks/:id', lazy: async () => ({ Component: (await import('../features/webhooks/routes/webhook-endpoint-page')).WebhookEndpointPage }) },
                  {
                    path: 'sunin-school',
                    lazy: async () => ({ Component: (await import('../features/training/routes/training-page')).TrainingPage }),
                  },
                ],
              },
              // The estimate's print view (issue 16): a page of its own, without the shell.
              {
                path: 'projects/:id/estimate',
                errorElement: <RouteErrorPage />,
                lazy: async () => ({ Component: (await import('../features/projects/routes/estimate-print-page')).EstimatePrintPage }),
              },
            ],
          },
          {
            path: 'admin',
            element: <RequireAdmin />,
            handle: ADMIN_AREA,
            children: [
              {
                path: 'projects/:id/estimate',
                errorElement: <RouteErrorPage />,
                lazy: async () => ({ Component: (await import('./routes/admin-project-page')).AdminEstimatePrintRoute }),
              },
              {
                // Admin area (issue 5, public-site-and-admin.md 2.10), inside the admin shell.
                lazy: async () => ({ Component: (await import('./shells/admin-shell')).AdminShell }),
                errorElement: <RouteErrorPage />,
                children: [
                  {
                    index: true,
                    lazy: async () => ({ Component: (await import('../features/admin/routes/proposal-management-page')).ProposalManagementPage }),
                  },
                  {
                    path: 'proposal-management',
                    lazy: async () => ({ Component: (await import('../features/admin/routes/proposal-management-page')).ProposalManagementPage }),
                  },
                  { path: 'all-users', lazy: async () => ({ Component: (await import('../features/admin/routes/all-users-page')).AllUsersPage }) },
                  { path: 'all-users/:id', lazy: async () => ({ Component: (await import('../features/admin/routes/user-detail-page')).UserDetailPage }) },
                  { path: 'all-projects', lazy: async () => ({ Component: (await import('../features/admin/routes/all-projects-page')).AllProjectsPage }) },
                  { path: 'board', lazy: async () => ({ Component: (await import('../features/admin/routes/board-page')).BoardPage }) },
                  { path: 'projects/:id', lazy: async () => ({ Component: (await import('./routes/admin-project-page')).AdminProjectRoute }) },
                  {
                    path: 'notifications',
                    lazy: async () => ({ Component: (await import('../features/notifications/routes/notifications-page')).NotificationsPage }),
                  },
                  { path: 'payables', lazy: async () => ({ Component: (await import('../features/admin/routes/payables-page')).PayablesPage }) },
                  { path: 'earnings-settings', lazy: async () => ({ Component: (await import('../features/admin/routes/earnings-settings-page')).EarningsSettingsPage }) },
                  { path: 'payout-settings', lazy: async () => ({ Component: (await import('../features/admin/routes/payout-settings-page')).PayoutSettingsPage }) },
                  { path: 'analytics', lazy: async () => ({ Component: (await import('../features/analytics/routes/admin-analytics-page')).AdminAnalyticsPage }) },
                  // The leads queue and the referral settings (issue 39).
                  { path: 'leads', lazy: async () => ({ Component: (await import('../features/admin/routes/leads-page')).LeadsPage }) },
                  { path: 'referral-settings', lazy: async () => ({ Component: (await import('../features/admin/routes/referral-settings-page')).ReferralSettingsPage }) },
                  { path: 'estimate-settings', lazy: async () => ({ Component: (await import('../features/admin/routes/estimate-settings-page')).EstimateSettingsPage }) },
                  { path: 'tariffs', lazy: async () => ({ Component: (await import('../features/admin/routes/tariffs-page')).TariffsPage }) },
                  { path: 'tariffs/new', lazy: async () => ({ Component: (await import('../features/admin/routes/tariff-editor-page')).TariffEditorPage }) },
                  { path: 'tariffs/:id', lazy: async () => ({ Component: (await import('../features/admin/routes/tariff-editor-page')).TariffEditorPage }) },
                  { path: 'stall-settings', lazy: async () => ({ Component: (await import('../features/admin/routes/stall-settings-page')).StallSettingsPage }) },
                  { path: 'all-accounts', lazy: async () => ({ Component: (await import('../features/admin/routes/all-accounts-page')).AllAccountsPage }) },
                  { path: 'accounts/:id', lazy: async () => ({ Component: (await import('../features/admin/routes/account-page')).AccountPage }) },
                  { path: 'referrals/:id', lazy: async () => ({ Component: (await import('../features/admin/routes/referral-page')).ReferralPage }) },
                  {
                    path: '*',
                    lazy: async () => ({ Component: (await import('../features/admin/routes/coming-soon-page')).ComingSoonPage }),
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
