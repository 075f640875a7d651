import type { InteractionDetails } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';

/** What the provider's sign-in screen shows: sign-in or password reset, and the address hint. */
export const interactionDetailsQueryOptions = (uid: string) =>
  queryOptions({
    queryKey: ['interaction', uid] as const,
    queryFn: async ({ signal }) =>
      (
        await apiRequest<InteractionDetails>(
          `/oidc/interaction/${encodeURIComponent(uid)}/details`,
          { signal },
        )
      ).data,
    retry: false,
    // An answer that failed while the route loaded (decision 257) is shown, not asked for again.
    retryOnMount: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useInteractionDetails(uid: string) {
  return useQuery(interactionDetailsQueryOptions(uid));
}
