import type { ShipmentDetailAnswer, ShipmentStop, ShipmentStopList } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api/client';
import { shipmentKeys, shipmentPath } from './shipment-keys';

// The shipment reads that more than one screen shows (its page, the dashboard's preview).

export function shipmentDetailOptions(shipmentNumber: string) {
  return queryOptions({
    queryKey: shipmentKeys.detail(shipmentNumber),
    queryFn: async ({ signal }) =>
      (await apiRequest<ShipmentDetailAnswer>(shipmentPath(shipmentNumber), { signal })).data,
    // A shipment that cannot be read is answered at once ("Unable to access shipment..."), not retried.
    retry: false,
  });
}

export function shipmentStopsOptions(shipmentNumber: string) {
  return queryOptions({
    queryKey: shipmentKeys.part(shipmentNumber, 'stops'),
    queryFn: ({ signal }) =>
      apiRequest<ShipmentStopList>(shipmentPath(shipmentNumber, 'stops'), { signal }),
  });
}

/** The stop the truck is headed to or standing at: the first one not left yet (-1 when all were). */
export const nextStopIndex = (stops: readonly Pick<ShipmentStop, 'departed'>[]) =>
  stops.findIndex((stop) => !stop.departed);
