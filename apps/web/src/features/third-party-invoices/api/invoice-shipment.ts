import type { InvoiceShipmentAnswer } from '@portal/contract';
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

export { useOrderDropoffs } from '../../../shared/documents';
