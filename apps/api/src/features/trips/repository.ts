import type { Tx } from '../../db/database';
import type { TenantScope } from '../../db/tenancy';
import { shipmentVisibility } from '../../shared/tenancy/shipment-visibility';

export function findTrip(tx: Tx, key: { id: string } | { tripNumber: string }) {
  return tx
    .selectFrom('trips')
    .innerJoin('companies as carrier', 'carrier.id', 'trips.carrierCompanyId')
    .select([
      'trips.id',
      'trips.tripNumber',
      'trips.createdAt',
      'carrier.id as carrierId',
      'carrier.name as carrierName',
    ])
    .where(
      'id' in key
        ? (eb) => eb('trips.id', '=', key.id)
        : (eb) => eb('trips.tripNumber', '=', key.tripNumber),
    )
    .executeTakeFirst();
}

export function tripShipments(tx: Tx, scope: TenantScope, tripIds: readonly string[]) {
  if (tripIds.length === 0) return Promise.resolve([]);
  return tx
    .selectFrom('shipments')
    .select([
      'shipments.id',
      'shipments.tripId',
      'shipments.shipmentNumber',
      'shipments.status',
      'shipments.originCity',
      'shipments.originState',
      'shipments.originPostalCode',
      'shipments.originLatitude',
      'shipments.originLongitude',
      'shipments.destinationCity',
      'shipments.destinationState',
      'shipments.destinationPostalCode',
      'shipments.destinationLatitude',
      'shipments.destinationLongitude',
      'shipments.pickupAt',
      'shipments.deliveryAt',
    ])
    .where('shipments.tripId', 'in', tripIds)
    .where(shipmentVisibility(scope))
    .orderBy('shipments.pickupAt')
    .orderBy('shipments.shipmentNumber')
    .execute();
}
