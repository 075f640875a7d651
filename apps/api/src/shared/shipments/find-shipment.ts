import { isGuid, SHIPMENT_MESSAGES, ShipmentActor } from '@portal/domain';
import type { Selectable } from 'kysely';
import type { Tx } from '../../db/database';
import type { Shipments } from '../../db/schema.generated';
import { compiledStatements } from '../../db/compiled-statements';
import { scopeOfValues, type ScopeKind, type TenantScope } from '../../db/tenancy';
import type { AppContext } from '../app-context';
import type { Caller } from '../auth/caller';
import { invalidField, notFound } from '../http/errors';
import { shipmentVisibility } from '../tenancy/shipment-visibility';

export type ShipmentRow = Selectable<Shipments>;

/** How the caller stands to a shipment it can see. */
export type ShipmentRelation =
  'operator' | 'customer' | 'carrier' | 'driver' | 'factoring' | 'viewer';

export type ShipmentKey = { id: string } | { shipmentNumber: string };

/**
 * A shipment in a URL or body: its number (what the screens show) or its id (what an invoice
 * carries). Anything else is the spec's "Shipment ID is not valid".
 */
export function parseShipmentKey(value: string, field = 'id'): ShipmentKey {
  const text = value.trim();
  if (isGuid(text)) return { id: text.toLowerCase() };
  if (/^\d{1,15}$/.test(text)) return { shipmentNumber: text };
  throw invalidField(field, SHIPMENT_MESSAGES.invalidShipmentId);
}

export function sameShipmentKey(key: ShipmentKey, shipment: ShipmentRow): boolean {
  return 'id' in key ? key.id === shipment.id : key.shipmentNumber === shipment.shipmentNumber;
}

/**
 * The shipment the caller may see, or 404 exactly like a missing one. `forUpdate` locks the row
 * for the rest of the transaction, so two writers to one shipment take turns.
 */
export async function findVisibleShipment(
  tx: Tx,
  scope: TenantScope,
  key: ShipmentKey,
  options: { forUpdate?: boolean } = {},
): Promise<ShipmentRow> {
  const { rows } = await visibleShipment(
    tx,
    {
      kind: scope.kind,
      driver: scope.driverId !== null,
      byId: 'id' in key,
      forUpdate: options.forUpdate === true,
    },
    visibleShipmentValues(scope, key),
  );
  const shipment = rows[0];
  if (!shipment) throw notFound('Shipment');
  return shipment;
}

/** What a statement finding one visible shipment binds: the caller's scope and the key. */
export function visibleShipmentValues(scope: TenantScope, key: ShipmentKey) {
  return {
    companyId: scope.companyId,
    carrierIds: scope.carrierIds,
    driverId: scope.driverId ?? '',
    key: 'id' in key ? key.id : key.shipmentNumber,
  };
}

interface VisibleShipmentShape {
  kind: ScopeKind;
  driver: boolean;
  byId: boolean;
  forUpdate: boolean;
}

/** The shipment by id or number among the caller's, built once per shape (compiledStatements). */
const visibleShipment = compiledStatements(
  (shape: VisibleShipmentShape) => Object.values(shape).join(':'),
  (
    tx,
    shape,
    values: { companyId: string; carrierIds: readonly string[]; driverId: string; key: string },
  ) => {
    const query = tx
      .selectFrom('shipments')
      .selectAll('shipments')
      .where(shipmentVisibility(scopeOfValues(shape, values)))
      .where(shape.byId ? 'shipments.id' : 'shipments.shipmentNumber', '=', values.key);
    return shape.forUpdate ? query.forUpdate() : query;
  },
);

export function shipmentRelation(
  caller: Caller,
  shipment: Pick<ShipmentRow, 'carrierCompanyId' | 'customerCompanyId'>,
): ShipmentRelation {
  if (caller.driverId) return 'driver';
  if (caller.scope.kind === 'operator') return 'operator';
  if (
    caller.scope.kind === 'carrier' &&
    shipment.carrierCompanyId !== null &&
    shipment.carrierCompanyId === caller.companyId
  ) {
    return 'carrier';
  }
  if (shipment.customerCompanyId === caller.companyId) return 'customer';
  if (
    caller.scope.kind === 'factoring' &&
    shipment.carrierCompanyId !== null &&
    caller.scope.carrierIds.includes(shipment.carrierCompanyId)
  ) {
    return 'factoring';
  }
  return 'viewer';
}

/** The state machine's actor for a relation; factoring companies and onlookers act on nothing. */
export function shipmentActor(relation: ShipmentRelation): ShipmentActor | null {
  switch (relation) {
    case 'operator':
      return ShipmentActor.Operator;
    case 'customer':
      return ShipmentActor.Customer;
    case 'carrier':
      return ShipmentActor.Carrier;
    case 'driver':
      return ShipmentActor.Driver;
    default:
      return null;
  }
}

/** Who may see money on a shipment: the carrier's rate and the operator's buy and sell rates. */
export function canSeeCarrierRate(relation: ShipmentRelation): boolean {
  return relation === 'operator' || relation === 'carrier' || relation === 'factoring';
}
export function canSeeCustomerRate(relation: ShipmentRelation): boolean {
  return relation === 'operator' || relation === 'customer';
}

/**
 * Runs a read (or a write) on one shipment the caller may see, in one tenant transaction: the
 * shipment is found by number or id (404 when not visible) and handed over with the caller's relation.
 */
export async function withVisibleShipment<T>(
  ctx: AppContext,
  caller: Caller,
  id: string,
  work: (tx: Tx, shipment: ShipmentRow, relation: ShipmentRelation) => Promise<T>,
  options: { forUpdate?: boolean; readOnly?: boolean } = {},
): Promise<T> {
  const key = parseShipmentKey(id);
  return ctx.db.tenant(
    caller.scope,
    async (tx) => {
      const shipment = await findVisibleShipment(tx, caller.scope, key, options);
      return work(tx, shipment, shipmentRelation(caller, shipment));
    },
    { readOnly: options.readOnly === true },
  );
}
