import type { LogoutResponse } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api/client';

/** Ends the portal session, then lets the provider end its own (a full page load). */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<LogoutResponse>('/auth/logout', { method: 'POST' }),
    onSuccess: ({ data }) => {
      queryClient.clear();
      sessionStorage.clear();
      window.location.assign(data.redirectTo);
    },
  });
}
