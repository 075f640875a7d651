import type { InteractionLoginBody, InteractionRedirect } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';

/** Checks the password at the provider; answers where the browser continues the sign-in. */
export function submitLogin(uid: string, body: InteractionLoginBody) {
  return apiRequest<InteractionRedirect>(`/oidc/interaction/${encodeURIComponent(uid)}/login`, {
    method: 'POST',
    body,
  });
}

export function useSubmitLogin(uid: string) {
  return useMutation({
    mutationFn: (body: InteractionLoginBody) => submitLogin(uid, body),
    // The sign-in form shows the spec's message itself.
    meta: { handlesError: true },
  });
}
