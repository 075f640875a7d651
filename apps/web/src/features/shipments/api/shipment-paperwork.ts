import type {
  CreateBillOfLadingBody,
  RateConfirmationState,
  ShipmentPaperworkAnswer,
  SignRateConfirmationBody,
} from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';
import { documentKeys } from '../../../shared/documents';
import {
  idempotencyHeaders,
  shipmentKeys,
  shipmentPath,
} from '../../../shared/shipments/shipment-keys';

const RATE_CONFIRMATION = 'rate_confirmation_document';

export function useRateConfirmation(shipmentNumber: string) {
  return useQuery({
    queryKey: shipmentKeys.part(shipmentNumber, RATE_CONFIRMATION),
    queryFn: ({ signal }) =>
      apiRequest<RateConfirmationState>(shipmentPath(shipmentNumber, RATE_CONFIRMATION), {
        signal,
      }),
  });
}

/** A new paperwork document changes the shipment's document list, its history and the confirmation. */
function usePaperworkWrite<Variables>(
  shipmentNumber: string,
  write: (variables: Variables) => Promise<ShipmentPaperworkAnswer>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    // The screen shows the server's own reason (its detail); the central handler only logs it.
    meta: { handlesError: true },
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: documentKeys.lists() }),
        queryClient.invalidateQueries({
          queryKey: shipmentKeys.part(shipmentNumber, RATE_CONFIRMATION),
        }),
        queryClient.invalidateQueries({ queryKey: shipmentKeys.part(shipmentNumber, 'history') }),
      ]);
    },
  });
}

export function useGenerateRateConfirmation(shipmentNumber: string) {
  return usePaperworkWrite(shipmentNumber, () =>
    apiRequest<ShipmentPaperworkAnswer>(shipmentPath(shipmentNumber, RATE_CONFIRMATION), {
      method: 'POST',
      headers: idempotencyHeaders(),
    }),
  );
}

export function useSignRateConfirmation(shipmentNumber: string) {
  return usePaperworkWrite(shipmentNumber, (body: SignRateConfirmationBody) =>
    apiRequest<ShipmentPaperworkAnswer>(
      shipmentPath(shipmentNumber, `${RATE_CONFIRMATION}/signature`),
      { method: 'POST', body, headers: idempotencyHeaders() },
    ),
  );
}

export function useCreateBillOfLading(shipmentNumber: string) {
  return usePaperworkWrite(shipmentNumber, (body: CreateBillOfLadingBody) =>
    apiRequest<ShipmentPaperworkAnswer>(shipmentPath(shipmentNumber, 'bills_of_lading'), {
      method: 'POST',
      body,
      headers: idempotencyHeaders(),
    }),
  );
}
