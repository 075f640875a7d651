import type {
  RateRequestDetailAnswer,
  RateRequestFindQuery,
  RateRequestListAnswer,
  RateRequestPage,
  RateRequestResponseBody,
  RateRequestStatusCounts,
  RateRequestSummary,
  SendRateRequestsBody,
} from '@portal/contract';
import {
  ACCESS,
  RateRequestStatus,
  ShipmentAction,
  ShipmentActor,
  ShipmentOrigination,
  ShipmentStatus,
} from '@portal/domain';
import type { Tx } from '../../db/database';
import type { AppContext } from '../../shared/app-context';
import type { Caller } from '../../shared/auth/caller';
import {
  conflict,
  forbidden,
  invalidField,
  notFound,
  type HttpProblem,
} from '../../shared/http/errors';
import { runIdempotent, type IdempotentRequest } from '../../shared/http/idempotency';
import { notifyPeople, usersWithAccess } from '../../shared/notifications/notify';
import { bookShipment, BookingRefused } from '../../shared/shipments/booking';
import { withVisibleShipment } from '../../shared/shipments/find-shipment';
import {
  copiedPlace,
  dollars,
  equipmentNames,
  iso,
  statusValue,
} from '../../shared/shipments/present';
import { loadStopRecords, presentStop } from '../../shared/shipments/stops';
import {
  findRateRequest,
  findRateRequests,
  rateRequestStatusTally,
  type RateRequestRow,
} from './repository';

const KEYS: Record<string, 'sent' | 'offered' | 'declined'> = {
  Sent: 'sent',
  Offered: 'offered',
  Declined: 'declined',
};

/** An open rate request is one sent to the carrier and not yet answered (status Sent). */
export async function rateRequestStatusCounts(
  ctx: AppContext,
  caller: Caller,
): Promise<RateRequestStatusCounts> {
  const counts = { sent: 0, offered: 0, declined: 0 };
  if (caller.scope.driverId) return { data: counts };
  const rows = await ctx.db.tenant(caller.scope, (tx) => rateRequestStatusTally(tx, caller.scope), {
    readOnly: true,
  });
  for (const row of rows) {
    const key = KEYS[row.status];
    if (key) counts[key] += row.count;
  }
  return { data: counts };
}

function present(row: RateRequestRow): RateRequestSummary {
  return {
    id: row.id,
    status: row.status,
    shipmentId: row.shipmentId,
    shipmentNumber: row.shipmentNumber ?? '',
    customer: { id: row.customerCompanyId, name: row.customerName },
    carrier: { id: row.carrierCompanyId, name: row.carrierName },
    origin: copiedPlace(row.originCity, row.originState, row.originPostalCode),
    destination: copiedPlace(row.destinationCity, row.destinationState, row.destinationPostalCode),
    pickupAt: iso(row.pickupAt),
    deliveryAt: iso(row.deliveryAt),
    equipment: equipmentNames(row.equipmentTypes ?? 0),
    requestedAt: iso(row.requestedAt)!,
    respondedAt: iso(row.respondedAt),
    offeredRate: dollars(row.offeredRateCents),
    note: row.note,
    respondingContact:
      row.respondingContactId && row.contactFirstName !== null
        ? {
            id: row.respondingContactId,
            name: `${row.contactFirstName} ${row.contactLastName ?? ''}`.trim(),
          }
        : null,
    awardedAt: iso(row.awardedAt),
  };
}

export async function listRateRequests(
  ctx: AppContext,
  caller: Caller,
  query: RateRequestFindQuery,
): Promise<RateRequestPage> {
  const { page, pageSize, ...filters } = query;
  if (caller.scope.driverId) return { data: [], page, pageSize, totalCount: 0 };
  const { rows, totalCount } = await ctx.db.tenant(caller.scope, (tx) =>
    findRateRequests(tx, caller.scope, filters, page, pageSize),
  );
  return { data: rows.map(present), page, pageSize, totalCount };
}

async function findOr404(tx: Tx, caller: Caller, id: string, forUpdate = false) {
  const row = await findRateRequest(tx, caller.scope, id.toLowerCase(), { forUpdate });
  if (!row) throw notFound('Rate request');
  return row;
}

function answerRefusal(caller: Caller, row: RateRequestRow): string | null {
  if (caller.scope.kind !== 'carrier' || caller.companyId !== row.carrierCompanyId) {
    return `This rate request was sent to ${row.carrierName}; only that carrier can answer it.`;
  }
  if (row.status === RateRequestStatus.Offered) return 'You have already sent an offer.';
  if (row.status === RateRequestStatus.Declined) return 'You have already declined this request.';
  return null;
}

function awardRefusal(
  caller: Caller,
  row: RateRequestRow,
  shipmentStatus: number | null,
): string | null {
  if (caller.scope.kind !== 'operator') return 'Only the operator awards offers.';
  if (row.awardedAt) return 'This offer has already been awarded.';
  if (row.status !== RateRequestStatus.Offered) return 'Only an offer can be awarded.';
  if (shipmentStatus !== ShipmentStatus.ReadyToBook) {
    return `Shipment ${row.shipmentNumber ?? ''} is ${shipmentStatus === null ? 'no longer available' : statusValue(shipmentStatus).displayName}; only a Ready to Book load can be awarded.`;
  }
  return null;
}

async function loadOf(tx: Tx, shipmentId: string) {
  return tx
    .selectFrom('shipments')
    .select(['id', 'orderId', 'status', 'totalMiles', 'totalWeightPounds'])
    .where('id', '=', shipmentId)
    .executeTakeFirst();
}

/** GET api/v2/rate_requests/{id}: the request, the load's stops, and what the caller may do. */
export async function getRateRequest(
  ctx: AppContext,
  caller: Caller,
  id: string,
): Promise<RateRequestDetailAnswer> {
  return ctx.db.tenant(caller.scope, async (tx) => {
    const row = await findOr404(tx, caller, id);
    const shipment = await loadOf(tx, row.shipmentId);
    const records = shipment ? await loadStopRecords(tx, shipment) : null;
    return {
      data: {
        ...present(row),
        shipmentStatus: shipment ? statusValue(shipment.status) : null,
        totalMiles: shipment?.totalMiles ?? null,
        totalWeightPounds:
          shipment?.totalWeightPounds === null || shipment?.totalWeightPounds === undefined
            ? null
            : Number(shipment.totalWeightPounds),
        stops: records ? records.stops.map((stop) => presentStop(records, stop)) : [],
        answerRefusal: answerRefusal(caller, row),
        awardRefusal:
          caller.scope.kind === 'operator'
            ? awardRefusal(caller, row, shipment?.status ?? null)
            : null,
      },
    };
  });
}

async function operatorStaff(tx: Tx) {
  const operators = await tx
    .selectFrom('companies')
    .select('id')
    .where('kind', '=', 'operator')
    .execute();
  return usersWithAccess(
    tx,
    operators.map((company) => company.id),
    ACCESS.operatorAdmin,
  );
}

/**
 * POST api/v2/rate_requests/{id}/responses: the carrier offers an amount or declines. The body names
 * the shipment and the responding contact (one of the carrier's people), as the spec's call does.
 */
export async function respondToRateRequest(
  ctx: AppContext,
  caller: Caller,
  id: string,
  body: RateRequestResponseBody,
  request: IdempotentRequest,
) {
  return runIdempotent(ctx, caller, request, async (tx) => {
    const row = await findOr404(tx, caller, id, true);
    const refusal = answerRefusal(caller, row);
    if (refusal) {
      if (caller.scope.kind !== 'carrier' || caller.companyId !== row.carrierCompanyId) {
        throw forbidden(refusal);
      }
      throw conflict(refusal);
    }
    if (body.shipmentId.toLowerCase() !== row.shipmentId) {
      throw invalidField('shipmentId', 'The rate request is for another shipment');
    }
    const contact = await tx
      .selectFrom('users')
      .select(['id'])
      .where('id', '=', body.respondingContactId.toLowerCase())
      .where('companyId', '=', caller.companyId)
      .executeTakeFirst();
    if (!contact) {
      throw invalidField(
        'respondingContactId',
        'The responding contact must be one of your people',
      );
    }
    const now = new Date();
    const offering = body.response === 'Offer';
    if (offering && body.amount === undefined) {
      throw invalidField('amount', 'Enter the amount you offer');
    }
    await tx
      .updateTable('rateRequests')
      .set({
        status: offering ? RateRequestStatus.Offered : RateRequestStatus.Declined,
        offeredRateCents: offering ? Math.round(body.amount! * 100) : null,
        offeredRateType: offering ? 'Flat' : null,
        offeredChargeRateType: offering ? 'LineHaul' : null,
        respondedAt: now,
        respondingContactId: contact.id,
        note: body.note ?? null,
      })
      .where('id', '=', row.id)
      .execute();
    await notifyPeople(tx, await operatorStaff(tx), {
      kind: 'RateRequestAnswered',
      title: offering
        ? `Offer of $${body.amount!.toFixed(2)} on shipment ${row.shipmentNumber ?? ''}`
        : `Rate request declined on shipment ${row.shipmentNumber ?? ''}`,
      body: offering
        ? `${row.carrierName} offers $${body.amount!.toFixed(2)} for shipment ${row.shipmentNumber ?? ''}.`
        : `${row.carrierName} declined to price shipment ${row.shipmentNumber ?? ''}.`,
      link: `/operations/rate-requests?request=${row.id}`,
    });
    const updated = await findOr404(tx, caller, row.id);
    return { status: 200, body: { data: present(updated) } };
  });
}

function bookingProblem(error: BookingRefused): HttpProblem {
  const detail = error.errors.map((item) => item.message).join(' ');
  const errors: Record<string, string[]> = {};
  for (const item of error.errors) (errors[item.field] ??= []).push(item.message);
  return error.status === 403 ? forbidden(detail) : conflict(detail, errors);
}

/**
 * POST api/v2/rate_requests/{id}/award: the operator takes a carrier's offer, which books the load to
 * that carrier at the offered amount through the one booking path (origination TmsSpot).
 */
export async function awardRateRequest(
  ctx: AppContext,
  caller: Caller,
  id: string,
  request: IdempotentRequest,
) {
  if (caller.scope.kind !== 'operator') throw forbidden('Only the operator awards offers.');
  return runIdempotent(ctx, caller, request, async (tx) => {
    const row = await findOr404(tx, caller, id, true);
    const shipment = await loadOf(tx, row.shipmentId);
    const refusal = awardRefusal(caller, row, shipment?.status ?? null);
    if (refusal) throw conflict(refusal);
    const now = new Date();
    try {
      await bookShipment(tx, {
        scope: caller.scope,
        shipmentId: row.shipmentId,
        carrierCompanyId: row.carrierCompanyId,
        rate: {
          kind: 'amount',
          rateCents: Number(row.offeredRateCents),
          origination: ShipmentOrigination.TmsSpot,
          rateType: row.offeredRateType ?? 'Flat',
          chargeRateType: row.offeredChargeRateType ?? 'LineHaul',
        },
        actor: ShipmentActor.Operator,
        userId: caller.userId,
        action: ShipmentAction.Book,
        now,
      });
    } catch (error) {
      if (error instanceof BookingRefused) throw bookingProblem(error);
      throw error;
    }
    await tx
      .updateTable('rateRequests')
      .set({ awardedAt: now, awardedBy: caller.userId })
      .where('id', '=', row.id)
      .execute();
    const people = await usersWithAccess(tx, [row.carrierCompanyId], ACCESS.carrierPortal);
    await notifyPeople(tx, people, {
      kind: 'RateRequestAwarded',
      title: `Shipment ${row.shipmentNumber ?? ''} is yours`,
      body: `Your offer of $${((Number(row.offeredRateCents) || 0) / 100).toFixed(2)} was accepted: shipment ${row.shipmentNumber ?? ''} is booked to you.`,
      link: `/all-shipments/${row.shipmentNumber ?? ''}/preview`,
    });
    const updated = await findOr404(tx, caller, row.id);
    return { status: 200, body: { data: present(updated) } };
  });
}

/**
 * POST api/v2/shipments/{id}/rate_requests: the operator asks carriers to price a Ready to Book or
 * Tendering load; each carrier's people hear of it in the widget.
 */
export function sendRateRequests(
  ctx: AppContext,
  caller: Caller,
  shipmentKey: string,
  body: SendRateRequestsBody,
): Promise<RateRequestListAnswer> {
  if (caller.scope.kind !== 'operator') throw forbidden('Only the operator sends rate requests.');
  return withVisibleShipment(
    ctx,
    caller,
    shipmentKey,
    async (tx, shipment) => {
      if (
        shipment.status !== ShipmentStatus.ReadyToBook &&
        shipment.status !== ShipmentStatus.Tendering
      ) {
        throw conflict(
          `Shipment ${shipment.shipmentNumber} is ${statusValue(shipment.status).displayName}; rates are asked for a load not yet booked.`,
        );
      }
      const ids = [...new Set(body.carrierIds.map((carrierId) => carrierId.toLowerCase()))];
      const carriers = await tx
        .selectFrom('companies')
        .select(['id', 'kind'])
        .where('id', 'in', ids)
        .execute();
      ids.forEach((carrierId, index) => {
        if (!carriers.some((row) => row.id === carrierId && row.kind === 'carrier')) {
          throw invalidField(`carrierIds.${index}`, 'Not a carrier');
        }
      });
      // A carrier asked already and not yet answered is not asked twice (decision 236): the load is
      // locked above, so two sends at once cannot both pass this.
      const stillOpen = await tx
        .selectFrom('rateRequests as asked')
        .innerJoin('companies as carrier', 'carrier.id', 'asked.carrierCompanyId')
        .select('carrier.name')
        .where('asked.shipmentId', '=', shipment.id)
        .where('asked.carrierCompanyId', 'in', ids)
        .where('asked.status', '=', RateRequestStatus.Sent)
        .orderBy('carrier.name')
        .execute();
      if (stillOpen.length > 0) {
        const names = [...new Set(stillOpen.map((row) => row.name))];
        throw conflict(
          `${names.join(', ')} ${names.length === 1 ? 'has' : 'have'} an open rate request for shipment ${shipment.shipmentNumber} already; nothing was sent.`,
        );
      }
      const created = await tx
        .insertInto('rateRequests')
        .values(
          ids.map((carrierCompanyId) => ({
            shipmentId: shipment.id,
            carrierCompanyId,
            customerCompanyId: shipment.customerCompanyId,
            status: RateRequestStatus.Sent,
            note: body.note ?? null,
          })),
        )
        .returning(['id', 'carrierCompanyId'])
        .execute();
      for (const request of created) {
        const people = await usersWithAccess(tx, [request.carrierCompanyId], ACCESS.carrierPortal);
        await notifyPeople(tx, people, {
          kind: 'NewRateRequest',
          title: `Rate request for shipment ${shipment.shipmentNumber}`,
          body: `Price ${shipment.originCity}, ${shipment.originState} to ${shipment.destinationCity}, ${shipment.destinationState}.`,
          link: `/rates/${request.id}/preview`,
        });
      }
      const rows = await Promise.all(created.map((request) => findOr404(tx, caller, request.id)));
      return { data: rows.map(present) };
    },
    { forUpdate: true },
  );
}
