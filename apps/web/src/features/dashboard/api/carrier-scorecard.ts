import type { CarrierScorecard } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';

export const carrierScorecardOptions = (carrierId: string) =>
  queryOptions({
    queryKey: ['carrier-scorecard', carrierId] as const,
    queryFn: async ({ signal }) =>
      (
        await apiRequest<CarrierScorecard>(
          `/api/v1/carriers/${encodeURIComponent(carrierId)}/scorecard`,
          { signal },
        )
      ).data,
    staleTime: 5 * 60_000,
  });

export const useCarrierScorecard = (carrierId: string) =>
  useQuery(carrierScorecardOptions(carrierId));
