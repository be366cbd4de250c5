import { useState } from 'react';
import toast from 'react-hot-toast';
import type { Session } from '@sunin/contract';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { TextField } from '../../../components/ui/text-field';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-date-time';
import { formatRelativeTime } from '../../../lib/format-relative-time';
import { useEndOtherSessions } from '../api/end-other-sessions';
import { useEndSession } from '../api/end-session';
import { useSessions } from '../api/list-sessions';
import { describeDevice } from '../lib/describe-device';

export const SESSION_MESSAGES = {
  loadFailed: 'We could not load your sessions.',
  ended: 'That session was signed out.',
  endFailed: 'We could not sign out that session.',
  endOthersFailed: 'We could not sign out your other sessions.',
  endedOthers: (count: number) => (count === 1 ? 'Signed out of 1 other session.' : `Signed out of ${count} other sessions.`),
  passwordRequired: 'Enter your current password to sign out other sessions.',
} as const;

/**
 * The password the server asks for again before it ends sessions (ASVS 7.5.2). A wrong one keeps
 * the dialog open with the server's message under the field.
 */
function PasswordAgain({ value, error, onChange }: { value: string; error: string | undefined; onChange: (value: string) => void }) {
  return (
    <TextField
      className="mt-4"
      label="Current password"
      type="password"
      autoComplete="current-password"
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value)}
      autoFocus
    />
  );
}

/** A time as "3 days ago", with the exact time in a tooltip and for machines. */
function When({ value, prefix }: { value: string; prefix: string }) {
  return (
    <span>
      {prefix}{' '}
      <time dateTime={value} title={formatDateTime(value)}>
        {formatRelativeTime(value)}
      </time>
    </span>
  );
}

function SessionRow({ session, onSignOut }: { session: Session; onSignOut: (session: Session) => void }) {
  const device = describeDevice(session.user_agent);
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium text-ink-900">
          {device}
          {session.current && <Badge tone="green">This device</Badge>}
        </p>
        <p className="mt-1 flex flex-col gap-x-3 text-sm text-ink-600 sm:flex-row sm:flex-wrap">
          <span className="break-all">{session.ip || 'Unknown address'}</span>
          <When prefix="Signed in" value={session.created_at} />
          <When prefix="Active" value={session.last_used_at} />
        </p>
      </div>
      {/* The current session ends through Log out, not from here. */}
      {!session.current && (
        <Button variant="secondary" className="w-full shrink-0 sm:w-auto" onClick={() => onSignOut(session)} aria-label={`Sign out ${device}, ${session.ip}`}>
          Sign out
        </Button>
      )}
    </li>
  );
}

/**
 * The member's signed-in sessions (issue 13 item 4, ASVS 7.5.2): where and when each signed in
 * and was last active, "Sign out" for each other one and for all the others at once.
 */
export function SessionsPanel() {
  const sessions = useSessions();
  const endSession = useEndSession();
  const endOthers = useEndOtherSessions();
  const [ending, setEnding] = useState<Session | null>(null);
  const [endingOthers, setEndingOthers] = useState(false);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();

  if (sessions.isPending) return <Spinner label="Loading your sessions…" />;
  if (sessions.isError) return <LoadError message={SESSION_MESSAGES.loadFailed} onRetry={() => sessions.refetch()} retrying={sessions.isFetching} />;

  const others = sessions.data.filter((session) => !session.current);

  const closeDialogs = () => {
    setEnding(null);
    setEndingOthers(false);
    setPassword('');
    setPasswordError(undefined);
  };

  /** Runs an end with the password; a password problem stays in the dialog, anything else closes it. */
  const withPassword = async (end: (current_password: string) => Promise<string>, failed: string) => {
    if (!password) {
      setPasswordError(SESSION_MESSAGES.passwordRequired);
      return;
    }
    try {
      toast.success(await end(password));
      closeDialogs();
    } catch (error) {
      const field = error instanceof ApiError ? error.fields.current_password : undefined;
      if (field) {
        setPasswordError(field);
        return;
      }
      toast.error(errorMessage(error, failed));
      closeDialogs();
    }
  };

  const confirmEnd = () => {
    const session = ending;
    if (!session) return;
    void withPassword(async (current_password) => {
      await endSession.mutateAsync({ sessionId: session.id, current_password });
      return SESSION_MESSAGES.ended;
    }, SESSION_MESSAGES.endFailed);
  };

  const confirmEndOthers = () =>
    void withPassword(async (current_password) => SESSION_MESSAGES.endedOthers((await endOthers.mutateAsync({ current_password })).ended), SESSION_MESSAGES.endOthersFailed);

  return (
    <div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <p className="text-sm text-ink-600">These browsers are signed in to your account. Sign out any you do not recognise, then change your password.</p>
        <Button variant="secondary" className="w-full shrink-0 sm:w-auto" disabled={others.length === 0} onClick={() => setEndingOthers(true)}>
          Sign out of all other sessions
        </Button>
      </div>
      {sessions.data.length === 0 ? (
        <EmptyState className="mt-4" title="No active sessions" />
      ) : (
        <ul aria-label="Active sessions" className="mt-2 divide-y divide-ink-200">
          {sessions.data.map((session) => (
            <SessionRow key={session.id} session={session} onSignOut={setEnding} />
          ))}
        </ul>
      )}
      {others.length === 0 && sessions.data.length > 0 && <p className="mt-2 text-sm text-ink-600">You are not signed in anywhere else.</p>}

      <ConfirmDialog
        open={ending !== null}
        title="Sign out this session?"
        confirmLabel="Sign out"
        pending={endSession.isPending}
        onConfirm={confirmEnd}
        onCancel={closeDialogs}
      >
        {ending && (
          <p>
            {describeDevice(ending.user_agent)} at {ending.ip || 'an unknown address'} will be signed out at once and must sign in again.
          </p>
        )}
        <PasswordAgain value={password} error={passwordError} onChange={setPassword} />
      </ConfirmDialog>
      <ConfirmDialog
        open={endingOthers}
        title="Sign out of all other sessions?"
        confirmLabel="Sign out all others"
        pending={endOthers.isPending}
        onConfirm={confirmEndOthers}
        onCancel={closeDialogs}
      >
        <p>Every browser but this one will be signed out at once. This one stays signed in.</p>
        <PasswordAgain value={password} error={passwordError} onChange={setPassword} />
      </ConfirmDialog>
    </div>
  );
}
