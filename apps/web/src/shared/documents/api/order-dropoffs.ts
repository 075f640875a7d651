import type { OrderDropoffs } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import type { Dropoff } from '../components/upload-document-dialog';

/** A shipment's delivery stops by order: where a proof of delivery is filed (decision 040). */
export function useOrderDropoffs(shipmentNumber: string | null | undefined) {
  return useQuery({
    queryKey: ['shipments', 'order-dropoffs', shipmentNumber ?? ''],
    enabled: Boolean(shipmentNumber),
    queryFn: async ({ signal }) =>
      (
        await apiRequest<OrderDropoffs>(
          `/api/v2/shipments/${encodeURIComponent(shipmentNumber ?? '')}/order_dropoffs`,
          { signal },
        )
      ).data,
  });
}

/** The dropoffs as the upload dialog offers them: "Stop 2 - Acme DC, Atlanta, GA". */
export function uploadDropoffs(orders: OrderDropoffs['data'] | undefined): Dropoff[] {
  return (orders ?? []).flatMap((order) =>
    order.dropoffs.map((stop) => ({
      stopId: stop.stopId,
      stopNumber: stop.stopNumber,
      label: `Stop ${stop.stopNumber} - ${stop.locationName}, ${stop.city}, ${stop.state}`,
    })),
  );
}
