import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ACTIVATION, type User } from '@sunin/contract';
import { currentUserQueryKey, getCurrentUser } from '../../../lib/current-user';

export type ActivationPhase = 'waiting' | 'success' | 'timeout';

/** member-app.md 9: active means a sales partner whose subscription_status is active. */
export const isActivated = (user: User) => user.account_type === 'sales_partner' && user.subscription_status === 'active';

/**
 * The activation wait of /activating-now (member-app.md 9, public-site-and-admin.md 4): the
 * profile is read now and every 3 s; success shows once the account is active and at least 6 s
 * have passed; without it, the wait gives up after 30 s. Tips rotate every 3 s.
 */
export function useActivation(tipCount: number): { phase: ActivationPhase; tipIndex: number } {
  const queryClient = useQueryClient();
  const [activated, setActivated] = useState(false);
  const [minimumShown, setMinimumShown] = useState(false);
  const [timedOut, setTimedOut] = useState(false);
  const [tipIndex, setTipIndex] = useState(0);

  const phase: ActivationPhase = activated && minimumShown ? 'success' : timedOut && !activated ? 'timeout' : 'waiting';

  useEffect(() => {
    const minimum = setTimeout(() => setMinimumShown(true), ACTIVATION.minimumDisplayMs);
    const giveUp = setTimeout(() => setTimedOut(true), ACTIVATION.giveUpMs);
    return () => {
      clearTimeout(minimum);
      clearTimeout(giveUp);
    };
  }, []);

  const polling = !activated && !timedOut;
  useEffect(() => {
    if (!polling) return;
    const controller = new AbortController();
    const poll = async () => {
      try {
        const user = await getCurrentUser(controller.signal);
        queryClient.setQueryData(currentUserQueryKey, user);
        if (isActivated(user)) setActivated(true);
      } catch {
        // A failed poll is retried at the next tick; the timeout still applies.
      }
    };
    void poll();
    const timer = setInterval(() => void poll(), ACTIVATION.pollMs);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [polling, queryClient]);

  const rotating = phase === 'waiting';
  useEffect(() => {
    if (!rotating || tipCount < 2) return;
    const timer = setInterval(() => setTipIndex((index) => (index + 1) % tipCount), ACTIVATION.tipRotateMs);
    return () => clearInterval(timer);
  }, [rotating, tipCount]);

  return { phase, tipIndex };
}
