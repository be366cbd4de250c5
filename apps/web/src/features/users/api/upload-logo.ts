import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../../lib/current-user';

/** The logo types the server accepts (checked there by content, issue 36 item 2). */
export const LOGO_ACCEPT = 'image/png,image/jpeg,image/webp';
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

/** POST /api/user/logo (multipart field `file`) -> the user, with its new `logo_url`. */
export async function uploadLogo(file: File): Promise<User> {
  const body = new FormData();
  body.append('file', file);
  return apiRequest<User>('/user/logo', { method: 'POST', body });
}

export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadLogo,
    onSuccess: (user) => queryClient.setQueryData(currentUserQueryKey, user),
  });
}
