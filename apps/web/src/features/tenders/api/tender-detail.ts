import type { TenderDetailAnswer } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';
import { tenderKeys } from './keys';

/** One tender by id, tender number or shipment number. */
export function tenderDetailOptions(key: string) {
  return queryOptions({
    queryKey: tenderKeys.detail(key),
    queryFn: ({ signal }) =>
      apiRequest<TenderDetailAnswer>(`/api/v2/tenders/${encodeURIComponent(key)}`, { signal }),
  });
}

export function useTenderDetail(key: string) {
  return useQuery(tenderDetailOptions(key));
}
