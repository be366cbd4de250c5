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

/** After 'Logout unsuccessful.': what that means for the member (offline at a site visit, say). */
export const SIGNED_OUT_ON_THIS_DEVICE_ONLY =
  'You are signed out on this device, but the server did not confirm it: your session may stay active there until it times out. Next time you sign in, you can sign it out from your profile.';

/**
 * member-app.md 4 and 8: logout clears the cookies and goes to /; a failed request is logged
 * and alerted ('Logout unsuccessful.', public-site-and-admin.md 8), and the cookies are cleared
 * and the user goes to / anyway, told that the server may still hold the session. Unsaved form
 * drafts go too, and so do the projects kept on the device for offline reading (issue 41),
 * before the page changes. networkMode 'always': offline, the request fails at once instead of
 * pausing until a connection returns, so signing out offline clears the device.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    networkMode: 'always',
    onError: (error) => {
      console.warn('Logout request failed; clearing the session anyway.', error);
      toast.error(MESSAGES.logoutFailed);
      toast(SIGNED_OUT_ON_THIS_DEVICE_ONLY);
    },
    onSettled: async () => {
      clearSession();
      discardAllDrafts();
      // (Loaded beside the first page already, entry-client.tsx: not part of the shell's chunk.)
      const { clearPersistedQueries } = await import('../../../lib/query-persistence');
      await clearPersistedQueries();
      queryClient.clear();
      await navigate('/', { replace: true });
    },
  });
}
