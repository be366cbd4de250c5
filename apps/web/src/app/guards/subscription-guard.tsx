import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useLocation } from 'react-router';
import { ADMIN_ROLE, PAYING_SUBSCRIPTION_STATUSES, type User } from '@sunin/contract';
import { LoadError } from '../../components/ui/load-error';
import { PageSpinner } from '../../components/ui/spinner';
import { isAdmin, isLoggedIn } from '../../lib/access';
import { currentUserQueryOptions } from '../../lib/current-user';
import { UI_MESSAGES } from '../../lib/messages';
import { readSession } from '../../lib/session';

/**
 * Member pages a sales partner reaches without a paying subscription: paying (/checkout), the
 * wait after paying (/activating-now), managing billing (/billing), and the profile with its
 * Billing Information. Every other member page, including ones added later, is guarded.
 */
export const OPEN_WITHOUT_SUBSCRIPTION = ['/checkout', '/activating-now', '/billing', '/profile'] as const;

/** DESIGN.md: sales partners need subscription_status active or pending_cancelation; admins never. */
export function needsSubscription(user: Pick<User, 'account_type' | 'company_role' | 'subscription_status'>): boolean {
  if (user.account_type !== 'sales_partner' || user.company_role === ADMIN_ROLE) return false;
  return !(user.subscription_status && PAYING_SUBSCRIPTION_STATUSES.includes(user.subscription_status));
}

const isOpenPath = (pathname: string) => OPEN_WITHOUT_SUBSCRIPTION.some((path) => pathname === path || pathname.startsWith(`${path}/`));

/**
 * Wraps the member area (router.tsx): a sales partner without an active or pending_cancelation
 * subscription who opens /home, /projects, /sunin-school... is sent to /checkout, replacing the
 * history entry (DESIGN.md "Decisions": the member shell sends them to /checkout). Only sessions
 * whose account_type cookie says sales_partner wait for the profile; the profile then decides.
 * Visitors without a session pass through to the login guard inside.
 */
export function SubscriptionGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const session = readSession();
  const applies = isLoggedIn(session) && session.accountType === 'sales_partner' && !isAdmin(session) && !isOpenPath(location.pathname);
  const profile = useQuery({ ...currentUserQueryOptions(), enabled: applies });

  if (!applies) return children;
  if (profile.isPending) return <PageSpinner label="Loading your account…" />;
  // Without the profile the guard cannot decide, so it says so and offers Retry instead of
  // rendering the page: the page's own profile readers, mounting after the failure, would start
  // the query again, put it back to pending and this spinner back up, round and round about
  // once a second (issue 14 item 1). The query's own retries back off (query-client.ts).
  if (!profile.data) {
    return (
      <div className="mx-auto max-w-md px-4 py-16">
        <LoadError message={UI_MESSAGES.accountLoadFailed} onRetry={() => profile.refetch()} retrying={profile.isFetching} />
      </div>
    );
  }
  if (needsSubscription(profile.data)) return <Navigate to="/checkout" replace />;
  return children;
}
