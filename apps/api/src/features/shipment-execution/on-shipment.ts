import {
  EquipmentCategory,
  nextTrackingUpdateDue,
  ShipmentAction,
  ShipmentStatus,
  type ShipmentActor,
  type ShipmentTask,
} from '@portal/domain';
import type { Tx } from '../../db/database';
import type { AppContext } from '../../shared/app-context';
import type { Caller } from '../../shared/auth/caller';
import { runIdempotent, type IdempotentRequest } from '../../shared/http/idempotency';
import {
  findVisibleShipment,
  parseShipmentKey,
  shipmentActor,
  shipmentRelation,
  type ShipmentRow,
} from '../../shared/shipments/find-shipment';
import { transitionShipment, updateShipment } from '../../shared/shipments/history';
import { personName } from '../../shared/shipments/present';
import { assertTask } from '../../shared/shipments/reported-time';
import { insertActivity } from './repository';

/**
 * Every execution write: one transaction (honouring an Idempotency-Key), the shipment found visible
 * and locked, and the caller's relation checked against the task's actors (403 otherwise).
 */
export function onShipment<T>(
  ctx: AppContext,
  caller: Caller,
  id: string,
  task: ShipmentTask,
  request: IdempotentRequest,
  work: (
    tx: Tx,
    shipment: ShipmentRow,
    actor: ShipmentActor,
  ) => Promise<{ status: number; body: T }>,
) {
  const key = parseShipmentKey(id);
  return runIdempotent(ctx, caller, request, async (tx) => {
    const shipment = await findVisibleShipment(tx, caller.scope, key, { forUpdate: true });
    const actor = assertTask(task, shipmentActor(shipmentRelation(caller, shipment)));
    return work(tx, shipment, actor);
  });
}

/** Power-only loads pull the customer's trailer: a driver and a power unit dispatch them. */
export function needsTrailer(shipment: ShipmentRow): boolean {
  return shipment.equipmentMode !== EquipmentCategory.PowerOnly;
}

export function isDispatchReady(shipment: ShipmentRow, driverCount: number): boolean {
  return (
    driverCount > 0 &&
    shipment.powerUnitId !== null &&
    (!needsTrailer(shipment) || shipment.trailerId !== null)
  );
}

/**
 * Keeps Booked and Dispatched in step with the data: a Booked shipment with a driver, a power unit
 * and (unless power-only) a trailer is Dispatched; a Dispatched one that loses them is Booked again.
 * Otherwise the shipment's version moves on for the change just made.
 */
export async function settleDispatch(
  tx: Tx,
  shipment: ShipmentRow,
  actor: ShipmentActor,
  caller: Caller,
  now: Date,
): Promise<ShipmentRow> {
  const drivers = await tx
    .selectFrom('shipmentDrivers as assignment')
    .innerJoin('users as driver', 'driver.id', 'assignment.driverId')
    .select(['driver.firstName', 'driver.lastName', 'assignment.isPrimary'])
    .where('assignment.shipmentId', '=', shipment.id)
    .orderBy('assignment.isPrimary', 'desc')
    .execute();
  const ready = isDispatchReady(shipment, drivers.length);
  if (shipment.status === ShipmentStatus.Booked && ready) {
    const [trailer, powerUnit] = await Promise.all([
      shipment.trailerId
        ? tx
            .selectFrom('trailers')
            .select('trailerNumber')
            .where('id', '=', shipment.trailerId)
            .executeTakeFirst()
        : undefined,
      tx
        .selectFrom('powerUnits')
        .select('unitNumber')
        .where('id', '=', shipment.powerUnitId!)
        .executeTakeFirst(),
    ]);
    const driverNames = drivers.map(personName).join(' and ');
    const note = [
      `Driver ${driverNames} dispatched with truck ${powerUnit?.unitNumber ?? ''}`,
      trailer ? `and trailer ${trailer.trailerNumber}` : '',
    ]
      .join(' ')
      .trim();
    const updated = await transitionShipment(tx, shipment, {
      action: ShipmentAction.Dispatch,
      actor,
      to: ShipmentStatus.Dispatched,
      userId: caller.userId,
      detail: {
        drivers: driverNames,
        powerUnit: powerUnit?.unitNumber ?? null,
        trailer: trailer?.trailerNumber ?? null,
      },
      now,
    });
    await insertActivity(tx, {
      shipmentId: shipment.id,
      activityType: 'Dispatched',
      occurredAt: now,
      city: shipment.originCity,
      state: shipment.originState,
      latitude: shipment.originLatitude,
      longitude: shipment.originLongitude,
      note,
      source: 'Portal',
      createdBy: caller.userId,
    });
    return updated;
  }
  if (shipment.status === ShipmentStatus.Dispatched && !ready) {
    return transitionShipment(tx, shipment, {
      action: ShipmentAction.Undispatch,
      actor,
      to: ShipmentStatus.Booked,
      userId: caller.userId,
      detail: {
        reason:
          drivers.length === 0
            ? 'No driver assigned'
            : shipment.powerUnitId === null
              ? 'No power unit'
              : 'No trailer',
      },
      now,
    });
  }
  return updateShipment(tx, shipment, {}, now);
}

/** The next tracking update is due four hours after the latest event, never earlier than already due. */
export function laterDue(shipment: ShipmentRow, eventAt: Date): Date {
  const due = nextTrackingUpdateDue(eventAt);
  const current = shipment.nextUpdateDueAt ? new Date(shipment.nextUpdateDueAt) : null;
  return current && current > due ? current : due;
}
