import type {
  TenderCustomerOptions,
  TenderDetailAnswer,
  TenderFindQuery,
  TenderOfferBody,
  TenderPage,
  TenderStatusCounts,
} from '@portal/contract';
import {
  isGuid,
  ShipmentAction,
  ShipmentActor,
  ShipmentOrigination,
  tenderAnswerRefusal,
  TenderOfferStatus,
} from '@portal/domain';
import type { Tx } from '../../db/database';
import type { AppContext } from '../../shared/app-context';
import type { Caller } from '../../shared/auth/caller';
import {
  conflict,
  forbidden,
  type HttpProblem,
  invalidField,
  notFound,
} from '../../shared/http/errors';
import { runIdempotent, type IdempotentRequest } from '../../shared/http/idempotency';
import { bookShipment, BookingRefused } from '../../shared/shipments/booking';
import { statusValue } from '../../shared/shipments/present';
import { loadStopRecords, presentStop } from '../../shared/shipments/stops';
import { presentTender } from './present';
import {
  closeTender,
  findTender,
  findTenders,
  orderRequirements,
  tenderCustomers,
  tenderStatusTally,
  type TenderRow,
} from './repository';
import { TENDER_JOBS } from './waterfall-jobs';
import { tellOperator } from './notify-operator';

const ZERO = { sent: 0, accepted: 0, rejected: 0, rescinded: 0, bookingRescinded: 0 };
const KEYS: Record<number, keyof typeof ZERO> = {
  [TenderOfferStatus.Sent]: 'sent',
  [TenderOfferStatus.Accepted]: 'accepted',
  [TenderOfferStatus.Rejected]: 'rejected',
  [TenderOfferStatus.Rescinded]: 'rescinded',
  [TenderOfferStatus.BookingRescinded]: 'bookingRescinded',
};

export async function tenderStatusCounts(
  ctx: AppContext,
  caller: Caller,
): Promise<TenderStatusCounts> {
  // A driver session works its own loads and answers no tenders.
  if (caller.scope.driverId) return { data: { ...ZERO } };
  const rows = await ctx.db.tenant(caller.scope, (tx) => tenderStatusTally(tx, caller.scope), {
    readOnly: true,
  });
  const counts = { ...ZERO };
  for (const row of rows) {
    const key = KEYS[row.status];
    if (key) counts[key] += row.count;
  }
  return { data: counts };
}

/** GET api/v2/tenders: the caller's tenders (as the carrier by default), filtered and sorted. */
export async function listTenders(
  ctx: AppContext,
  caller: Caller,
  query: TenderFindQuery,
): Promise<TenderPage> {
  const { page, pageSize, ...filters } = query;
  if (caller.scope.driverId) return { data: [], page, pageSize, totalCount: 0 };
  const { rows, totalCount } = await ctx.db.tenant(caller.scope, (tx) =>
    findTenders(tx, caller.scope, filters, page, pageSize),
  );
  return { data: rows.map(presentTender), page, pageSize, totalCount };
}

export async function listTenderCustomers(
  ctx: AppContext,
  caller: Caller,
): Promise<TenderCustomerOptions> {
  const rows = await ctx.db.tenant(caller.scope, (tx) => tenderCustomers(tx, caller.scope));
  return { data: rows };
}

/** A tender in a URL: its id, its tender number (700123), or the shipment number it carries. */
export function parseTenderKey(
  value: string,
): { id: string } | { tenderNumber: string } | { shipmentNumber: string } {
  const text = value.trim();
  if (isGuid(text)) return { id: text.toLowerCase() };
  // A number is a tender number (700001...) or, failing that, the shipment number it carries.
  if (/^\d{1,15}$/.test(text)) return { tenderNumber: text };
  throw invalidField('tenderId', 'Tender ID is not valid');
}

async function findTenderOr404(
  tx: Tx,
  caller: Caller,
  key: string,
  options: { forUpdate?: boolean } = {},
): Promise<TenderRow> {
  const parsed = parseTenderKey(key);
  let tender = await findTender(tx, caller.scope, parsed, options);
  // Not a tender number: the shipment's.
  if (!tender && 'tenderNumber' in parsed) {
    tender = await findTender(tx, caller.scope, { shipmentNumber: parsed.tenderNumber }, options);
  }
  if (!tender) throw notFound('Tender');
  return tender;
}

/** Only the carrier it was sent to answers a tender (not its customer, nor the operator). */
function callerRefusal(caller: Caller, tender: TenderRow, now: Date): string | null {
  if (caller.scope.kind !== 'carrier' || caller.companyId !== tender.carrierCompanyId) {
    return `Tender ${tender.tenderNumber} was sent to ${tender.carrierName}; only that carrier can answer it.`;
  }
  return tenderAnswerRefusal({
    status: tender.status as TenderOfferStatus,
    expiresAt: tender.expiresAt,
    expiredAt: tender.expiredAt,
    tenderNumber: tender.tenderNumber,
    now,
  });
}

/** GET api/v2/tenders/{id}: the offer, the load's stops and requirements, and whether it can be answered. */
export async function getTender(
  ctx: AppContext,
  caller: Caller,
  key: string,
): Promise<TenderDetailAnswer> {
  return ctx.db.tenant(caller.scope, async (tx) => {
    const tender = await findTenderOr404(tx, caller, key);
    // The load itself is visible while the tender is open (or once booked to the caller); a closed
    // tender shows the offer as it was sent.
    const shipment = await tx
      .selectFrom('shipments')
      .select(['id', 'orderId', 'status', 'totalMiles', 'totalWeightPounds', 'equipmentLengthFeet'])
      .where('id', '=', tender.shipmentId)
      .executeTakeFirst();
    const records = shipment ? await loadStopRecords(tx, shipment) : null;
    const requirements = shipment ? await orderRequirements(tx, shipment.orderId) : [];
    return {
      data: {
        ...presentTender(tender),
        shipmentStatus: statusValue(shipment?.status ?? -1),
        totalMiles: shipment?.totalMiles ?? null,
        totalWeightPounds:
          shipment?.totalWeightPounds === null || shipment?.totalWeightPounds === undefined
            ? null
            : Number(shipment.totalWeightPounds),
        equipmentLengthFeet: shipment?.equipmentLengthFeet ?? null,
        stops: records ? records.stops.map((stop) => presentStop(records, stop)) : [],
        requirements,
        answerRefusal: callerRefusal(caller, tender, new Date()),
        waterfallId: caller.scope.kind === 'operator' ? tender.waterfallId : null,
      },
    };
  });
}

function bookingProblem(error: BookingRefused): HttpProblem {
  const detail = error.errors.map((item) => item.message).join(' ');
  const errors: Record<string, string[]> = {};
  for (const item of error.errors) (errors[item.field] ??= []).push(item.message);
  return error.status === 403 ? forbidden(detail) : conflict(detail, errors);
}

/**
 * PUT api/v2/tenders/{tenderId}/offers: the carrier accepts (the load is booked to it at the
 * tendered rate, through the one booking path) or rejects with a reason. A tender that expired, was
 * rescinded or was already answered is refused with 409; a retry with the same Idempotency-Key gets
 * the first answer.
 */
export async function answerTender(
  ctx: AppContext,
  caller: Caller,
  key: string,
  body: TenderOfferBody,
  request: IdempotentRequest,
) {
  await ctx.jobs.ready();
  return runIdempotent(ctx, caller, request, async (tx) => {
    const tender = await findTenderOr404(tx, caller, key, { forUpdate: true });
    const now = new Date();
    const refusal = callerRefusal(caller, tender, now);
    if (refusal) {
      if (caller.scope.kind !== 'carrier' || caller.companyId !== tender.carrierCompanyId) {
        throw forbidden(refusal);
      }
      throw conflict(refusal);
    }
    if (body.status === TenderOfferStatus.Accepted) {
      if (!body.carrierRate) throw invalidField('carrierRate', 'carrierRate is required to accept');
      const offered = Number(tender.rateCents);
      const answered = Math.round(body.carrierRate.rate * 100);
      if (answered !== offered) {
        throw invalidField(
          'carrierRate.rate',
          `The tender offers $${(offered / 100).toFixed(2)}; accept it at that rate or reject it.`,
        );
      }
      try {
        await bookShipment(tx, {
          scope: caller.scope,
          shipmentId: tender.shipmentId,
          carrierCompanyId: tender.carrierCompanyId,
          rate: {
            kind: 'amount',
            rateCents: offered,
            origination: ShipmentOrigination.TmsContract,
            rateType: tender.rateType,
            chargeRateType: tender.chargeRateType,
          },
          actor: ShipmentActor.Carrier,
          userId: caller.userId,
          action: ShipmentAction.AcceptTender,
          now,
        });
      } catch (error) {
        if (error instanceof BookingRefused) throw bookingProblem(error);
        throw error;
      }
      await closeTender(tx, tender.id, {
        status: TenderOfferStatus.Accepted,
        respondedAt: now,
        respondedBy: caller.userId,
      });
    } else {
      const reason = body.rejectionReason?.trim();
      if (!reason) {
        throw invalidField('rejectionReason', 'Give a reason for rejecting the tender');
      }
      await closeTender(tx, tender.id, {
        status: TenderOfferStatus.Rejected,
        respondedAt: now,
        respondedBy: caller.userId,
        rejectionReason: reason,
      });
    }
    await tellOperator(
      tx,
      tender,
      body.status === TenderOfferStatus.Accepted ? 'accepted' : 'rejected',
    );
    // The waterfall moves on (or stops) in the job queue, once this answer has committed.
    await ctx.jobs.sendInTransaction(tx, TENDER_JOBS.closed, { tenderId: tender.id });
    const updated = await findTender(tx, caller.scope, { id: tender.id });
    return { status: 200, body: { data: presentTender(updated ?? tender) } };
  });
}
