import type {
  AssignedDriverList,
  CarrierCharges,
  OrderDropoffs,
  ShipmentCasePage,
  ShipmentDetailAnswer,
  ShipmentEquipment,
  ShipmentHistory,
  ShipmentStopList,
  TrackingActivityList,
  TrackingProblemList,
} from '@portal/contract';
import { SHIPMENT_CASES_PAGE, SHIPMENT_CASES_PAGE_SIZE } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';
import { shipmentKeys, shipmentPath } from './shipment-keys';

export function shipmentDetailOptions(shipmentNumber: string) {
  return queryOptions({
    queryKey: shipmentKeys.detail(shipmentNumber),
    queryFn: async ({ signal }) =>
      (await apiRequest<ShipmentDetailAnswer>(shipmentPath(shipmentNumber), { signal })).data,
    // A shipment that cannot be read is answered at once ("Unable to access shipment..."), not retried.
    retry: false,
  });
}

export function useShipmentDetail(shipmentNumber: string) {
  return useQuery(shipmentDetailOptions(shipmentNumber));
}

/** A read of one sub-resource of the shipment (stops, drivers, equipment...). */
function useShipmentPart<T>(shipmentNumber: string, part: string, query?: Record<string, number>) {
  return useQuery({
    queryKey: shipmentKeys.part(shipmentNumber, part),
    queryFn: ({ signal }) => apiRequest<T>(shipmentPath(shipmentNumber, part), { signal, query }),
  });
}

export const useShipmentStops = (shipmentNumber: string) =>
  useShipmentPart<ShipmentStopList>(shipmentNumber, 'stops');
export const useShipmentDrivers = (shipmentNumber: string) =>
  useShipmentPart<AssignedDriverList>(shipmentNumber, 'drivers');
export const useShipmentEquipment = (shipmentNumber: string) =>
  useShipmentPart<ShipmentEquipment>(shipmentNumber, 'equipment');
export const useTrackingActivities = (shipmentNumber: string) =>
  useShipmentPart<TrackingActivityList>(shipmentNumber, 'tracking_activities');
export const useTrackingProblems = (shipmentNumber: string) =>
  useShipmentPart<TrackingProblemList>(shipmentNumber, 'tracking_problems');
export const useOrderDropoffs = (shipmentNumber: string) =>
  useShipmentPart<OrderDropoffs>(shipmentNumber, 'order_dropoffs');
export const useShipmentHistory = (shipmentNumber: string) =>
  useShipmentPart<ShipmentHistory>(shipmentNumber, 'history');
export const useCarrierCharges = (shipmentNumber: string) =>
  useShipmentPart<CarrierCharges>(shipmentNumber, 'carrier_charges');
export const useShipmentCases = (shipmentNumber: string) =>
  useShipmentPart<ShipmentCasePage>(shipmentNumber, 'cases', {
    page: SHIPMENT_CASES_PAGE,
    pageSize: SHIPMENT_CASES_PAGE_SIZE,
  });
