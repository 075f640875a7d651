import type {
  OrderAnswer,
  OrderBody,
  OrderDuplicateAnswer,
  OrderFilterSet,
  OrderFilterSetBody,
  OrderFindBody,
  OrderPage,
  OrderStatusCounts,
} from '@portal/contract';
import { isGuid, OrderStatus } from '@portal/domain';
import type { Selectable } from 'kysely';
import type { Tx } from '../../db/database';
import type { Orders, SavedFilterSets } from '../../db/schema.generated';
import type { AppContext } from '../../shared/app-context';
import type { Caller } from '../../shared/auth/caller';
import { conflict, forbidden, invalidField, notFound } from '../../shared/http/errors';
import { runIdempotent, type IdempotentRequest } from '../../shared/http/idempotency';
import { filterSetStore } from '../../shared/filter-sets/repository';
import { iso } from '../../shared/shipments/present';
import { orderGraphFromBody } from './order-input';
import { presentOrderDetail, presentOrderSummary } from './present';
import {
  findOrderRow,
  findOrderSummary,
  findOrders,
  insertOrder,
  loadOrderChildren,
  operatorCompanyId,
  orderStatusTally,
  replaceOrder,
  type OrderGraph,
  type OrderKey,
} from './repository';

// Orders are placed by brokers (decision 012): a broker's company is the orders' customer, and
// every read and write is scoped to it; another company's order answers like a missing one.

export const BROKERS_ONLY = 'Orders are placed by brokers';

export function assertBroker(caller: Caller): void {
  if (!caller.isBroker) throw forbidden(BROKERS_ONLY);
}

/** An order in a URL or body: its id or its number. */
export function parseOrderKey(value: string, field = 'orderNumber'): OrderKey {
  const text = value.trim();
  if (isGuid(text)) return { id: text.toLowerCase() };
  if (/^\d{1,18}$/.test(text)) return { orderNumber: text };
  throw invalidField(field, 'Give an order number or id');
}

export async function findOrderPage(
  ctx: AppContext,
  caller: Caller,
  body: OrderFindBody,
): Promise<OrderPage> {
  assertBroker(caller);
  const { page, pageSize, ...filters } = body;
  const { rows, totalCount } = await ctx.db.tenant(caller.scope, (tx) =>
    findOrders(tx, caller.companyId, filters, page, pageSize),
  );
  return { data: rows.map(presentOrderSummary), page, pageSize, totalCount };
}

const COUNT_KEYS: Record<string, keyof OrderStatusCounts['data']> = {
  [OrderStatus.Open]: 'open',
  [OrderStatus.InProgress]: 'inProgress',
  [OrderStatus.Completed]: 'completed',
  [OrderStatus.Cancelled]: 'cancelled',
};

export async function orderStatusCounts(
  ctx: AppContext,
  caller: Caller,
): Promise<OrderStatusCounts> {
  assertBroker(caller);
  const rows = await ctx.db.tenant(caller.scope, (tx) => orderStatusTally(tx, caller.companyId));
  const counts = { all: 0, open: 0, inProgress: 0, completed: 0, cancelled: 0 };
  for (const row of rows) {
    counts.all += row.count;
    const key = COUNT_KEYS[row.status];
    if (key) counts[key] += row.count;
  }
  return { data: counts };
}

async function detail(tx: Tx, caller: Caller, key: OrderKey): Promise<OrderAnswer> {
  const summary = await findOrderSummary(tx, caller.companyId, key);
  const order = summary ? await findOrderRow(tx, caller.companyId, { id: summary.id }) : undefined;
  if (!summary || !order) throw notFound('Order');
  return { data: presentOrderDetail(summary, order, await loadOrderChildren(tx, order.id)) };
}

export async function getOrder(ctx: AppContext, caller: Caller, key: string) {
  assertBroker(caller);
  const parsed = parseOrderKey(key);
  return ctx.db.tenant(caller.scope, (tx) => detail(tx, caller, parsed));
}

export async function createOrder(
  ctx: AppContext,
  caller: Caller,
  body: OrderBody,
  request: IdempotentRequest,
) {
  assertBroker(caller);
  return runIdempotent<OrderAnswer>(ctx, caller, request, async (tx) => {
    const graph = await orderGraphFromBody(
      tx,
      inputContext(caller, await operatorCompanyId(tx)),
      body,
    );
    const created = await insertOrder(tx, graph);
    return { status: 201, body: await detail(tx, caller, { id: created.id }) };
  });
}

function inputContext(caller: Caller, operatorId: string, existingLineItemIds?: Set<string>) {
  return {
    companyId: caller.companyId,
    operatorCompanyId: operatorId,
    userId: caller.userId,
    existingLineItemIds,
  };
}

/** An order changes only while it is open and on no shipment. */
export async function lockEditable(tx: Tx, caller: Caller, key: OrderKey) {
  const order = await findOrderRow(tx, caller.companyId, key, { forUpdate: true });
  if (!order) throw notFound('Order');
  const summary = await findOrderSummary(tx, caller.companyId, { id: order.id });
  if (summary?.shipmentNumber) {
    throw conflict(
      `Order ${order.orderNumber} is on shipment ${summary.shipmentNumber} and can no longer be changed.`,
    );
  }
  if (order.status !== OrderStatus.Open) {
    throw conflict(`Order ${order.orderNumber} is ${order.status} and can no longer be changed.`);
  }
  return order;
}

export async function updateOrder(ctx: AppContext, caller: Caller, key: string, body: OrderBody) {
  assertBroker(caller);
  const parsed = parseOrderKey(key);
  if (body.version === undefined) {
    throw invalidField('version', 'Send the version of the order you edited');
  }
  return ctx.db.tenant(caller.scope, async (tx) => {
    const order = await lockEditable(tx, caller, parsed);
    if (order.version !== body.version) {
      throw conflict(
        `Order ${order.orderNumber} was changed by someone else since you opened it. Reload it and make your changes again.`,
        { version: ['The order has a newer version'] },
      );
    }
    const children = await loadOrderChildren(tx, order.id);
    const graph = await orderGraphFromBody(
      tx,
      inputContext(
        caller,
        order.operatorCompanyId,
        new Set(children.lineItems.map((item) => item.id)),
      ),
      body,
    );
    const { createdBy: _createdBy, ...fields } = graph.order;
    await replaceOrder(tx, order.id, { ...graph, order: fields as OrderGraph['order'] });
    return detail(tx, caller, { id: order.id });
  });
}

/** The order's rows again, as a new open Portal order (new ids, new number). */
function copyGraph(
  order: Selectable<Orders>,
  children: Awaited<ReturnType<typeof loadOrderChildren>>,
  userId: string,
): OrderGraph {
  const stopIndex = new Map(children.stops.map((stop, index) => [stop.id, index]));
  const {
    id: _id,
    orderNumber: _number,
    createdAt: _created,
    updatedAt: _updated,
    version: _version,
    status: _status,
    tmsOrderDetails: _tms,
    ...fields
  } = order;
  return {
    order: { ...fields, orderSource: 'Portal', createdBy: userId },
    stops: children.stops.map(
      ({ id, orderId: _o, customerCompanyId: _c, stopNumber: _n, ...stop }) => ({
        ...stop,
        referenceNumbers: children.references
          .filter((reference) => reference.orderStopId === id)
          .map(({ label, value }) => ({ label, value })),
      }),
    ),
    lineItems: children.lineItems.map(
      ({ id: _id, orderId: _o, customerCompanyId: _c, pickupStopId, deliveryStopId, ...item }) => ({
        ...item,
        pickupStop: stopIndex.get(pickupStopId) ?? 0,
        deliveryStop: stopIndex.get(deliveryStopId) ?? 0,
      }),
    ),
    referenceNumbers: children.references
      .filter((reference) => reference.orderStopId === null)
      .map(({ label, value }) => ({ label, value })),
    requirements: children.requirements.map((row) => row.requirement),
    accessorials: children.accessorials,
  };
}

export async function duplicateOrder(
  ctx: AppContext,
  caller: Caller,
  key: string,
  copies: number,
  request: IdempotentRequest,
) {
  assertBroker(caller);
  const parsed = parseOrderKey(key);
  return runIdempotent<OrderDuplicateAnswer>(ctx, caller, request, async (tx) => {
    const order = await findOrderRow(tx, caller.companyId, parsed);
    if (!order) throw notFound('Order');
    const graph = copyGraph(order, await loadOrderChildren(tx, order.id), caller.userId);
    const created: OrderDuplicateAnswer['data'] = [];
    for (let copy = 0; copy < copies; copy += 1) created.push(await insertOrder(tx, graph));
    return { status: 201, body: { data: created } };
  });
}

// ---- Saved filter sets ----

const filterSets = filterSetStore('orders');

function toFilterSet(row: Selectable<SavedFilterSets>): OrderFilterSet {
  return {
    id: row.id,
    viewName: row.viewName,
    filterFields: row.filterFields as OrderFilterSet['filterFields'],
    createdAt: iso(row.createdAt)!,
  };
}

const duplicateView = (viewName: string) =>
  conflict(`You already have a view named "${viewName}" on this list`, {
    viewName: ['A view with this name already exists'],
  });

export async function listOrderFilterSets(ctx: AppContext, caller: Caller) {
  assertBroker(caller);
  const rows = await ctx.db.tenant(caller.scope, (tx) =>
    filterSets.listFilterSets(tx, caller.userId, ['']),
  );
  return { data: rows.map(toFilterSet) };
}

export async function saveOrderFilterSet(
  ctx: AppContext,
  caller: Caller,
  body: OrderFilterSetBody,
  id?: string,
) {
  assertBroker(caller);
  const viewName = body.viewName.trim();
  const row = await ctx.db.tenant(caller.scope, async (tx) => {
    if (id && !(await filterSets.findFilterSet(tx, caller.userId, id))) {
      throw notFound('Filter set');
    }
    const sameName = await filterSets.findFilterSetByName(tx, caller.userId, '', viewName);
    if (sameName && sameName.id !== id) throw duplicateView(viewName);
    const fields = { listName: '', viewName, filterFields: body.filterFields };
    return id
      ? filterSets.updateFilterSet(tx, id, fields)
      : filterSets.insertFilterSet(tx, {
          ...fields,
          userId: caller.userId,
          companyId: caller.companyId,
        });
  });
  return { data: toFilterSet(row) };
}

export async function removeOrderFilterSet(ctx: AppContext, caller: Caller, id: string) {
  assertBroker(caller);
  await ctx.db.tenant(caller.scope, async (tx) => {
    if (!(await filterSets.findFilterSet(tx, caller.userId, id))) throw notFound('Filter set');
    await filterSets.deleteFilterSet(tx, id);
  });
}
