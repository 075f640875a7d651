import { isStopArrivalOnTime, localDateTimeInZone } from '@portal/domain';
import type { Selectable } from 'kysely';
import type { Tx } from '../../db/database';
import type { OrderLineItems, ShipmentStops } from '../../db/schema.generated';
import type { ShipmentRow } from './find-shipment';
import { iso } from './present';

// A shipment's stops with what moves at each: the line items loaded or unloaded there, the counts
// confirmed, and the stop's reference numbers. Read by the stops sub-resource and answered after
// every stop write.

export type ShipmentStopRow = Selectable<ShipmentStops>;
export type LineItemRow = Selectable<OrderLineItems>;

export interface StopRecords {
  stops: ShipmentStopRow[];
  lineItems: LineItemRow[];
  confirmations: {
    shipmentStopId: string;
    orderLineItemId: string;
    confirmedPackageCount: number;
  }[];
  references: { orderStopId: string | null; label: string; value: string }[];
}

export async function loadStopRecords(
  tx: Tx,
  shipment: Pick<ShipmentRow, 'id' | 'orderId'>,
  options: { forUpdate?: boolean } = {},
): Promise<StopRecords> {
  let stopQuery = tx
    .selectFrom('shipmentStops')
    .selectAll()
    .where('shipmentId', '=', shipment.id)
    .orderBy('stopNumber');
  if (options.forUpdate) stopQuery = stopQuery.forUpdate();
  const [stops, lineItems, confirmations, references] = await Promise.all([
    stopQuery.execute(),
    shipment.orderId
      ? tx
          .selectFrom('orderLineItems')
          .selectAll()
          .where('orderId', '=', shipment.orderId)
          .orderBy('description')
          .orderBy('id')
          .execute()
      : Promise.resolve([]),
    tx
      .selectFrom('stopLineItemConfirmations')
      .select(['shipmentStopId', 'orderLineItemId', 'confirmedPackageCount'])
      .where('shipmentId', '=', shipment.id)
      .execute(),
    shipment.orderId
      ? tx
          .selectFrom('referenceNumbers')
          .select(['orderStopId', 'label', 'value'])
          .where('orderId', '=', shipment.orderId)
          .where('orderStopId', 'is not', null)
          .orderBy('label')
          .execute()
      : Promise.resolve([]),
  ]);
  return { stops, lineItems, confirmations, references };
}

function stopTime(instant: Date | null, timeZone: string) {
  if (!instant) return null;
  return { at: iso(instant)!, local: localDateTimeInZone(new Date(instant), timeZone) };
}

export interface LineItemAtStop {
  item: LineItemRow;
  role: 'pickup' | 'delivery';
}

/** The line items loaded (pickup) or unloaded (delivery) at a stop. */
export function lineItemsAtStop(records: StopRecords, stop: ShipmentStopRow): LineItemAtStop[] {
  return records.lineItems.flatMap((item): LineItemAtStop[] => {
    if (stop.orderStopId === null) return [];
    if (item.pickupStopId === stop.orderStopId) return [{ item, role: 'pickup' as const }];
    if (item.deliveryStopId === stop.orderStopId) return [{ item, role: 'delivery' as const }];
    return [];
  });
}

export function presentStop(records: StopRecords, stop: ShipmentStopRow) {
  const zone = stop.ianaTimezone;
  return {
    shipmentStopId: stop.id,
    orderStopId: stop.orderStopId,
    stopNumber: stop.stopNumber,
    stopType: stop.stopType as 'Pickup' | 'Delivery',
    locationName: stop.locationName,
    locationAddress: {
      addressLine1: stop.addressLine1,
      city: stop.city,
      state: stop.state,
      zip: stop.postalCode,
      country: stop.country,
    },
    latitude: stop.latitude,
    longitude: stop.longitude,
    ianaTimezone: zone,
    early: stopTime(stop.earlyAt, zone),
    late: stopTime(stop.lateAt, zone),
    appointment: stopTime(stop.appointmentAt, zone),
    arrived: stopTime(stop.arrivedAt, zone),
    departed: stopTime(stop.departedAt, zone),
    isPreloaded: stop.isPreloaded,
    isOnTime: stop.arrivedAt
      ? isStopArrivalOnTime(new Date(stop.arrivedAt), stop.lateAt ? new Date(stop.lateAt) : null)
      : null,
    referenceNumbers: records.references
      .filter(
        (reference) => reference.orderStopId !== null && reference.orderStopId === stop.orderStopId,
      )
      .map(({ label, value }) => ({ label, value })),
    orderLineItems: lineItemsAtStop(records, stop).map(({ item, role }) => ({
      id: item.id,
      description: item.description,
      packageType: item.packageType,
      packageCount: item.packageCount,
      weightPounds: item.weightPounds,
      role,
      confirmedPackageCount:
        records.confirmations.find(
          (confirmation) =>
            confirmation.shipmentStopId === stop.id && confirmation.orderLineItemId === item.id,
        )?.confirmedPackageCount ?? null,
    })),
  };
}
