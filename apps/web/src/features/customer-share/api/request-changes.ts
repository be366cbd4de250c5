import { useMutation } from '@tanstack/react-query';
import type { changeRequestBodySchema, changeRequestResponseSchema } from '@sunin/contract';
import type { z } from 'zod';
import { publicRequest, tokenPath } from './public-request';

export type ChangeRequestInput = z.input<typeof changeRequestBodySchema>['change_request'];
export type ChangeRequestSent = z.infer<typeof changeRequestResponseSchema>;

/** POST /api/public/shares/:token/change-requests {change_request} -> 201 {message, created_at}. */
export function requestChanges(token: string, changeRequest: ChangeRequestInput): Promise<ChangeRequestSent> {
  return publicRequest<ChangeRequestSent>(`${tokenPath(token)}/change-requests`, { method: 'POST', body: { change_request: changeRequest } });
}

export function useRequestChanges(token: string) {
  return useMutation({ mutationFn: (changeRequest: ChangeRequestInput) => requestChanges(token, changeRequest) });
}
