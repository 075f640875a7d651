import type {
  ConsolidatablePage,
  DraftShipmentAnswer,
  ShipmentStatusAnswer,
} from '@portal/contract';
import { ShipmentStatus } from '@portal/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';
import { orderKeys } from './keys';

/** Open orders that can travel with this one, nearest first (the first 100). */
export function useConsolidatableOrders(orderNumber: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: orderKeys.consolidatable(orderNumber),
      queryFn: ({ signal }) =>
        apiRequest<ConsolidatablePage>('/api/v2/orders/consolidatable_orders', {
          method: 'POST',
          body: { orderId: orderNumber, page: 1, pageSize: 100 },
          signal,
        }),
      enabled,
    }),
  );
}

export function useCreateDraftShipment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderIds: string[]) =>
      apiRequest<DraftShipmentAnswer>('/api/v2/orders/draft_shipments', {
        method: 'POST',
        body: { orderIds },
        headers: { 'Idempotency-Key': crypto.randomUUID() },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

/** The draft goes on the load board: Draft -> Ready to Book through the shipment status path. */
export function useReleaseShipment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ shipmentNumber, version }: { shipmentNumber: string; version: number }) =>
      apiRequest<ShipmentStatusAnswer>(
        `/api/v2/shipments/${encodeURIComponent(shipmentNumber)}/status`,
        { method: 'PATCH', body: { status: ShipmentStatus.ReadyToBook, version } },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
