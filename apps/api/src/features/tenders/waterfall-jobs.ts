import {
  ACCESS,
  ShipmentAction,
  ShipmentActor,
  ShipmentStatus,
  TenderOfferStatus,
  TenderWaterfallStatus,
} from '@portal/domain';
import type { Tx } from '../../db/database';
import type { AppContext } from '../../shared/app-context';
import { escapeHtml } from '../../shared/email/mailer';
import { notifyPeople, usersWithAccess } from '../../shared/notifications/notify';
import type { ShipmentRow } from '../../shared/shipments/find-shipment';
import { transitionShipment } from '../../shared/shipments/history';
import { tellOperator } from './notify-operator';
import {
  finishWaterfall,
  lockTender,
  lockWaterfall,
  openTendersOf,
  waterfallStep,
} from './waterfall-repository';

// Automatic tendering, run by the job queue. Every handler reads the state it would change under a
// row lock and does nothing when the work is already done, so a job delivered twice (a worker killed
// mid-job, a retry) or late changes nothing twice. Each handler writes the jobs that follow it in
// its own transaction, so no crash between a change and its follow-up can lose the follow-up.

export const TENDER_JOBS = {
  /** Send the tender of one step of a waterfall. */
  sendStep: 'tenders.send-step',
  /** A tender's answer window ended: expire it if nobody answered. */
  expire: 'tenders.expire',
  /** A tender was answered: the waterfall moves on, stops, or the load goes back on the board. */
  closed: 'tenders.closed',
} as const;

export function registerTenderJobs(ctx: AppContext): void {
  ctx.jobs.handle(TENDER_JOBS.sendStep, async (data) => {
    await ctx.db.system((tx) =>
      sendWaterfallStep(ctx, tx, String(data.waterfallId), Number(data.position)),
    );
  });
  ctx.jobs.handle(TENDER_JOBS.expire, async (data) => {
    await ctx.db.system((tx) => expireTender(ctx, tx, String(data.tenderId)));
  });
  ctx.jobs.handle(TENDER_JOBS.closed, async (data) => {
    await ctx.db.system((tx) => tenderClosed(ctx, tx, String(data.tenderId)));
  });
  ctx.jobs.onStart(() => queueMissingExpiries(ctx));
}

/**
 * Open tenders written without the queue (the demo world, imports) get their expiry job once, when
 * a worker starts; `expiry_queued_at` remembers it, so a restart queues nothing twice.
 */
async function queueMissingExpiries(ctx: AppContext) {
  await ctx.db.system(async (tx) => {
    const open = await tx
      .selectFrom('tenders')
      .select(['id', 'expiresAt'])
      .where('status', '=', TenderOfferStatus.Sent)
      .where('expiryQueuedAt', 'is', null)
      .where('expiresAt', 'is not', null)
      .orderBy('expiresAt')
      .limit(10_000)
      .forUpdate()
      .skipLocked()
      .execute();
    for (const tender of open) {
      await ctx.jobs.sendInTransaction(
        tx,
        TENDER_JOBS.expire,
        { tenderId: tender.id },
        { startAfter: new Date(tender.expiresAt!) },
      );
    }
    if (open.length > 0) {
      await tx
        .updateTable('tenders')
        .set({ expiryQueuedAt: new Date() })
        .where(
          'id',
          'in',
          open.map((tender) => tender.id),
        )
        .execute();
    }
  });
}

async function sendWaterfallStep(ctx: AppContext, tx: Tx, waterfallId: string, position: number) {
  const waterfall = await lockWaterfall(tx, waterfallId);
  if (!waterfall || waterfall.status !== TenderWaterfallStatus.Running) return;
  // Already sent (a repeated job), or not this step's turn.
  if (waterfall.currentPosition !== position - 1) return;
  const now = new Date();
  const step = await waterfallStep(tx, waterfallId, position);
  const shipment = await tx
    .selectFrom('shipments')
    .selectAll()
    .where('id', '=', waterfall.shipmentId)
    .forUpdate()
    .executeTakeFirst();
  if (
    !step ||
    !shipment ||
    (shipment.status !== ShipmentStatus.ReadyToBook && shipment.status !== ShipmentStatus.Tendering)
  ) {
    // The load moved on without the waterfall (voided, booked another way): it stops here.
    await finishWaterfall(tx, waterfallId, TenderWaterfallStatus.Stopped, now);
    return;
  }
  const tenderId = await sendTender(ctx, tx, shipment, {
    carrierCompanyId: step.carrierCompanyId,
    rateCents: Number(waterfall.rateCents),
    rateType: waterfall.rateType,
    chargeRateType: waterfall.chargeRateType,
    answerWindowSeconds: step.answerWindowSeconds,
    sentBy: waterfall.createdBy,
    waterfallId,
    detail: { waterfallId, position },
    now,
  });
  await tx
    .updateTable('tenderWaterfallSteps')
    .set({ tenderId })
    .where('waterfallId', '=', waterfallId)
    .where('position', '=', position)
    .execute();
  await tx
    .updateTable('tenderWaterfalls')
    .set({ currentPosition: position })
    .where('id', '=', waterfallId)
    .execute();
}

export interface TenderToSend {
  carrierCompanyId: string;
  rateCents: number;
  rateType: string;
  chargeRateType: string;
  answerWindowSeconds: number;
  sentBy: string | null;
  /** The waterfall that sends it, or null for a tender the operator sends by hand. */
  waterfallId: string | null;
  detail: Record<string, unknown>;
  now: Date;
}

/**
 * Sends one tender on a Ready to Book or Tendering load (locked by the caller): the load becomes
 * Tendering, the tender's expiry is queued in the same transaction, and the carrier is told.
 * Answers the tender's id.
 */
export async function sendTender(
  ctx: AppContext,
  tx: Tx,
  shipment: ShipmentRow,
  send: TenderToSend,
): Promise<string> {
  const { now } = send;
  if (shipment.status === ShipmentStatus.ReadyToBook) {
    await transitionShipment(tx, shipment, {
      action: ShipmentAction.SendTender,
      actor: ShipmentActor.Operator,
      to: ShipmentStatus.Tendering,
      userId: send.sentBy,
      detail: send.detail,
      now,
    });
  }
  const expiresAt = new Date(now.getTime() + send.answerWindowSeconds * 1000);
  const tender = await tx
    .insertInto('tenders')
    .values({
      shipmentId: shipment.id,
      carrierCompanyId: send.carrierCompanyId,
      customerCompanyId: shipment.customerCompanyId,
      status: TenderOfferStatus.Sent,
      rateCents: send.rateCents,
      rateType: send.rateType,
      chargeRateType: send.chargeRateType,
      expiresAt,
      sentAt: now,
      sentBy: send.sentBy,
      waterfallId: send.waterfallId,
      expiryQueuedAt: now,
    })
    .returning(['id', 'tenderNumber', 'shipmentNumber'])
    .executeTakeFirstOrThrow();
  await ctx.jobs.sendInTransaction(
    tx,
    TENDER_JOBS.expire,
    { tenderId: tender.id },
    { startAfter: expiresAt },
  );
  await tellCarrier(ctx, tx, {
    tenderId: tender.id,
    tenderNumber: tender.tenderNumber,
    shipmentNumber: tender.shipmentNumber ?? shipment.shipmentNumber,
    carrierCompanyId: send.carrierCompanyId,
    lane: `${shipment.originCity}, ${shipment.originState} to ${shipment.destinationCity}, ${shipment.destinationState}`,
    rate: (send.rateCents / 100).toFixed(2),
    expiresAt,
  });
  return tender.id;
}

/** A new tender reaches the carrier's widget and its people's inboxes, with a link that opens it. */
async function tellCarrier(
  ctx: AppContext,
  tx: Tx,
  tender: {
    tenderId: string;
    tenderNumber: string;
    shipmentNumber: string;
    carrierCompanyId: string;
    lane: string;
    rate: string;
    expiresAt: Date;
  },
) {
  const people = await usersWithAccess(tx, [tender.carrierCompanyId], ACCESS.carrierPortal);
  const link = `/tenders/${tender.tenderId}`;
  const body = `Shipment ${tender.shipmentNumber}, ${tender.lane}, at $${tender.rate}. Answer by ${tender.expiresAt.toISOString()}.`;
  await notifyPeople(tx, people, {
    kind: 'NewTender',
    title: `New tender ${tender.tenderNumber}`,
    body,
    link,
  });
  if (people.length === 0) return;
  const emails = await tx
    .selectFrom('users')
    .select(['loginEmail'])
    .where(
      'id',
      'in',
      people.map((person) => person.id),
    )
    .where('loginEmail', 'is not', null)
    .execute();
  const url = `${ctx.config.PUBLIC_URL}${link}`;
  for (const { loginEmail } of emails) {
    await ctx.mailer.enqueue(tx, {
      to: loginEmail!,
      subject: `New tender ${tender.tenderNumber}: shipment ${tender.shipmentNumber}`,
      text: `${body}\n\nOpen the tender: ${url}\n`,
      html: `<p>${escapeHtml(body)}</p><p><a href="${escapeHtml(url)}">Open tender ${escapeHtml(tender.tenderNumber)}</a></p>`,
      companyId: tender.carrierCompanyId,
    });
  }
}

async function expireTender(ctx: AppContext, tx: Tx, tenderId: string) {
  const tender = await lockTender(tx, tenderId);
  if (!tender) return;
  if (tender.status !== TenderOfferStatus.Sent) return tenderClosed(ctx, tx, tenderId);
  const now = new Date();
  if (tender.expiresAt && new Date(tender.expiresAt).getTime() > now.getTime()) {
    // Early (a clock apart, or the window was lengthened): come back at the time.
    await ctx.jobs.sendInTransaction(
      tx,
      TENDER_JOBS.expire,
      { tenderId },
      {
        startAfter: new Date(tender.expiresAt),
      },
    );
    return;
  }
  await tx
    .updateTable('tenders')
    .set({ status: TenderOfferStatus.Rescinded, expiredAt: now, respondedAt: now })
    .where('id', '=', tenderId)
    .execute();
  await tellOperator(tx, { ...tender, shipmentNumber: tender.shipmentNumber ?? '' }, 'expired');
  await moveOn(ctx, tx, { ...tender, status: TenderOfferStatus.Rescinded, expiredAt: now }, now);
}

async function tenderClosed(ctx: AppContext, tx: Tx, tenderId: string) {
  const tender = await lockTender(tx, tenderId);
  if (!tender || tender.status === TenderOfferStatus.Sent) return;
  await moveOn(ctx, tx, tender, new Date());
}

/**
 * After a tender closed: an accepted one ends its waterfall; a rejected or expired one hands the load
 * to the next carrier of the waterfall, or, at the end of the list (or without a waterfall, when no
 * other tender is open), puts it back on the board (Ready to Book). A tender the operator rescinded
 * stops the waterfall.
 */
async function moveOn(
  ctx: AppContext,
  tx: Tx,
  tender: {
    id: string;
    shipmentId: string;
    status: number;
    waterfallId: string | null;
    expiredAt: Date | string | null;
  },
  now: Date,
) {
  const handOn =
    tender.status === TenderOfferStatus.Rejected ||
    (tender.status === TenderOfferStatus.Rescinded && tender.expiredAt !== null);
  if (tender.waterfallId) {
    const waterfall = await lockWaterfall(tx, tender.waterfallId);
    if (!waterfall || waterfall.status !== TenderWaterfallStatus.Running) return;
    const current = await waterfallStep(tx, waterfall.id, waterfall.currentPosition);
    // Only the tender now out moves the waterfall (a repeated job finds it moved already).
    if (!current || current.tenderId !== tender.id) return;
    if (tender.status === TenderOfferStatus.Accepted) {
      await finishWaterfall(tx, waterfall.id, TenderWaterfallStatus.Accepted, now);
      return;
    }
    if (!handOn) {
      await finishWaterfall(tx, waterfall.id, TenderWaterfallStatus.Stopped, now);
      return;
    }
    const next = await waterfallStep(tx, waterfall.id, waterfall.currentPosition + 1);
    if (next) {
      await ctx.jobs.sendInTransaction(tx, TENDER_JOBS.sendStep, {
        waterfallId: waterfall.id,
        position: next.position,
      });
      return;
    }
    await finishWaterfall(tx, waterfall.id, TenderWaterfallStatus.Exhausted, now);
  } else if (!handOn) {
    return;
  }
  await backOnTheBoard(tx, tender.shipmentId, now);
}

/** Nobody took the load: with no tender open, it goes back to Ready to Book. */
async function backOnTheBoard(tx: Tx, shipmentId: string, now: Date) {
  const shipment = await tx
    .selectFrom('shipments')
    .selectAll()
    .where('id', '=', shipmentId)
    .forUpdate()
    .executeTakeFirst();
  if (!shipment || shipment.status !== ShipmentStatus.Tendering) return;
  if ((await openTendersOf(tx, shipmentId)).length > 0) return;
  await transitionShipment(tx, shipment, {
    action: ShipmentAction.RescindTenders,
    actor: ShipmentActor.System,
    to: ShipmentStatus.ReadyToBook,
    userId: null,
    detail: { reason: 'No carrier accepted the tender' },
    now,
  });
}
