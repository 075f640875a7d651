import {
  DIRECT_STATUS_ACTIONS,
  DocumentType,
  SHIPMENT_ACTION_OPERATIONS,
  shipmentStatusDisplayName,
  ShipmentAction,
  ShipmentStatus,
  shipmentTransitionRefusal,
  shipmentTransitionsBetween,
  TenderOfferStatus,
} from '@portal/domain';
import type {
  RescindBookingBody,
  ShipmentStatusAnswer,
  ShipmentStatusBody,
} from '@portal/contract';
import type { Tx } from '../../db/database';
import type { AppContext } from '../../shared/app-context';
import type { Caller } from '../../shared/auth/caller';
import { conflict } from '../../shared/http/errors';
import { runIdempotent, type IdempotentRequest } from '../../shared/http/idempotency';
import {
  findVisibleShipment,
  parseShipmentKey,
  shipmentActor,
  shipmentRelation,
  withVisibleShipment,
  type ShipmentRow,
} from '../../shared/shipments/find-shipment';
import { assertTransition, noActor, transitionShipment } from '../../shared/shipments/history';
import { statusValue } from '../../shared/shipments/present';
import { assertShipmentVersion } from '../../shared/shipments/version';

function answer(shipment: ShipmentRow): ShipmentStatusAnswer {
  return {
    data: {
      id: shipment.id,
      shipmentNumber: shipment.shipmentNumber,
      status: statusValue(shipment.status),
      version: shipment.version,
    },
  };
}

/** Each delivery stop needs a proof of delivery (file type 12 on its order stop). */
async function assertProofOfDelivery(tx: Tx, shipment: ShipmentRow): Promise<void> {
  const stops = await tx
    .selectFrom('shipmentStops as stop')
    .select((eb) => [
      'stop.stopNumber',
      'stop.city',
      'stop.state',
      eb
        .exists(
          eb
            .selectFrom('documents as pod')
            .select('pod.id')
            .whereRef('pod.orderStopId', '=', 'stop.orderStopId')
            .where('pod.fileType', '=', DocumentType.ProofOfDelivery)
            .where('pod.deletedAt', 'is', null),
        )
        .as('hasProof'),
    ])
    .where('stop.shipmentId', '=', shipment.id)
    .where('stop.stopType', '=', 'Delivery')
    .orderBy('stop.stopNumber')
    .execute();
  const missing = stops.filter((stop) => !stop.hasProof);
  if (missing.length > 0) {
    const names = missing.map((stop) => `stop ${stop.stopNumber} (${stop.city}, ${stop.state})`);
    throw conflict(
      `Upload a proof of delivery for ${names.join(' and ')} before confirming delivery of shipment ${shipment.shipmentNumber}.`,
      { proofOfDelivery: names.map((name) => `No proof of delivery for ${name}`) },
    );
  }
}

async function rescindOpenTenders(tx: Tx, shipment: ShipmentRow, userId: string, now: Date) {
  await tx
    .updateTable('tenders')
    .set({ status: TenderOfferStatus.Rescinded, respondedAt: now, respondedBy: userId })
    .where('shipmentId', '=', shipment.id)
    .where('status', '=', TenderOfferStatus.Sent)
    .execute();
}

/**
 * PATCH .../status: the moves that are only a status change (release to and withdraw from the load
 * board, rescind open tenders, confirm and reopen delivery). Moves that belong to another operation
 * are refused with the operation to use.
 */
export function changeShipmentStatus(
  ctx: AppContext,
  caller: Caller,
  id: string,
  body: ShipmentStatusBody,
  version: number | undefined,
): Promise<ShipmentStatusAnswer> {
  return withVisibleShipment(
    ctx,
    caller,
    id,
    async (tx, shipment, relation) => {
      const actor = shipmentActor(relation);
      if (!actor) throw noActor('change the status');
      const from = shipment.status as ShipmentStatus;
      const to = body.status as ShipmentStatus;
      if (from === to) {
        throw conflict(
          `Shipment ${shipment.shipmentNumber} is already ${shipmentStatusDisplayName(to)}.`,
        );
      }
      const transitions = shipmentTransitionsBetween(from, to);
      if (transitions.length === 0) throw conflict(shipmentTransitionRefusal(from, to));
      const direct = transitions.find((transition) =>
        DIRECT_STATUS_ACTIONS.includes(transition.action),
      );
      if (!direct) {
        const how = [...new Set(transitions.map((t) => SHIPMENT_ACTION_OPERATIONS[t.action]))];
        throw conflict(
          `A shipment goes from ${shipmentStatusDisplayName(from)} to ${shipmentStatusDisplayName(to)} by ${how.join(' or ')}, not by setting its status.`,
        );
      }
      assertTransition(shipment, { action: direct.action, actor, to });
      assertShipmentVersion(shipment, version);
      const now = new Date();
      if (direct.action === ShipmentAction.ConfirmDelivery)
        await assertProofOfDelivery(tx, shipment);
      if (direct.action === ShipmentAction.RescindTenders) {
        await rescindOpenTenders(tx, shipment, caller.userId, now);
      }
      const updated = await transitionShipment(tx, shipment, {
        action: direct.action,
        actor,
        to,
        userId: caller.userId,
        detail: body.reason ? { reason: body.reason } : {},
        now,
      });
      return answer(updated);
    },
    { forUpdate: true },
  );
}

/** DELETE api/v2/shipments/{id}: void. Before booking the operator or the customer; after, the operator. */
export async function voidShipment(
  ctx: AppContext,
  caller: Caller,
  id: string,
  reason: string | undefined,
  request: IdempotentRequest,
) {
  const key = parseShipmentKey(id);
  return runIdempotent(ctx, caller, request, async (tx) => {
    const shipment = await findVisibleShipment(tx, caller.scope, key, { forUpdate: true });
    const actor = shipmentActor(shipmentRelation(caller, shipment));
    if (!actor) throw noActor('void');
    const now = new Date();
    assertTransition(shipment, { action: ShipmentAction.Void, actor, to: ShipmentStatus.Voided });
    await rescindOpenTenders(tx, shipment, caller.userId, now);
    const updated = await transitionShipment(tx, shipment, {
      action: ShipmentAction.Void,
      actor,
      to: ShipmentStatus.Voided,
      userId: caller.userId,
      detail: reason ? { reason } : {},
      now,
    });
    return { status: 200, body: answer(updated) };
  });
}

/**
 * POST .../rescind_booking: the carrier withdraws (or the operator takes the load back) before the
 * truck reaches the first stop. The load goes back on the load board without carrier, rate, drivers,
 * equipment or trip; the accepted tender becomes Booking Rescinded.
 */
export async function rescindBooking(
  ctx: AppContext,
  caller: Caller,
  id: string,
  body: RescindBookingBody,
  request: IdempotentRequest,
) {
  const key = parseShipmentKey(id);
  return runIdempotent(ctx, caller, request, async (tx) => {
    const shipment = await findVisibleShipment(tx, caller.scope, key, { forUpdate: true });
    const actor = shipmentActor(shipmentRelation(caller, shipment));
    if (!actor) throw noActor('rescind the booking');
    assertTransition(shipment, {
      action: ShipmentAction.RescindBooking,
      actor,
      to: ShipmentStatus.ReadyToBook,
    });
    const now = new Date();
    const carrier = shipment.carrierCompanyId
      ? await tx
          .selectFrom('companies')
          .select('name')
          .where('id', '=', shipment.carrierCompanyId)
          .executeTakeFirst()
      : undefined;
    await tx.deleteFrom('shipmentDrivers').where('shipmentId', '=', shipment.id).execute();
    await tx
      .updateTable('tenders')
      .set({
        status: TenderOfferStatus.BookingRescinded,
        respondedAt: now,
        respondedBy: caller.userId,
      })
      .where('shipmentId', '=', shipment.id)
      .where('status', '=', TenderOfferStatus.Accepted)
      .execute();
    const updated = await transitionShipment(tx, shipment, {
      action: ShipmentAction.RescindBooking,
      actor,
      to: ShipmentStatus.ReadyToBook,
      userId: caller.userId,
      detail: {
        carrier: carrier?.name ?? null,
        rate:
          shipment.carrierRateCents === null ? null : (shipment.carrierRateCents / 100).toFixed(2),
        ...(body.reason ? { reason: body.reason } : {}),
      },
      set: {
        carrierCompanyId: null,
        carrierRateCents: null,
        rateType: null,
        chargeRateType: null,
        originationType: null,
        bookedAt: null,
        trailerId: null,
        powerUnitId: null,
        tripId: null,
      },
      now,
    });
    return { status: 200, body: answer(updated) };
  });
}
