import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { MESSAGES } from '@sunin/contract';
import { Alert } from '../../../components/ui/alert';
import { AuthCard } from '../../../components/ui/card';
import { PageSpinner } from '../../../components/ui/spinner';
import { TextLink } from '../../../components/ui/text-link';
import { useDocumentTitle } from '../../../lib/document-title';
import { getToken } from '../../../lib/session';
import { useVerifyEmail } from '../api/verify-email';
import { UI_MESSAGES } from '../../../lib/messages';

/** /verify_email?token=... (public-site-and-admin.md 2.5 and 8). Public: signed in or not. */
export function VerifyEmailPage() {
  useDocumentTitle('Verify your email');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const verify = useVerifyEmail();
  const { mutate } = verify;
  // The token is single use: React StrictMode runs effects twice in development, and a second
  // call would fail and show an error after the first succeeded. Call once per token.
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    if (!token || sentFor.current === token) return;
    sentFor.current = token;
    mutate(token);
  }, [token, mutate]);

  const nextLink = getToken() ? { to: '/home', label: 'Go to Home' } : { to: '/login', label: 'Log in' };

  let content;
  if (!token) {
    content = <Alert tone="error">{UI_MESSAGES.noVerificationToken}</Alert>;
  } else if (verify.isSuccess) {
    content = <Alert tone="success">{verify.data.message || MESSAGES.emailVerified}</Alert>;
  } else if (verify.isError) {
    content = <Alert tone="error">{UI_MESSAGES.verificationFailed}</Alert>;
  } else {
    content = <PageSpinner label="Verifying your email…" />;
  }

  return (
    <AuthCard title="Email verification">
      {content}
      {(verify.isSuccess || verify.isError || !token) && (
        <p className="mt-6 text-center text-sm">
          <TextLink to={nextLink.to}>{nextLink.label}</TextLink>
        </p>
      )}
    </AuthCard>
  );
}
