import { Link, Outlet } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { Logo } from '../../components/ui/logo';

/** Header (Login, Sign Up) and footer of the public pages and the auth pages. */
export function PublicShell() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        Skip to content
      </a>
      <header className="border-b border-ink-200 bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4">
          <Logo />
          <nav aria-label="Account" className="flex items-center gap-2">
            <Link to="/login" className={buttonClasses('ghost')}>
              Login
            </Link>
            <Link to="/signup" className={buttonClasses('primary')}>
              Sign Up
            </Link>
          </nav>
        </div>
      </header>
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <footer className="border-t border-ink-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 text-sm text-ink-600 sm:flex-row sm:items-center sm:justify-between">
          <p>© {new Date().getFullYear()} SunIn. Commercial solar, made simple.</p>
          <nav aria-label="Legal" className="flex gap-4">
            <Link to="/terms-of-service" className="hover:text-ink-900 hover:underline">
              Terms of Service
            </Link>
            <Link to="/privacy-policy" className="hover:text-ink-900 hover:underline">
              Privacy Policy
            </Link>
          </nav>
        </div>
      </footer>
    </div>
  );
}
