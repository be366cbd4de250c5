import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../lib/document-title';

/** Any /admin path without a screen (public-site-and-admin.md 2.10), inside the admin shell. */
export function ComingSoonPage() {
  useDocumentTitle('Coming Soon');
  return (
    <section className="flex flex-col items-center justify-center px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-ink-900">Coming Soon</h1>
      <p className="mt-3 max-w-md text-ink-600">This part of the Admin Portal is on its way.</p>
      <Link to="/admin" className={buttonClasses('primary', 'mt-8')}>
        Back to Proposal Requests
      </Link>
    </section>
  );
}
