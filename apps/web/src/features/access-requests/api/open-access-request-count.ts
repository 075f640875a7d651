import type { OpenAccessRequestCount } from '@portal/contract';
import { ACCESS, ADMIN_REQUEST_COUNT_STALE_TIME_MS, hasAccess } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';
import { useCurrentUser } from '../../../shared/session';

/** Open access requests of the administrator's company (the top bar's badge). */
export const openAccessRequestCountQueryOptions = () =>
  queryOptions({
    queryKey: ['access-requests', 'open-count'] as const,
    queryFn: async ({ signal }) =>
      (await apiRequest<OpenAccessRequestCount>('/api/v1/access_requests/open_count', { signal }))
        .data.count,
    // Refreshed at most every 5 minutes (spec section 6).
    staleTime: ADMIN_REQUEST_COUNT_STALE_TIME_MS,
  });

/** The count for administrators; undefined (and no request) for everyone else. */
export function useOpenAccessRequestCount(): number | undefined {
  const user = useCurrentUser();
  const isAdmin = hasAccess(user, ACCESS.companyAdmin);
  return useQuery({ ...openAccessRequestCountQueryOptions(), enabled: isAdmin }).data;
}
