import type { InvoiceShipmentAnswer, OrderDropoffs } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';
import { thirdPartyInvoiceKeys } from './keys';

/** Shipment detail for the invoice, from the invoice's shipmentId. */
export function useInvoiceShipment(shipmentId: string | undefined) {
  return useQuery({
    queryKey: thirdPartyInvoiceKeys.shipment(shipmentId ?? ''),
    enabled: Boolean(shipmentId),
    queryFn: async ({ signal }) =>
      (
        await apiRequest<InvoiceShipmentAnswer>(
          `/api/v1/third_party_payer_invoices/shipments/${encodeURIComponent(shipmentId ?? '')}`,
          { signal },
        )
      ).data,
  });
}

/** The shipment's delivery stops by order: where a proof of delivery is filed (decision 040). */
export function useOrderDropoffs(shipmentNumber: string | undefined) {
  return useQuery({
    queryKey: thirdPartyInvoiceKeys.dropoffs(shipmentNumber ?? ''),
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
