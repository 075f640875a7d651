import type {
  AcceptAccessTermsBody,
  AccessTermsAcceptance,
  AccessTermsAnswer,
} from '@portal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../shared/api/client';
import { sessionQueryOptions } from '../../../shared/session';

export const accessTermsOptions = () =>
  queryOptions({
    queryKey: ['access-terms'] as const,
    queryFn: async ({ signal }) =>
      (await apiRequest<AccessTermsAnswer>('/api/v1/access_terms', { signal })).data,
  });

export const useAccessTerms = () => useQuery(accessTermsOptions());

/** Accepts the version read; the session (which says whether the user has accepted) reloads. */
export function useAcceptAccessTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AcceptAccessTermsBody) =>
      apiRequest<AccessTermsAcceptance>('/api/v1/access_terms/acceptances', {
        method: 'POST',
        body,
      }),
    // The page says why it was refused; terms changed meanwhile (409) are shown afresh.
    onError: async (error) => {
      if (error instanceof ApiError && error.status === 409)
        await queryClient.invalidateQueries({ queryKey: accessTermsOptions().queryKey });
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: sessionQueryOptions().queryKey });
      await queryClient.invalidateQueries({ queryKey: accessTermsOptions().queryKey });
    },
  });
}
