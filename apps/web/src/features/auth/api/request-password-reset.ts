import type { MessageResponse, RequestPasswordResetBody } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';

/** The provider's password-reset flow (from /forgot-password). */
export function requestResetAtProvider(uid: string, emailAddress: string) {
  return apiRequest<MessageResponse>(
    `/oidc/interaction/${encodeURIComponent(uid)}/password-reset`,
    { method: 'POST', body: { emailAddress } },
  );
}

/** The spec's request password reset call (body url and emailAddress). */
export function requestResetByApi(body: RequestPasswordResetBody) {
  return apiRequest<MessageResponse>('/api/v1/auth/request_password_reset', {
    method: 'POST',
    body,
  });
}

/** Either way in: with an interaction, through the provider; without, through the API. */
export function useRequestPasswordReset(uid: string | undefined) {
  return useMutation({
    // The screen tells the user in its own words.
    meta: { handlesError: true },
    mutationFn: (emailAddress: string) =>
      uid
        ? requestResetAtProvider(uid, emailAddress)
        : requestResetByApi({
            emailAddress,
            url: `${window.location.origin}/reset-password`,
          }),
  });
}
