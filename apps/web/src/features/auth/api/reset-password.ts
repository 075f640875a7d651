import type { PasswordResetBody, PasswordResetResponse } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';

/**
 * The spec's password reset (body resetToken, newPassword). It answers a token and the user; the
 * web app keeps neither and signs in through the provider instead (decision 011).
 */
export function resetPassword(body: PasswordResetBody) {
  return apiRequest<PasswordResetResponse>('/api/v1/auth/password_reset', {
    method: 'POST',
    body,
  });
}

export function useResetPassword() {
  return useMutation({
    // The screen tells the user in its own words.
    meta: { handlesError: true },
    // Only the address is kept, as the hint for signing in; the token is dropped here.
    mutationFn: async (body: PasswordResetBody) => {
      const { data } = await resetPassword(body);
      const primary = data.user.emailAddresses.find((address) => address.isPrimary);
      return { emailAddress: primary?.value ?? data.user.userName ?? undefined };
    },
  });
}
