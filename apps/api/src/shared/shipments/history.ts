import {
  checkShipmentTransition,
  nextTrackingUpdateDue,
  ShipmentStatus,
  type ShipmentAction,
  type ShipmentActor,
} from '@portal/domain';
import type { Updateable } from 'kysely';
import type { Tx } from '../../db/database';
import type { Shipments } from '../../db/schema.generated';
import { conflict, forbidden, type HttpProblem } from '../http/errors';
import type { ShipmentRow } from './find-shipment';

/** Non-status events in the shipment history (status changes are 'StatusChanged'). */
export type ShipmentHistoryAction =
  | 'StatusChanged'
  | 'DriverAssigned'
  | 'DriverRemoved'
  | 'EquipmentChanged'
  | 'AppointmentChanged'
  | 'ArrivalRecorded'
  | 'DepartureRecorded'
  | 'ProNumberChanged'
  | 'EmptyLocationChanged'
  | 'StopPreloadChanged'
  | 'ProblemReported'
  | 'ProblemResolved'
  | 'BillOfLadingCreated'
  | 'RateConfirmationCreated'
  | 'RateConfirmationSigned'
  | 'MaxBuyChanged'
  | 'OriginationChanged';

export async function recordShipmentHistory(
  tx: Tx,
  entry: {
    shipmentId: string;
    userId: string | null;
    action: ShipmentHistoryAction;
    fromStatus?: number | null;
    toStatus?: number | null;
    detail?: Record<string, unknown> | null;
    occurredAt?: Date;
  },
): Promise<void> {
  await tx
    .insertInto('shipmentHistory')
    .values({
      shipmentId: entry.shipmentId,
      userId: entry.userId,
      action: entry.action,
      fromStatus: entry.fromStatus ?? null,
      toStatus: entry.toStatus ?? null,
      detail: entry.detail ? JSON.stringify(entry.detail) : null,
      ...(entry.occurredAt ? { occurredAt: entry.occurredAt } : {}),
    })
    .execute();
}

/** Writes columns of a shipment and moves its version on; answers the row as it now stands. */
export async function updateShipment(
  tx: Tx,
  shipment: ShipmentRow,
  set: Updateable<Shipments>,
  now = new Date(),
): Promise<ShipmentRow> {
  return tx
    .updateTable('shipments')
    .set((eb) => ({ ...set, version: eb('version', '+', 1), updatedAt: now }))
    .where('id', '=', shipment.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface TransitionRequest {
  action: ShipmentAction;
  actor: ShipmentActor;
  /** Required when the action can end in more than one status (a departure). */
  to: ShipmentStatus;
  userId: string | null;
  detail?: Record<string, unknown>;
  /** Other columns written in the same update. */
  set?: Updateable<Shipments>;
  now?: Date;
}

/**
 * Moves a shipment through the state machine: refuses what the machine does not have (409) or the
 * caller may not do (403), keeps the tracking columns in step with the status, moves the version on
 * and records who did it and when in the shipment history.
 */
export async function transitionShipment(
  tx: Tx,
  shipment: ShipmentRow,
  request: TransitionRequest,
): Promise<ShipmentRow> {
  assertTransition(shipment, request);
  const now = request.now ?? new Date();
  const to = request.to;
  const set: Updateable<Shipments> = { status: to, ...request.set };
  if (to === ShipmentStatus.Dispatched && !('nextUpdateDueAt' in set)) {
    set.nextUpdateDueAt = nextTrackingUpdateDue(now);
  }
  if (
    to === ShipmentStatus.Delivered ||
    to === ShipmentStatus.DeliveryConfirmed ||
    to === ShipmentStatus.Voided ||
    to === ShipmentStatus.Booked ||
    to === ShipmentStatus.ReadyToBook
  ) {
    set.nextUpdateDueAt = null;
  }
  if (to === ShipmentStatus.Delivered && !('deliveredAt' in set) && !shipment.deliveredAt) {
    set.deliveredAt = now;
  }
  const updated = await updateShipment(tx, shipment, set, now);
  await recordShipmentHistory(tx, {
    shipmentId: shipment.id,
    userId: request.userId,
    action: 'StatusChanged',
    fromStatus: shipment.status,
    toStatus: to,
    detail: { action: request.action, ...request.detail },
    occurredAt: now,
  });
  return updated;
}

export function assertTransition(
  shipment: ShipmentRow,
  request: Pick<TransitionRequest, 'action' | 'actor' | 'to'>,
): void {
  const check = checkShipmentTransition({
    from: shipment.status as ShipmentStatus,
    action: request.action,
    actor: request.actor,
    to: request.to,
  });
  if (!check.ok) throw check.status === 403 ? forbidden(check.message) : conflict(check.message);
}

/** 403 for a caller who may not act on this shipment at all (a factoring company, an onlooker). */
export function noActor(what: string): HttpProblem {
  return forbidden(`You may not ${what} on this shipment.`);
}
