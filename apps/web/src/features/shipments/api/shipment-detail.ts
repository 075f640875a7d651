import type {
  AssignedDriverList,
  CarrierCharges,
  OrderDropoffs,
  ShipmentCasePage,
  ShipmentEquipment,
  ShipmentHistory,
  TrackingActivityList,
  TrackingProblemList,
} from '@portal/contract';
import { SHIPMENT_CASES_PAGE, SHIPMENT_CASES_PAGE_SIZE } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';
import { shipmentKeys, shipmentPath } from '../../../shared/shipments/shipment-keys';
import {
  shipmentDetailOptions,
  shipmentStopsOptions,
} from '../../../shared/shipments/shipment-queries';

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
  useQuery(shipmentStopsOptions(shipmentNumber));
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
