import type {
  AccessRequestPage,
  AccessRequestStatus,
  ApproveAccessRequestBody,
  ApprovedAccessRequest,
  AccessRequestResponse,
} from '@portal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';

export const accessRequestKeys = {
  all: ['access-requests'] as const,
  list: (status: AccessRequestStatus | undefined) =>
    [...accessRequestKeys.all, 'list', status ?? 'all'] as const,
};

export const accessRequestListOptions = (status: AccessRequestStatus | undefined) =>
  queryOptions({
    queryKey: accessRequestKeys.list(status),
    queryFn: async ({ signal }) =>
      apiRequest<AccessRequestPage>('/api/v1/access_requests', {
        query: { status, pageSize: 100 },
        signal,
      }),
  });

export const useAccessRequests = (status: AccessRequestStatus | undefined) =>
  useQuery(accessRequestListOptions(status));

/** A decision changes the lists and the top bar's open count (same resource key). */
function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: accessRequestKeys.all });
}

export function useApproveAccessRequest() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: ApproveAccessRequestBody }) =>
      (
        await apiRequest<ApprovedAccessRequest>(
          `/api/v1/access_requests/${encodeURIComponent(id)}/approve`,
          { method: 'POST', body },
        )
      ).data,
    onSuccess: invalidate,
  });
}

export function useDenyAccessRequest() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (id: string) =>
      (
        await apiRequest<AccessRequestResponse>(
          `/api/v1/access_requests/${encodeURIComponent(id)}/deny`,
          { method: 'POST' },
        )
      ).data,
    onSuccess: invalidate,
  });
}
