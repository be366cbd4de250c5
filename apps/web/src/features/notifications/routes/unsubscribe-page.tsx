import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { EMAIL_PREFERENCES_PATH } from '@sunin/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { AuthCard } from '../../../components/ui/card';
import { LoadError } from '../../../components/ui/load-error';
import { useNoIndex } from '../../../components/ui/page-meta';
import { PageSpinner } from '../../../components/ui/spinner';
import { TextLink } from '../../../components/ui/text-link';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { useUnsubscribeTarget } from '../api/describe-unsubscribe';
import { useUnsubscribe } from '../api/unsubscribe';

export const UNSUBSCRIBE_TEXTS = {
  title: 'Unsubscribe',
  checking: 'Checking your unsubscribe link…',
  missingToken: 'This unsubscribe link is incomplete. Open the link from the email again, or choose your emails in your email preferences.',
  invalid: 'This unsubscribe link is not valid. It may be incomplete or changed. You can still choose your emails in your email preferences.',
  loadFailed: 'We could not check this unsubscribe link.',
  unsubscribeFailed: 'We could not unsubscribe you. Please try again.',
  question: (label: string) => `Stop emailing you about ${label}?`,
  explain: 'You will still see these notifications in the portal, and your other emails stay as they are.',
  doneTitle: 'You are unsubscribed',
  done: (label: string) => `You will no longer get ${label} emails.`,
  doneHint: 'Changed your mind? Turn them back on in your email preferences.',
  alreadyTitle: 'Already unsubscribed',
  already: (label: string) => `You already do not get ${label} emails.`,
  manage: 'Manage all email preferences',
} as const;

/** The token was refused (422 invalid_token, or one too long to be ours): retrying will not help. */
const isInvalidLink = (error: unknown) => error instanceof ApiError && error.status === 422;

function ManageLink() {
  return (
    <p className="mt-6 text-center text-sm">
      <TextLink to={EMAIL_PREFERENCES_PATH}>{UNSUBSCRIBE_TEXTS.manage}</TextLink>
    </p>
  );
}

/**
 * /unsubscribe?token=... (issue 18 item 4): the page of each email's "Unsubscribe from ..."
 * link, public (the signed token is the authority). Opening it only describes what the link
 * turns off: mail scanners open links, so nothing changes until the button is pressed. Not
 * prerendered (it depends on the token) and kept out of search engines.
 */
export function UnsubscribePage() {
  useDocumentTitle(UNSUBSCRIBE_TEXTS.title);
  useNoIndex();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const target = useUnsubscribeTarget(token);
  const unsubscribe = useUnsubscribe();

  let title: string = UNSUBSCRIBE_TEXTS.title;
  let content: ReactNode;
  if (!token) {
    content = <Alert tone="error">{UNSUBSCRIBE_TEXTS.missingToken}</Alert>;
  } else if (unsubscribe.isSuccess) {
    title = UNSUBSCRIBE_TEXTS.doneTitle;
    content = (
      <Alert tone="success">
        <p className="font-medium">{UNSUBSCRIBE_TEXTS.done(unsubscribe.data.label)}</p>
        <p className="mt-1">{UNSUBSCRIBE_TEXTS.doneHint}</p>
      </Alert>
    );
  } else if (target.isPending) {
    content = <PageSpinner label={UNSUBSCRIBE_TEXTS.checking} />;
  } else if (target.isError || isInvalidLink(unsubscribe.error)) {
    content =
      isInvalidLink(target.error) || isInvalidLink(unsubscribe.error) ? (
        <Alert tone="error">{UNSUBSCRIBE_TEXTS.invalid}</Alert>
      ) : (
        <LoadError message={errorMessage(target.error, UNSUBSCRIBE_TEXTS.loadFailed)} onRetry={() => target.refetch()} retrying={target.isFetching} />
      );
  } else if (!target.data.email) {
    title = UNSUBSCRIBE_TEXTS.alreadyTitle;
    content = <Alert tone="info">{UNSUBSCRIBE_TEXTS.already(target.data.label)}</Alert>;
  } else {
    title = UNSUBSCRIBE_TEXTS.question(target.data.label);
    content = (
      <>
        <p className="text-sm text-ink-700">{UNSUBSCRIBE_TEXTS.explain}</p>
        {unsubscribe.isError && (
          <Alert tone="error" className="mt-4">
            {errorMessage(unsubscribe.error, UNSUBSCRIBE_TEXTS.unsubscribeFailed)}
          </Alert>
        )}
        <Button className="mt-6 w-full" pending={unsubscribe.isPending} onClick={() => unsubscribe.mutate(token)}>
          Unsubscribe
        </Button>
      </>
    );
  }

  return (
    <AuthCard title={title}>
      {content}
      {(!token || !target.isPending) && <ManageLink />}
    </AuthCard>
  );
}
