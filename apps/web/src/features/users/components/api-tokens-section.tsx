import { useState } from 'react';
import toast from 'react-hot-toast';
import { API_TOKEN_SCOPE_LABELS, type ApiToken } from '@sunin/contract';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Panel } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Detail } from '../../../components/ui/detail';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { SecretOnceDialog } from '../../../components/ui/secret-once-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { TextLink, textLinkClasses } from '../../../components/ui/text-link';
import { isAdmin } from '../../../lib/access';
import { errorMessage } from '../../../lib/api-client';
import { formatLongDate } from '../../../lib/format';
import { formatDateTime } from '../../../lib/format-date-time';
import { formatRelativeTime } from '../../../lib/format-relative-time';
import { readSession } from '../../../lib/session';
import { useApiTokens } from '../api/list-api-tokens';
import { useRevokeApiToken } from '../api/revoke-api-token';
import { ApiTokenForm } from './api-token-form';

export const API_TOKEN_TEXTS = {
  loadFailed: 'We could not load your API tokens.',
  none: 'No API tokens yet',
  revoked: 'The token was revoked.',
  revokeFailed: 'The token could not be revoked.',
  createdTitle: 'Your new API token',
} as const;

/** An inactive token that is not revoked (revoked ones are not listed) has expired. */
const isExpired = (token: ApiToken) => !token.active && token.expires_at !== null;

function ApiTokenRow({ token, onRevoke }: { token: ApiToken; onRevoke: (token: ApiToken) => void }) {
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium break-words text-ink-900">
          {token.name}
          {isExpired(token) && <Badge tone="red">Expired</Badge>}
        </p>
        <ul aria-label={`Scopes of ${token.name}`} className="mt-2 flex flex-wrap gap-1.5">
          {token.scopes.map((scope) => (
            <li key={scope}>
              <Badge tone="grey">{API_TOKEN_SCOPE_LABELS[scope]}</Badge>
            </li>
          ))}
        </ul>
        <dl className="mt-3 grid grid-cols-2 gap-3 text-sm lg:grid-cols-4">
          <Detail term="Token">
            <span className="font-mono">…{token.token_hint}</span>
          </Detail>
          <Detail term="Created">{formatLongDate(token.created_at)}</Detail>
          <Detail term={isExpired(token) ? 'Expired' : 'Expires'}>{token.expires_at ? formatLongDate(token.expires_at) : 'Never'}</Detail>
          <Detail term="Last used">
            {token.last_used_at ? (
              <time dateTime={token.last_used_at} title={formatDateTime(token.last_used_at)}>
                {formatRelativeTime(token.last_used_at)}
              </time>
            ) : (
              'Never used'
            )}
          </Detail>
        </dl>
      </div>
      <Button variant="secondary" className="w-full shrink-0 sm:w-auto" onClick={() => onRevoke(token)} aria-label={`Revoke ${token.name}`}>
        Revoke
      </Button>
    </li>
  );
}

function ApiTokenList({ onRevoke }: { onRevoke: (token: ApiToken) => void }) {
  const tokens = useApiTokens();
  if (tokens.isPending) return <Spinner label="Loading your API tokens…" />;
  if (tokens.isError) return <LoadError message={API_TOKEN_TEXTS.loadFailed} onRetry={() => tokens.refetch()} retrying={tokens.isFetching} />;
  if (tokens.data.length === 0) return <EmptyState title={API_TOKEN_TEXTS.none}>Create one below to connect a CRM or your own scripts.</EmptyState>;
  return (
    <ul aria-label="Your API tokens" className="divide-y divide-ink-200">
      {tokens.data.map((token) => (
        <ApiTokenRow key={token.id} token={token} onRevoke={onRevoke} />
      ))}
    </ul>
  );
}

/**
 * The profile's "API tokens" (issue 40 item 1): personal tokens for the public API, each with
 * its scopes, expiry and last use; "Create token" shows the new one once; Revoke confirms first.
 */
export function ApiTokensSection() {
  const revoke = useRevokeApiToken();
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const [created, setCreated] = useState<string | null>(null);
  // The company_role cookie answers at once; the server refuses the admin scope to anyone else.
  const admin = isAdmin(readSession());

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => toast.success(API_TOKEN_TEXTS.revoked),
      onError: (error) => toast.error(errorMessage(error, API_TOKEN_TEXTS.revokeFailed)),
      onSettled: () => setRevoking(null),
    });
  };

  return (
    <Panel
      title="API tokens"
      id="api-tokens"
      description={
        <p>
          A token lets your own systems (a CRM, a spreadsheet, a script) use the SunIn API as you, within the scopes you choose. Send it as{' '}
          <code className="font-mono text-ink-800">Authorization: Bearer …</code>. See the{' '}
          {/* A server page, not a route of the app: a plain link. */}
          <a className={textLinkClasses} href="/api/docs">
            API reference
          </a>{' '}
          and <TextLink to="/webhooks">Webhooks</TextLink> to be told of changes as they happen.
        </p>
      }
    >
      <ApiTokenList onRevoke={setRevoking} />
      <h3 className="mt-6 text-base font-semibold text-ink-900">Create a token</h3>
      <div className="mt-3">
        <ApiTokenForm admin={admin} onCreated={({ token }) => setCreated(token)} />
      </div>

      <SecretOnceDialog
        secret={created}
        title={API_TOKEN_TEXTS.createdTitle}
        label="API token"
        noun="token"
        note="Keep it like a password: anyone who has it can act as you within its scopes."
        onDone={() => setCreated(null)}
      />
      <ConfirmDialog open={revoking !== null} title="Revoke this token?" confirmLabel="Revoke" pending={revoke.isPending} onConfirm={confirmRevoke} onCancel={() => setRevoking(null)}>
        {revoking && <p>{`“${revoking.name}” stops working at once: anything using it will be refused. This cannot be undone.`}</p>}
      </ConfirmDialog>
    </Panel>
  );
}
