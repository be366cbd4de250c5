import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@sunin/contract';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { apiRequest } from '../../../lib/api-client';
import { discardAllDrafts } from '../../../lib/form-drafts';
import { removeThisDeviceOnSignOut } from '../../../lib/push-device';
import { clearSession } from '../../../lib/session';

/**
 * DELETE /api/logout with the bearer token; the server revokes it at once. This device's push
 * subscription goes first, while the session can still remove it (issue 41 item 3).
 */
export async function logout(): Promise<{ message: string }> {
  await removeThisDeviceOnSignOut();
  // An already expired token is no reason to bounce through /login: logout goes to / anyway.
  return apiRequest<{ message: string }>('/logout', { method: 'DELETE', redirectOnUnauthorized: false });
}

/**
 * member-app.md 4 and 8: logout clears the cookies and goes to /; a failed request is logged
 * and alerted ('Logout unsuccessful.', public-site-and-admin.md 8: the server may still hold
 * the session), and the cookies are cleared and the user goes to / anyway. Unsaved form drafts
 * go too, and so do the projects kept on the device for offline reading (issue 41).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onError: (error) => {
      console.warn('Logout request failed; clearing the session anyway.', error);
      toast.error(MESSAGES.logoutFailed);
    },
    onSettled: () => {
      clearSession();
      discardAllDrafts();
      void import('../../../lib/query-persistence').then(({ clearPersistedQueries }) => clearPersistedQueries());
      queryClient.clear();
      void navigate('/', { replace: true });
    },
  });
}
