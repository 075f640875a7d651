import type {
  ConsolidatablePage,
  ConsolidatableSearchBody,
  DraftShipmentAnswer,
  DraftShipmentBody,
} from '@portal/contract';
import {
  CONSOLIDATION,
  consolidationRefusal,
  ShipmentStatus,
  type ConsolidationOrder,
} from '@portal/domain';
import type { Tx } from '../../db/database';
import type { AppContext } from '../../shared/app-context';
import type { Caller } from '../../shared/auth/caller';
import { badRequest, conflict, notFound } from '../../shared/http/errors';
import { runIdempotent, type IdempotentRequest } from '../../shared/http/idempotency';
import { recordShipmentHistory } from '../../shared/shipments/history';
import { statusValue } from '../../shared/shipments/present';
import {
  findConsolidatable,
  insertDraftShipment,
  type ConsolidationAnchor,
} from './consolidation-repository';
import { presentOrderSummary } from './present';
import {
  findOrderSummary,
  loadOrderChildren,
  type OrderKey,
  type OrderSummaryRow,
} from './repository';
import { assertBroker, lockEditable, parseOrderKey } from './service';

// Consolidation (spec section 9): orders that can travel together become one draft shipment with
// maxBuy 0, which its customer then makes Ready to Book through the shipment status path.

const LIMITS = { ...CONSOLIDATION };

function consolidationOrder(row: OrderSummaryRow): ConsolidationOrder | null {
  if (
    row.originLatitude === null ||
    row.originLongitude === null ||
    row.destinationLatitude === null ||
    row.destinationLongitude === null ||
    !row.pickupAt ||
    !row.deliveryAt
  ) {
    return null;
  }
  return {
    orderNumber: row.orderNumber,
    weightPounds: Number(row.totalWeightPounds ?? 0),
    packageCount: Number(row.totalPackageCount ?? 0),
    equipmentMode: row.equipmentMode,
    pickup: {
      latitude: row.originLatitude,
      longitude: row.originLongitude,
      earlyAt: new Date(row.pickupAt),
      lateAt: new Date(row.pickupLateAt ?? row.pickupAt),
    },
    delivery: {
      latitude: row.destinationLatitude,
      longitude: row.destinationLongitude,
      earlyAt: new Date(row.deliveryAt),
      lateAt: new Date(row.deliveryLateAt ?? row.deliveryAt),
    },
  };
}

const unplaced = (orderNumber: string) =>
  conflict(
    `Order ${orderNumber} has a stop at a place without coordinates, so it cannot be consolidated.`,
  );

export async function searchConsolidatable(
  ctx: AppContext,
  caller: Caller,
  body: ConsolidatableSearchBody,
): Promise<ConsolidatablePage> {
  assertBroker(caller);
  const key = parseOrderKey(body.orderId, 'orderId');
  return ctx.db.tenant(caller.scope, async (tx) => {
    const anchorRow = await findOrderSummary(tx, caller.companyId, key);
    if (!anchorRow) throw notFound('Order');
    const anchor = consolidationOrder(anchorRow);
    if (!anchor) throw unplaced(anchorRow.orderNumber);
    const search: ConsolidationAnchor = {
      id: anchorRow.id,
      companyId: caller.companyId,
      equipmentMode: anchor.equipmentMode,
      pickup: anchor.pickup,
      delivery: anchor.delivery,
      weightPounds: anchor.weightPounds,
      packageCount: anchor.packageCount,
    };
    const { rows, totalCount } = await findConsolidatable(tx, search, body.page, body.pageSize);
    return {
      anchor: presentOrderSummary(anchorRow),
      limits: LIMITS,
      data: rows.map((row) => ({
        ...presentOrderSummary(row),
        pickupDistanceMiles: Math.round(Number(row.pickupDistanceMiles) * 10) / 10,
        deliveryDistanceMiles: Math.round(Number(row.deliveryDistanceMiles) * 10) / 10,
      })),
      page: body.page,
      pageSize: body.pageSize,
      totalCount,
    };
  });
}

export interface LockedOrder {
  row: OrderSummaryRow;
  order: ConsolidationOrder;
  customerCompanyId: string;
}

/** One order locked for a new shipment: open, on no live shipment, every stop placed. */
async function lockOrderForShipment(tx: Tx, caller: Caller, key: OrderKey): Promise<LockedOrder> {
  const order = await lockEditable(tx, caller, key);
  const row = (await findOrderSummary(tx, caller.companyId, { id: order.id }))!;
  const consolidation = consolidationOrder(row);
  if (!consolidation) throw unplaced(row.orderNumber);
  return { row, order: consolidation, customerCompanyId: order.customerCompanyId };
}

async function lockOrders(tx: Tx, caller: Caller, keys: readonly string[]) {
  const seen = new Set<string>();
  const locked: LockedOrder[] = [];
  for (const [index, key] of keys.entries()) {
    const entry = await lockOrderForShipment(tx, caller, parseOrderKey(key, `orderIds[${index}]`));
    if (seen.has(entry.row.id)) continue;
    seen.add(entry.row.id);
    locked.push(entry);
  }
  return locked;
}

/**
 * Writes one shipment carrying locked orders: the common equipment types, total weight, pickups in
 * time order then deliveries in time order, origin the first pickup and destination the last
 * delivery, every order named in shipment_orders, and its creation in the history. Consolidation
 * makes a Draft with maxBuy 0; Book LTL order makes one Ready to Book that it books at once.
 */
export async function insertShipmentForOrders(
  tx: Tx,
  caller: Caller,
  orders: readonly Pick<LockedOrder, 'row' | 'customerCompanyId'>[],
  options: {
    status: ShipmentStatus;
    maxBuyCents: number | null;
    totalMiles?: number | null;
    action: string;
  },
) {
  const first = orders[0]!;
  const detailRows = await Promise.all(
    orders.map(async (entry) => ({
      entry,
      children: await loadOrderChildren(tx, entry.row.id),
    })),
  );
  const stops = detailRows.flatMap(({ children }) => children.stops);
  const byTime = (a: (typeof stops)[number], b: (typeof stops)[number]) =>
    (a.earlyAt ? new Date(a.earlyAt).getTime() : 0) -
    (b.earlyAt ? new Date(b.earlyAt).getTime() : 0);
  const ordered = [
    ...stops.filter((stop) => stop.stopType === 'Pickup').sort(byTime),
    ...stops.filter((stop) => stop.stopType === 'Delivery').sort(byTime),
  ];
  const origin = ordered[0]!;
  const destination = ordered[ordered.length - 1]!;
  const orderRows = await tx
    .selectFrom('orders')
    .select(['id', 'equipmentTypes', 'operatorCompanyId'])
    .where(
      'id',
      'in',
      orders.map((entry) => entry.row.id),
    )
    .execute();
  // The shipment takes the equipment every order accepts (the first order's when none is common).
  const firstTypes = orderRows.find((row) => row.id === first.row.id)!;
  const commonTypes = orderRows.reduce((mask, row) => mask & row.equipmentTypes, -1);
  const weight = orders.reduce((sum, entry) => sum + Number(entry.row.totalWeightPounds ?? 0), 0);
  const units = orders.reduce((sum, entry) => sum + Number(entry.row.totalPackageCount ?? 0), 0);

  const shipment = await insertDraftShipment(
    tx,
    {
      orderId: first.row.id,
      operatorCompanyId: firstTypes.operatorCompanyId,
      customerCompanyId: caller.companyId,
      status: options.status,
      shippingMode: first.row.shippingMode,
      equipmentMode: first.row.equipmentMode,
      equipmentTypes: commonTypes > 0 ? commonTypes : firstTypes.equipmentTypes,
      totalWeightPounds: weight,
      totalMiles: options.totalMiles ?? null,
      maxBuyCents: options.maxBuyCents,
      originCity: origin.city,
      originState: origin.state,
      originPostalCode: origin.postalCode,
      originLatitude: origin.latitude,
      originLongitude: origin.longitude,
      destinationCity: destination.city,
      destinationState: destination.state,
      destinationPostalCode: destination.postalCode,
      destinationLatitude: destination.latitude,
      destinationLongitude: destination.longitude,
      pickupAt: origin.earlyAt,
      deliveryAt: destination.earlyAt,
    },
    ordered.map((stop, index) => ({
      orderStopId: stop.id,
      stopNumber: index + 1,
      stopType: stop.stopType,
      locationId: stop.locationId,
      locationName: stop.locationName,
      addressLine1: stop.addressLine1,
      city: stop.city,
      state: stop.state,
      postalCode: stop.postalCode,
      country: stop.country,
      latitude: stop.latitude,
      longitude: stop.longitude,
      ianaTimezone: stop.ianaTimezone,
      earlyAt: stop.earlyAt,
      lateAt: stop.lateAt,
      appointmentAt: stop.appointmentAt,
    })),
    orders.map((entry) => ({ id: entry.row.id, customerCompanyId: entry.customerCompanyId })),
  );
  await recordShipmentHistory(tx, {
    shipmentId: shipment.id,
    userId: caller.userId,
    action: 'StatusChanged',
    fromStatus: null,
    toStatus: options.status,
    detail: {
      action: options.action,
      orderNumbers: orders.map((entry) => entry.row.orderNumber),
    },
  });
  return { shipment, weight, units };
}

/** POST api/v2/orders/draft_shipments: one Draft shipment (maxBuy 0) carrying the orders. */
export async function createDraftShipment(
  ctx: AppContext,
  caller: Caller,
  body: DraftShipmentBody,
  request: IdempotentRequest,
) {
  assertBroker(caller);
  return runIdempotent<DraftShipmentAnswer>(ctx, caller, request, async (tx) => {
    const orders = await lockOrders(tx, caller, body.orderIds);
    const refusal = consolidationRefusal(orders.map((entry) => entry.order));
    if (refusal) throw badRequest(refusal, { orderIds: [refusal] });

    const { shipment, weight, units } = await insertShipmentForOrders(tx, caller, orders, {
      status: ShipmentStatus.Draft,
      maxBuyCents: CONSOLIDATION.maxBuy * 100,
      action: 'ConsolidateOrders',
    });
    return {
      status: 201,
      body: {
        data: {
          id: shipment.id,
          shipmentNumber: shipment.shipmentNumber,
          status: statusValue(shipment.status),
          version: shipment.version,
          maxBuy: CONSOLIDATION.maxBuy,
          totalWeightPounds: weight,
          totalPackageCount: units,
          orderNumbers: orders.map((entry) => entry.row.orderNumber),
        },
      },
    };
  });
}
