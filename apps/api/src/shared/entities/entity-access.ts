import { EntityType, type NoteEntityType } from '@portal/domain';
import type { Tx } from '../../db/database';
import { carrierIdList, type TenantScope } from '../../db/tenancy';
import { involvedInCase, onDriversShipment } from '../tenancy/case-visibility';
import { shipmentVisibility } from '../tenancy/shipment-visibility';
import { thirdPartyInvoiceVisibility } from '../tenancy/third-party-invoice-visibility';

// The business entities documents and notes hang off, looked up by id or by number within the
// caller's scope. Written once here so documents, notes and cases agree on who sees what; the
// row-level security policies repeat the same rules as the second wall.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);
/** Ids are uuids, numbers are digits (third-party invoices are TP + digits). */
const NUMBER = /^[A-Za-z]{0,3}\d{1,18}$/;

export interface ResolvedEntity {
  entityType: NoteEntityType;
  id: string;
  /** The number people use: shipment, case, invoice or order number. */
  number: string;
  /** "Shipment 1000123", as notes and documents describe what they belong to. */
  description: string;
  /** Where the entity lives in the portal. */
  link: string;
  shipmentId: string | null;
  orderId: string | null;
  /** The companies taking part (their users may be mentioned). */
  partyCompanyIds: string[];
  /** The caller's company takes part (not merely sees it on the load board or a tender). */
  callerIsParty: boolean;
}

/** Where a key is an id or a number; anything else can match nothing. */
function keyColumn<T extends string>(key: string, idColumn: T, numberColumn: T): T | null {
  if (isUuid(key)) return idColumn;
  if (NUMBER.test(key)) return numberColumn;
  return null;
}

const unique = (ids: (string | null | undefined)[]) => [
  ...new Set(ids.filter((id): id is string => Boolean(id))),
];

export async function resolveShipment(
  tx: Tx,
  scope: TenantScope,
  key: string,
): Promise<ResolvedEntity | null> {
  const column = keyColumn(key, 'shipments.id', 'shipments.shipmentNumber');
  if (!column) return null;
  const row = await tx
    .selectFrom('shipments')
    .select([
      'shipments.id',
      'shipments.shipmentNumber',
      'shipments.orderId',
      'shipments.operatorCompanyId',
      'shipments.customerCompanyId',
      'shipments.carrierCompanyId',
    ])
    .where(shipmentVisibility(scope))
    .where(column, '=', key)
    .executeTakeFirst();
  if (!row) return null;
  const callerIsParty =
    scope.driverId !== null ||
    scope.kind === 'operator' ||
    row.customerCompanyId === scope.companyId ||
    (scope.kind === 'carrier' && row.carrierCompanyId === scope.companyId);
  return {
    entityType: EntityType.SHIPMENT,
    id: row.id,
    number: row.shipmentNumber,
    description: `Shipment ${row.shipmentNumber}`,
    link: `/all-shipments/${row.shipmentNumber}/preview/details`,
    shipmentId: row.id,
    orderId: row.orderId,
    partyCompanyIds: unique([row.operatorCompanyId, row.customerCompanyId, row.carrierCompanyId]),
    callerIsParty,
  };
}

/** Cases are seen by the companies involved in them (and the operator). */
export async function resolveCase(
  tx: Tx,
  scope: TenantScope,
  key: string,
): Promise<ResolvedEntity | null> {
  const column = keyColumn(key, 'cases.id', 'cases.caseNumber');
  if (!column) return null;
  let query = tx
    .selectFrom('cases')
    .select(['cases.id', 'cases.caseNumber', 'cases.shipmentId', 'cases.orderId'])
    .where(column, '=', key);
  if (scope.kind !== 'operator') query = query.where(involvedInCase(scope.companyId));
  if (scope.driverId) query = query.where(onDriversShipment(scope.driverId));
  const row = await query.executeTakeFirst();
  if (!row) return null;
  const parties = await tx
    .selectFrom('caseInvolvedParties')
    .select('companyId')
    .where('caseId', '=', row.id)
    .execute();
  return {
    entityType: EntityType.CASE,
    id: row.id,
    number: row.caseNumber,
    description: `Case ${row.caseNumber}`,
    link: `/cases/${row.caseNumber}/preview/notes`,
    shipmentId: row.shipmentId,
    orderId: row.orderId,
    partyCompanyIds: unique(parties.map((party) => party.companyId)),
    callerIsParty: true,
  };
}

/** Invoices are the carrier's, its factoring company's (the remit-to) and the operator's. */
export async function resolveThirdPartyInvoice(
  tx: Tx,
  scope: TenantScope,
  key: string,
): Promise<ResolvedEntity | null> {
  const column = keyColumn(key, 'thirdPartyInvoices.id', 'thirdPartyInvoices.invoiceNumber');
  if (!column) return null;
  // The invoices' own visibility rule (decision 043): a factor sees only those remitted to it.
  const row = await tx
    .selectFrom('thirdPartyInvoices')
    .leftJoin('shipments', 'shipments.id', 'thirdPartyInvoices.shipmentId')
    .select([
      'thirdPartyInvoices.id',
      'thirdPartyInvoices.invoiceNumber',
      'thirdPartyInvoices.shipmentId',
      'thirdPartyInvoices.carrierCompanyId',
      'thirdPartyInvoices.factoringCompanyId',
      'thirdPartyInvoices.operatorCompanyId',
      'shipments.orderId',
    ])
    .where(column, '=', key)
    .where(thirdPartyInvoiceVisibility(scope))
    .executeTakeFirst();
  if (!row) return null;
  return {
    entityType: EntityType.THIRD_PARTY,
    id: row.id,
    number: row.invoiceNumber,
    description: `Invoice ${row.invoiceNumber}`,
    link: `/third-party-payer-invoices/${row.invoiceNumber}/preview`,
    shipmentId: row.shipmentId,
    orderId: row.orderId,
    partyCompanyIds: unique([row.operatorCompanyId, row.carrierCompanyId, row.factoringCompanyId]),
    callerIsParty: true,
  };
}

export async function resolveApInvoice(
  tx: Tx,
  scope: TenantScope,
  key: string,
): Promise<ResolvedEntity | null> {
  const column = keyColumn(key, 'invoice.id', 'invoice.invoiceNumber');
  if (!column || scope.driverId) return null;
  let query = tx
    .selectFrom('apInvoices as invoice')
    .leftJoin('shipments', 'shipments.id', 'invoice.shipmentId')
    .select([
      'invoice.id',
      'invoice.invoiceNumber',
      'invoice.shipmentId',
      'invoice.carrierCompanyId',
      'invoice.factoringCompanyId',
      'shipments.orderId',
      'shipments.operatorCompanyId',
    ])
    .where(column, '=', key);
  if (scope.kind !== 'operator') {
    query = query.where((eb) =>
      eb.or([
        eb('invoice.carrierCompanyId', 'in', carrierIdList(scope)),
        eb('invoice.factoringCompanyId', '=', scope.companyId),
      ]),
    );
  }
  const row = await query.executeTakeFirst();
  if (!row) return null;
  return {
    entityType: EntityType.AP_INVOICE,
    id: row.id,
    number: row.invoiceNumber,
    description: `Invoice ${row.invoiceNumber}`,
    link: `/accounting/${row.invoiceNumber}/preview`,
    shipmentId: row.shipmentId,
    orderId: row.orderId,
    partyCompanyIds: unique([row.operatorCompanyId, row.carrierCompanyId, row.factoringCompanyId]),
    callerIsParty: true,
  };
}

/** Orders are the customer's and the operator's, and seen by whoever sees one of their shipments. */
export async function resolveOrder(
  tx: Tx,
  scope: TenantScope,
  key: string,
): Promise<ResolvedEntity | null> {
  const column = keyColumn(key, 'orders.id', 'orders.orderNumber');
  if (!column) return null;
  const row = await tx
    .selectFrom('orders')
    .select([
      'orders.id',
      'orders.orderNumber',
      'orders.customerCompanyId',
      'orders.operatorCompanyId',
    ])
    .where(column, '=', key)
    .executeTakeFirst();
  if (!row) return null;
  const shipments = await tx
    .selectFrom('shipments')
    .select(['shipments.id', 'shipments.carrierCompanyId'])
    .where('shipments.orderId', '=', row.id)
    .where(shipmentVisibility(scope))
    .execute();
  const ownsOrder =
    scope.driverId === null &&
    (scope.kind === 'operator'
      ? row.operatorCompanyId === scope.companyId
      : row.customerCompanyId === scope.companyId);
  if (!ownsOrder && shipments.length === 0) return null;
  const carriers = shipments.map((shipment) => shipment.carrierCompanyId);
  return {
    entityType: EntityType.ORDER,
    id: row.id,
    number: row.orderNumber,
    description: `Order ${row.orderNumber}`,
    link: `/orders/${row.orderNumber}/preview`,
    shipmentId: shipments.length === 1 ? shipments[0]!.id : null,
    orderId: row.id,
    partyCompanyIds: unique([row.operatorCompanyId, row.customerCompanyId, ...carriers]),
    callerIsParty:
      ownsOrder ||
      scope.driverId !== null ||
      (scope.kind === 'carrier' && carriers.includes(scope.companyId)),
  };
}

export function resolveEntity(
  tx: Tx,
  scope: TenantScope,
  entityType: NoteEntityType,
  key: string,
): Promise<ResolvedEntity | null> {
  switch (entityType) {
    case EntityType.SHIPMENT:
      return resolveShipment(tx, scope, key);
    case EntityType.CASE:
      return resolveCase(tx, scope, key);
    case EntityType.THIRD_PARTY:
      return resolveThirdPartyInvoice(tx, scope, key);
    case EntityType.AP_INVOICE:
      return resolveApInvoice(tx, scope, key);
    case EntityType.ORDER:
      return resolveOrder(tx, scope, key);
  }
}

export interface ResolvedOrderStop {
  id: string;
  orderId: string;
  stopNumber: number;
  stopType: string;
  city: string;
  state: string;
  /** The shipment the stop is on, as the caller sees it. */
  shipment: ResolvedEntity;
}

/** An order stop of a shipment the caller sees (proof of delivery is filed against it). */
export async function resolveOrderStop(
  tx: Tx,
  scope: TenantScope,
  orderStopId: string,
): Promise<ResolvedOrderStop | null> {
  if (!isUuid(orderStopId)) return null;
  const rows = await tx
    .selectFrom('shipmentStops as stop')
    .innerJoin('orderStops', 'orderStops.id', 'stop.orderStopId')
    .select([
      'stop.shipmentId',
      'orderStops.id',
      'orderStops.orderId',
      'orderStops.stopNumber',
      'orderStops.stopType',
      'orderStops.city',
      'orderStops.state',
    ])
    .where('stop.orderStopId', '=', orderStopId)
    .execute();
  for (const row of rows) {
    const shipment = await resolveShipment(tx, scope, row.shipmentId);
    if (shipment) return { ...row, shipment };
  }
  return null;
}
