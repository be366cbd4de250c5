import { Link } from 'react-router';
import { BILLING_MESSAGES } from '@sunin/contract';
import { buttonClasses } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { SUPPORT_EMAIL } from '../../../lib/config';
import { useDocumentTitle } from '../../../lib/document-title';
import { ACTIVATION_TIPS } from '../components/activation-tips';
import { useActivation } from '../hooks/use-activation';

function SupportLink() {
  return (
    <a className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800" href={`mailto:${SUPPORT_EMAIL}`}>
      {SUPPORT_EMAIL}
    </a>
  );
}

/**
 * /activating-now (member-app.md 2, public-site-and-admin.md 2.6): waits for the paid account
 * to become active, then offers a button to /home; after 30 s without it, the support address.
 */
export function ActivatingNowPage() {
  useDocumentTitle('Activating your account');
  const { phase, tipIndex } = useActivation(ACTIVATION_TIPS.length);
  const timeoutText = BILLING_MESSAGES.activationTimeout(SUPPORT_EMAIL);

  return (
    <div className="mx-auto flex max-w-xl flex-col items-center py-8 text-center sm:py-16">
      {phase === 'success' ? (
        <>
          <span className="flex size-16 items-center justify-center rounded-full bg-brand-100 text-brand-700" aria-hidden="true">
            <svg viewBox="0 0 24 24" className="size-9" fill="none" stroke="currentColor" strokeWidth="2.5">
              <path strokeLinecap="round" strokeLinejoin="round" d="m5 12.5 4.5 4.5L19 7.5" />
            </svg>
          </span>
          <h1 className="mt-6 text-2xl font-bold text-ink-900">Your account is active!</h1>
          <p className="mt-2 text-ink-600" role="status">
            Welcome aboard, Sales Partner. Everything is ready for your first project.
          </p>
          <Link to="/home" className={buttonClasses('primary', 'mt-8 px-6')}>
            Go to Home
          </Link>
        </>
      ) : phase === 'timeout' ? (
        <>
          <h1 className="text-2xl font-bold text-ink-900">Still activating your account</h1>
          <p className="mt-4 rounded-lg border border-danger-200 bg-danger-50 px-4 py-3 text-sm text-danger-700" role="alert">
            {timeoutText.slice(0, timeoutText.length - SUPPORT_EMAIL.length)}
            <SupportLink />
          </p>
          <Link to="/profile" className={buttonClasses('secondary', 'mt-8')}>
            Check your billing details
          </Link>
        </>
      ) : (
        <>
          <span className="text-brand-700">
            <Spinner className="size-12" />
          </span>
          <h1 className="mt-6 text-2xl font-bold text-ink-900">Activating your account…</h1>
          <p className="mt-2 text-ink-600" role="status">
            Your payment went through. We are setting up your Sales Partner account; this takes a few seconds.
          </p>
          <div className="mt-8 w-full rounded-2xl border border-ink-200 bg-white p-5 text-left shadow-sm">
            <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
              Tip {tipIndex + 1} of {ACTIVATION_TIPS.length}
            </p>
            <p className="mt-1 min-h-12 text-ink-800" aria-live="polite">
              {ACTIVATION_TIPS[tipIndex]}
            </p>
          </div>
        </>
      )}
    </div>
  );
}
