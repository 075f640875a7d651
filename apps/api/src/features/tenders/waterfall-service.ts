import type {
  AutomaticTenderingAnswer,
  ManualTenderBody,
  StartWaterfallBody,
  TenderCarrierOptions,
  WaterfallListQuery,
  WaterfallPage,
} from '@portal/contract';
import {
  ShipmentAction,
  ShipmentActor,
  ShipmentStatus,
  TenderOfferStatus,
  TenderWaterfallStatus,
} from '@portal/domain';
import type { Tx } from '../../db/database';
import type { AppContext } from '../../shared/app-context';
import type { Caller } from '../../shared/auth/caller';
import { conflict, forbidden, invalidField } from '../../shared/http/errors';
import { withVisibleShipment, type ShipmentRow } from '../../shared/shipments/find-shipment';
import { transitionShipment } from '../../shared/shipments/history';
import { dollars, iso, statusValue } from '../../shared/shipments/present';
import { tenderStatusValue } from './present';
import { sendTender, TENDER_JOBS } from './waterfall-jobs';
import {
  finishWaterfall,
  latestWaterfall,
  listWaterfalls,
  manualTendersOf,
  waterfallSteps,
} from './waterfall-repository';

function assertOperator(caller: Caller) {
  if (caller.scope.kind !== 'operator') {
    throw forbidden('Only the operator runs automatic tendering.');
  }
}

async function present(tx: Tx, shipment: ShipmentRow): Promise<AutomaticTenderingAnswer> {
  const waterfall = await latestWaterfall(tx, shipment.id);
  const steps = waterfall ? await waterfallSteps(tx, waterfall.id) : [];
  const manual = await manualTendersOf(tx, shipment.id);
  const running = waterfall?.status === TenderWaterfallStatus.Running;
  return {
    data: {
      shipmentId: shipment.id,
      shipmentNumber: shipment.shipmentNumber,
      shipmentStatus: statusValue(shipment.status),
      canStart: shipment.status === ShipmentStatus.ReadyToBook && !running,
      waterfall: waterfall
        ? {
            id: waterfall.id,
            status: waterfall.status,
            currentPosition: waterfall.currentPosition,
            carrierRate: {
              rateType: waterfall.rateType,
              chargeRateType: waterfall.chargeRateType,
              rate: dollars(waterfall.rateCents) ?? 0,
            },
            createdAt: iso(waterfall.createdAt)!,
            finishedAt: iso(waterfall.finishedAt),
            steps: steps.map((step) => ({
              position: step.position,
              carrier: { id: step.carrierCompanyId, name: step.carrierName },
              answerWindowMinutes: step.answerWindowSeconds / 60,
              tenderId: step.tenderId,
              tenderNumber: step.tenderNumber,
              tenderStatus:
                step.tenderStatus === null ? null : tenderStatusValue(step.tenderStatus),
              isExpired: step.expiredAt !== null,
              sentAt: iso(step.sentAt),
              expiresAt: iso(step.expiresAt),
              respondedAt: iso(step.respondedAt),
              rejectionReason: step.rejectionReason,
            })),
          }
        : null,
      manualTenders: manual.map((tender) => ({
        tenderId: tender.id,
        tenderNumber: tender.tenderNumber,
        carrier: { id: tender.carrierCompanyId, name: tender.carrierName },
        tenderStatus: tenderStatusValue(tender.status),
        isExpired: tender.expiredAt !== null,
        rate: dollars(tender.rateCents) ?? 0,
        sentAt: iso(tender.sentAt)!,
        expiresAt: iso(tender.expiresAt),
        respondedAt: iso(tender.respondedAt),
        rejectionReason: tender.rejectionReason,
      })),
    },
  };
}

/** The load is on the board (Ready to Book) and no waterfall runs on it; `rule` says why not. */
async function assertOpenToTender(tx: Tx, shipment: ShipmentRow, rule: string) {
  if (shipment.status !== ShipmentStatus.ReadyToBook) {
    throw conflict(
      `Shipment ${shipment.shipmentNumber} is ${statusValue(shipment.status).displayName}; ${rule}.`,
    );
  }
  const running = await latestWaterfall(tx, shipment.id);
  if (running?.status === TenderWaterfallStatus.Running) {
    throw conflict(`Shipment ${shipment.shipmentNumber} already has a waterfall running.`);
  }
}

/** Each carrier may be tendered: a carrier, bookable, not on hold, not Do Not Use, listed once. */
async function assertTenderable(tx: Tx, ids: string[], fieldOf: (index: number) => string) {
  const carriers = await tx
    .selectFrom('companies')
    .select(['id', 'kind', 'isBookable', 'doNotUse', 'isOnHold'])
    .where('id', 'in', ids)
    .execute();
  ids.forEach((id, index) => {
    const field = fieldOf(index);
    if (ids.indexOf(id) !== index)
      throw invalidField(field, 'A carrier appears twice in the waterfall');
    const carrier = carriers.find((row) => row.id === id);
    if (!carrier || carrier.kind !== 'carrier') throw invalidField(field, 'Not a carrier');
    if (!carrier.isBookable || carrier.doNotUse || carrier.isOnHold) {
      throw invalidField(
        field,
        'This carrier cannot be booked (not bookable, on hold or Do Not Use)',
      );
    }
  });
}

/** GET api/v2/shipments/{id}/automatic_tendering: the shipment's waterfall and where it stands. */
export function automaticTendering(ctx: AppContext, caller: Caller, shipmentKey: string) {
  assertOperator(caller);
  return withVisibleShipment(ctx, caller, shipmentKey, (tx, shipment) => present(tx, shipment));
}

/**
 * POST api/v2/shipments/{id}/automatic_tendering: the operator starts a waterfall on a Ready to Book
 * load. The first tender goes out from the job queue at once; each later one when the one before is
 * rejected or expires.
 */
export async function startWaterfall(
  ctx: AppContext,
  caller: Caller,
  shipmentKey: string,
  body: StartWaterfallBody,
  options: { windowSeconds?: number[] } = {},
) {
  assertOperator(caller);
  await ctx.jobs.ready();
  return withVisibleShipment(
    ctx,
    caller,
    shipmentKey,
    async (tx, shipment) => {
      await assertOpenToTender(tx, shipment, 'automatic tendering starts on a Ready to Book load');
      const ids = body.carriers.map((step) => step.carrierId.toLowerCase());
      await assertTenderable(tx, ids, (index) => `carriers.${index}.carrierId`);
      const waterfall = await tx
        .insertInto('tenderWaterfalls')
        .values({
          shipmentId: shipment.id,
          operatorCompanyId: shipment.operatorCompanyId,
          customerCompanyId: shipment.customerCompanyId,
          rateCents: Math.round(body.carrierRate.rate * 100),
          rateType: body.carrierRate.rateType,
          chargeRateType: body.carrierRate.chargeRateType,
          createdBy: caller.userId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx
        .insertInto('tenderWaterfallSteps')
        .values(
          body.carriers.map((step, position) => ({
            waterfallId: waterfall.id,
            position,
            carrierCompanyId: step.carrierId.toLowerCase(),
            answerWindowSeconds: options.windowSeconds?.[position] ?? step.answerWindowMinutes * 60,
          })),
        )
        .execute();
      await ctx.jobs.sendInTransaction(tx, TENDER_JOBS.sendStep, {
        waterfallId: waterfall.id,
        position: 0,
      });
      return present(tx, shipment);
    },
    { forUpdate: true },
  );
}

/**
 * POST api/v2/shipments/{id}/tenders: the operator tenders a Ready to Book load to one carrier, with
 * an answer window, outside any waterfall. The carrier answers it as any tender; a rejection or an
 * expiry puts the load back on the board.
 */
export async function sendManualTender(
  ctx: AppContext,
  caller: Caller,
  shipmentKey: string,
  body: ManualTenderBody,
) {
  assertOperator(caller);
  await ctx.jobs.ready();
  return withVisibleShipment(
    ctx,
    caller,
    shipmentKey,
    async (tx, shipment) => {
      await assertOpenToTender(tx, shipment, 'a tender is sent on a Ready to Book load');
      const carrierId = body.carrierId.toLowerCase();
      await assertTenderable(tx, [carrierId], () => 'carrierId');
      const now = new Date();
      await sendTender(ctx, tx, shipment, {
        carrierCompanyId: carrierId,
        rateCents: Math.round(body.carrierRate.rate * 100),
        rateType: body.carrierRate.rateType,
        chargeRateType: body.carrierRate.chargeRateType,
        answerWindowSeconds: body.answerWindowMinutes * 60,
        sentBy: caller.userId,
        waterfallId: null,
        detail: { manual: true, carrierId },
        now,
      });
      const current = await tx
        .selectFrom('shipments')
        .selectAll()
        .where('id', '=', shipment.id)
        .executeTakeFirstOrThrow();
      return present(tx, current);
    },
    { forUpdate: true },
  );
}

/**
 * DELETE api/v2/shipments/{id}/automatic_tendering: the operator stops the waterfall; its open
 * tender is rescinded and the load goes back to Ready to Book.
 */
export function stopWaterfall(ctx: AppContext, caller: Caller, shipmentKey: string) {
  assertOperator(caller);
  return withVisibleShipment(
    ctx,
    caller,
    shipmentKey,
    async (tx, shipment) => {
      const waterfall = await latestWaterfall(tx, shipment.id);
      if (waterfall?.status !== TenderWaterfallStatus.Running) {
        throw conflict(`Shipment ${shipment.shipmentNumber} has no waterfall running.`);
      }
      const now = new Date();
      await finishWaterfall(tx, waterfall.id, TenderWaterfallStatus.Stopped, now);
      await tx
        .updateTable('tenders')
        .set({ status: TenderOfferStatus.Rescinded, respondedAt: now, respondedBy: caller.userId })
        .where('waterfallId', '=', waterfall.id)
        .where('status', '=', TenderOfferStatus.Sent)
        .execute();
      let current = shipment;
      if (shipment.status === ShipmentStatus.Tendering) {
        current = await transitionShipment(tx, shipment, {
          action: ShipmentAction.RescindTenders,
          actor: ShipmentActor.Operator,
          to: ShipmentStatus.ReadyToBook,
          userId: caller.userId,
          detail: { reason: 'Automatic tendering stopped' },
          now,
        });
      }
      return present(tx, current);
    },
    { forUpdate: true },
  );
}

/** Carriers the operator may put in a waterfall: bookable, not on hold, not Do Not Use. */
export async function tenderCarrierOptions(
  ctx: AppContext,
  caller: Caller,
): Promise<TenderCarrierOptions> {
  assertOperator(caller);
  const rows = await ctx.db.tenant(caller.scope, (tx) =>
    tx
      .selectFrom('companies')
      .select(['id', 'name'])
      .where('kind', '=', 'carrier')
      .where('isBookable', '=', true)
      .where('doNotUse', '=', false)
      .where('isOnHold', '=', false)
      .orderBy('name')
      .execute(),
  );
  return { data: rows };
}

/** GET api/v2/tender_waterfalls: the operator's queue of automatic tendering. */
export async function listWaterfallsFor(
  ctx: AppContext,
  caller: Caller,
  { status, page, pageSize }: WaterfallListQuery,
): Promise<WaterfallPage> {
  assertOperator(caller);
  const { rows, totalCount } = await ctx.db.tenant(caller.scope, (tx) =>
    listWaterfalls(tx, caller.companyId, { status, page, pageSize }),
  );
  return {
    data: rows.map((row) => ({
      id: row.id,
      shipmentId: row.shipmentId,
      shipmentNumber: row.shipmentNumber,
      status: row.status,
      steps: Number(row.steps ?? 0),
      currentPosition: row.currentPosition,
      currentCarrier: row.currentCarrier,
      rate: dollars(row.rateCents) ?? 0,
      createdAt: iso(row.createdAt)!,
      finishedAt: iso(row.finishedAt),
    })),
    page,
    pageSize,
    totalCount,
  };
}
