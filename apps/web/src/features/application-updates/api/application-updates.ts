import type { ApplicationUpdateList } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';

/** What changed in the portal (the server reads the repository's CHANGELOG.md). */
export const applicationUpdatesOptions = () =>
  queryOptions({
    queryKey: ['application-updates'] as const,
    queryFn: async ({ signal }) =>
      (await apiRequest<ApplicationUpdateList>('/api/v1/application_updates', { signal })).data,
    staleTime: 60 * 60_000,
  });

/** Read when the person opens the updates, not on every page. */
export const useApplicationUpdates = (enabled: boolean) =>
  useQuery({ ...applicationUpdatesOptions(), enabled });
