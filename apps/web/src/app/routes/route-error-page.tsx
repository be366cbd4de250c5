import { useEffect } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button';
import { useDocumentTitle } from '../../lib/document-title';
import { NotFoundPage } from './not-found-page';

/** Rendered when a route throws or a lazy chunk fails to load (for example after a deploy). */
export function RouteErrorPage() {
  useDocumentTitle('Something went wrong');
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);

  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;

  return (
    <div role="alert" className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <h1 className="text-3xl font-bold text-ink-900">Something went wrong</h1>
      <p className="mt-3 text-ink-600">Please reload the page. If the problem continues, try again in a few minutes.</p>
      <div className="mt-8 flex gap-3">
        <Button onClick={() => window.location.reload()}>Reload</Button>
        <Link to="/" className={buttonClasses('secondary')}>
          Go to the start page
        </Link>
      </div>
    </div>
  );
}
