import type {
  AutomaticTenderingAnswer,
  ManualTenderBody,
  StartWaterfallBody,
  TenderCarrierOptions,
  WaterfallPage,
} from '@portal/contract';
import { TenderOfferStatus } from '@portal/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';
import { tenderKeys } from './keys';

const waterfallKeys = {
  all: [...tenderKeys.all, 'waterfalls'] as const,
  list: () => [...waterfallKeys.all, 'list'] as const,
  shipment: (shipmentNumber: string) => [...waterfallKeys.all, 'shipment', shipmentNumber] as const,
  carriers: () => [...waterfallKeys.all, 'carriers'] as const,
};

// While a waterfall runs, the operator's view follows it.
const FOLLOW_MS = 3000;

export function useWaterfalls() {
  return useQuery(
    queryOptions({
      queryKey: waterfallKeys.list(),
      queryFn: ({ signal }) =>
        apiRequest<WaterfallPage>('/api/v2/tender_waterfalls', { query: { pageSize: 50 }, signal }),
      refetchInterval: FOLLOW_MS,
    }),
  );
}

export function useAutomaticTendering(shipmentNumber: string) {
  return useQuery(
    queryOptions({
      queryKey: waterfallKeys.shipment(shipmentNumber),
      queryFn: ({ signal }) =>
        apiRequest<AutomaticTenderingAnswer>(
          `/api/v2/shipments/${encodeURIComponent(shipmentNumber)}/automatic_tendering`,
          { signal },
        ),
      enabled: shipmentNumber !== '',
      refetchInterval: (query) => {
        const state = query.state.data?.data;
        const waiting =
          state?.waterfall?.status === 'Running' ||
          state?.manualTenders.some(
            (tender) => tender.tenderStatus.value === TenderOfferStatus.Sent,
          );
        return waiting ? FOLLOW_MS : false;
      },
    }),
  );
}

export function useTenderCarriers() {
  return useQuery(
    queryOptions({
      queryKey: waterfallKeys.carriers(),
      queryFn: ({ signal }) =>
        apiRequest<TenderCarrierOptions>('/api/v2/tender_carriers', { signal }),
      staleTime: 5 * 60_000,
    }),
  );
}

export function useStartWaterfall(shipmentNumber: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StartWaterfallBody) =>
      apiRequest<AutomaticTenderingAnswer>(
        `/api/v2/shipments/${encodeURIComponent(shipmentNumber)}/automatic_tendering`,
        { method: 'POST', body },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: waterfallKeys.all }),
  });
}

export function useStopWaterfall(shipmentNumber: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<AutomaticTenderingAnswer>(
        `/api/v2/shipments/${encodeURIComponent(shipmentNumber)}/automatic_tendering`,
        { method: 'DELETE' },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: waterfallKeys.all }),
  });
}

/** The operator tenders the load to one carrier, outside a waterfall. */
export function useSendManualTender(shipmentNumber: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ManualTenderBody) =>
      apiRequest<AutomaticTenderingAnswer>(
        `/api/v2/shipments/${encodeURIComponent(shipmentNumber)}/tenders`,
        { method: 'POST', body },
      ),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: waterfallKeys.shipment(shipmentNumber) }),
  });
}
