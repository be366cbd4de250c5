import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { Logo } from '../../../components/ui/logo';
import { useDocumentTitle } from '../../../lib/document-title';

/** Every /admin path until the administrator area arrives (public-site-and-admin.md 2.10). */
export function ComingSoonPage() {
  useDocumentTitle('Admin Portal');
  return (
    <main id="main" className="flex min-h-dvh flex-col items-center justify-center px-4 text-center">
      <Logo to="/home" />
      <h1 className="mt-8 text-3xl font-bold text-ink-900">Coming Soon</h1>
      <p className="mt-3 max-w-md text-ink-600">The Admin Portal is on its way. Until then, the member area has everything you need.</p>
      <Link to="/home" className={buttonClasses('primary', 'mt-8')}>
        Back to Home
      </Link>
    </main>
  );
}
