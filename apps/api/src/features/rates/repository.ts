import type { Selectable } from 'kysely';
import type { Tx } from '../../db/database';
import type { Quotes, Rates } from '../../db/schema.generated';

export type RateRow = Selectable<Rates>;
export type QuoteRow = Selectable<Quotes>;

/** The carrier's lane rates between two states (its index: carrier, origin state, destination state). */
export function laneRates(
  tx: Tx,
  carrierCompanyId: string,
  originState: string,
  destinationState: string,
): Promise<RateRow[]> {
  return tx
    .selectFrom('rates')
    .selectAll()
    .where('carrierCompanyId', '=', carrierCompanyId)
    .where('originState', '=', originState)
    .where('destinationState', '=', destinationState)
    .orderBy('rateCents')
    .orderBy('id')
    .execute();
}

/**
 * The lane rates carriers hold for one customer between two states (rates_customer_idx), with the
 * carrier's name; row-level security lets the customer read exactly these (migration 0200).
 */
export function customerLaneRates(
  tx: Tx,
  customerCompanyId: string,
  originState: string,
  destinationState: string,
): Promise<(RateRow & { carrierName: string })[]> {
  return tx
    .selectFrom('rates')
    .innerJoin('companies', 'companies.id', 'rates.carrierCompanyId')
    .selectAll('rates')
    .select('companies.name as carrierName')
    .where('rates.customerCompanyId', '=', customerCompanyId)
    .where('rates.originState', '=', originState)
    .where('rates.destinationState', '=', destinationState)
    .orderBy('rates.rateCents')
    .orderBy('rates.id')
    .execute();
}

export interface OrderLane {
  shippingMode: number;
  equipmentMode: number;
  originState: string | null;
  originCity: string | null;
  originLatitude: number | null;
  originLongitude: number | null;
  pickupAt: Date | null;
  destinationState: string | null;
  destinationCity: string | null;
  destinationLatitude: number | null;
  destinationLongitude: number | null;
}

/** A customer's own order's lane: its first pickup and last delivery (another's is missing). */
export async function ownOrderLane(
  tx: Tx,
  customerCompanyId: string,
  orderId: string,
): Promise<OrderLane | undefined> {
  const order = await tx
    .selectFrom('orders')
    .select(['id', 'shippingMode', 'equipmentMode'])
    .where('customerCompanyId', '=', customerCompanyId)
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order) return undefined;
  const end = (stopType: 'Pickup' | 'Delivery') =>
    tx
      .selectFrom('orderStops')
      .select(['state', 'city', 'latitude', 'longitude', 'earlyAt'])
      .where('orderId', '=', order.id)
      .where('stopType', '=', stopType)
      .orderBy('stopNumber', stopType === 'Pickup' ? 'asc' : 'desc')
      .limit(1)
      .executeTakeFirst();
  const [pickup, delivery] = await Promise.all([end('Pickup'), end('Delivery')]);
  return {
    shippingMode: order.shippingMode,
    equipmentMode: order.equipmentMode,
    originState: pickup?.state ?? null,
    originCity: pickup?.city ?? null,
    originLatitude: pickup?.latitude ?? null,
    originLongitude: pickup?.longitude ?? null,
    pickupAt: pickup?.earlyAt ?? null,
    destinationState: delivery?.state ?? null,
    destinationCity: delivery?.city ?? null,
    destinationLatitude: delivery?.latitude ?? null,
    destinationLongitude: delivery?.longitude ?? null,
  };
}

/** The carrier's spot quotes for some shipments, newest first. */
export function quotesFor(
  tx: Tx,
  carrierCompanyId: string,
  shipmentIds: string[],
): Promise<QuoteRow[]> {
  if (shipmentIds.length === 0) return Promise.resolve([]);
  return tx
    .selectFrom('quotes')
    .selectAll()
    .where('carrierCompanyId', '=', carrierCompanyId)
    .where('shipmentId', 'in', shipmentIds)
    .orderBy('createdAt', 'desc')
    .orderBy('id')
    .execute();
}

export function insertQuote(
  tx: Tx,
  values: {
    customerCompanyId: string;
    carrierCompanyId: string;
    shipmentId: string;
    equipmentMode: number;
    effectiveDate: string;
    priceCents: number;
    isHazmatRequired: boolean;
    isTeamRequired: boolean;
    quoteStops: unknown;
  },
): Promise<QuoteRow> {
  return tx
    .insertInto('quotes')
    .values({
      ...values,
      shippingMode: 0,
      markupTotalCents: 0,
      quoteStops: JSON.stringify(values.quoteStops),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
