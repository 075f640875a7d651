import type { TrackingIntegration } from '@portal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';
import { sessionQueryOptions } from '../../../shared/session';

export const trackingIntegrationQueryOptions = () =>
  queryOptions({
    queryKey: ['profile', 'tracking-integration'] as const,
    queryFn: async ({ signal }) =>
      (await apiRequest<TrackingIntegration>('/api/v1/me/tracking_integration', { signal })).data,
  });

export const useTrackingIntegration = () => useQuery(trackingIntegrationQueryOptions());

/** A new token: the integration and the session's expired flag (the invoice dialog) both change. */
export function useRenewTrackingIntegration() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (apiToken: string) =>
      (
        await apiRequest<TrackingIntegration>('/api/v1/me/tracking_integration', {
          method: 'PUT',
          body: { apiToken },
        })
      ).data,
    onSuccess: (saved) => {
      client.setQueryData(trackingIntegrationQueryOptions().queryKey, saved);
      void client.invalidateQueries({ queryKey: sessionQueryOptions().queryKey });
    },
  });
}
