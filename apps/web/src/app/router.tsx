import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/ui/spinner';
import { RequireAdmin, RequireLoggedIn, RequirePartner } from './guards/guards';
import { NotFoundPage } from './routes/not-found-page';
import { RouteErrorPage } from './routes/route-error-page';
import { PublicShell } from './shells/public-shell';
import { RootLayout } from './shells/root-layout';

/**
 * Every route of the app. Public pages and the auth pages share the public shell; the member
 * area sits behind guard 1 (logged in) and guard 2 (partner, admins included), the admin area
 * behind guard 3 (company_role full_access_admin), as in member-app.md 6. Pages load lazily so
 * that public visitors do not download the member area.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      {
        element: <PublicShell />,
        errorElement: <RouteErrorPage />,
        children: [
          {
            index: true,
            lazy: async () => ({ Component: (await import('../features/public-site/routes/landing-page')).LandingPage }),
          },
          {
            path: 'terms-of-service',
            lazy: async () => ({ Component: (await import('../features/public-site/routes/terms-of-service-page')).TermsOfServicePage }),
          },
          {
            path: 'privacy-policy',
            lazy: async () => ({ Component: (await import('../features/public-site/routes/privacy-policy-page')).PrivacyPolicyPage }),
          },
          {
            path: 'login',
            lazy: async () => ({ Component: (await import('../features/auth/routes/login-page')).LoginPage }),
          },
          {
            path: 'signup',
            lazy: async () => ({ Component: (await import('../features/auth/routes/signup-page')).SignupPage }),
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
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        element: <RequireLoggedIn />,
        children: [
          {
            // /home, /profile, and later /sunin-school and /activating-now (member-app.md 6).
            element: <RequirePartner />,
            children: [
              {
                lazy: async () => ({ Component: (await import('./shells/member-shell')).MemberShell }),
                errorElement: <RouteErrorPage />,
                children: [
                  { path: 'home', lazy: async () => ({ Component: (await import('./routes/home-page')).HomePage }) },
                  {
                    path: 'profile',
                    lazy: async () => ({ Component: (await import('../features/users/routes/profile-page')).ProfilePage }),
                  },
                ],
              },
            ],
          },
          {
            path: 'admin',
            element: <RequireAdmin />,
            children: [
              {
                index: true,
                lazy: async () => ({ Component: (await import('../features/admin/routes/coming-soon-page')).ComingSoonPage }),
              },
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
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
