import { TenderOfferStatus, TenderWaterfallStatus } from '@portal/domain';
import { sql } from 'kysely';
import type { Tx } from '../../db/database';

export async function lockWaterfall(tx: Tx, waterfallId: string) {
  return tx
    .selectFrom('tenderWaterfalls')
    .selectAll()
    .where('id', '=', waterfallId)
    .forUpdate()
    .executeTakeFirst();
}

export async function waterfallStep(tx: Tx, waterfallId: string, position: number) {
  return tx
    .selectFrom('tenderWaterfallSteps')
    .selectAll()
    .where('waterfallId', '=', waterfallId)
    .where('position', '=', position)
    .executeTakeFirst();
}

export async function waterfallSteps(tx: Tx, waterfallId: string) {
  return tx
    .selectFrom('tenderWaterfallSteps as step')
    .innerJoin('companies as carrier', 'carrier.id', 'step.carrierCompanyId')
    .leftJoin('tenders', 'tenders.id', 'step.tenderId')
    .select([
      'step.position',
      'step.carrierCompanyId',
      'carrier.name as carrierName',
      'step.answerWindowSeconds',
      'step.tenderId',
      'tenders.tenderNumber',
      'tenders.status as tenderStatus',
      'tenders.expiredAt',
      'tenders.sentAt',
      'tenders.expiresAt',
      'tenders.respondedAt',
      'tenders.rejectionReason',
    ])
    .where('step.waterfallId', '=', waterfallId)
    .orderBy('step.position')
    .execute();
}

export async function latestWaterfall(tx: Tx, shipmentId: string) {
  return tx
    .selectFrom('tenderWaterfalls')
    .selectAll()
    .where('shipmentId', '=', shipmentId)
    .orderBy('createdAt', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function finishWaterfall(
  tx: Tx,
  waterfallId: string,
  status: TenderWaterfallStatus,
  now: Date,
) {
  await tx
    .updateTable('tenderWaterfalls')
    .set({ status, finishedAt: now })
    .where('id', '=', waterfallId)
    .where('status', '=', TenderWaterfallStatus.Running)
    .execute();
}

export async function openTendersOf(tx: Tx, shipmentId: string) {
  return tx
    .selectFrom('tenders')
    .select(['id'])
    .where('shipmentId', '=', shipmentId)
    .where('status', '=', TenderOfferStatus.Sent)
    .execute();
}

export async function lockTender(tx: Tx, tenderId: string) {
  return tx
    .selectFrom('tenders')
    .innerJoin('companies as carrier', 'carrier.id', 'tenders.carrierCompanyId')
    .selectAll('tenders')
    .select('carrier.name as carrierName')
    .where('tenders.id', '=', tenderId)
    .forUpdate('tenders')
    .executeTakeFirst();
}

/** The operator's waterfalls: running first, then newest. */
export async function listWaterfalls(
  tx: Tx,
  operatorCompanyId: string,
  {
    status,
    page,
    pageSize,
  }: { status?: TenderWaterfallStatus | undefined; page: number; pageSize: number },
) {
  let base = tx
    .selectFrom('tenderWaterfalls as w')
    .where('w.operatorCompanyId', '=', operatorCompanyId);
  if (status) base = base.where('w.status', '=', status);
  const [rows, total] = await Promise.all([
    base
      .innerJoin('shipments as s', 's.id', 'w.shipmentId')
      .leftJoin('tenderWaterfallSteps as step', (join) =>
        join
          .onRef('step.waterfallId', '=', 'w.id')
          .onRef('step.position', '=', 'w.currentPosition'),
      )
      .leftJoin('companies as carrier', 'carrier.id', 'step.carrierCompanyId')
      .select((eb) => [
        'w.id',
        'w.shipmentId',
        's.shipmentNumber',
        'w.status',
        'w.currentPosition',
        'w.rateCents',
        'w.createdAt',
        'w.finishedAt',
        'carrier.name as currentCarrier',
        eb
          .selectFrom('tenderWaterfallSteps as all')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('all.waterfallId', '=', 'w.id')
          .as('steps'),
      ])
      .orderBy(sql`case when w.status = 'Running' then 0 else 1 end`)
      .orderBy('w.createdAt', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, totalCount: Number(total.count) };
}

/** The tenders the operator sent by hand on a load (outside any waterfall), newest first. */
export async function manualTendersOf(tx: Tx, shipmentId: string) {
  return tx
    .selectFrom('tenders')
    .innerJoin('companies as carrier', 'carrier.id', 'tenders.carrierCompanyId')
    .select([
      'tenders.id',
      'tenders.tenderNumber',
      'tenders.carrierCompanyId',
      'carrier.name as carrierName',
      'tenders.status',
      'tenders.rateCents',
      'tenders.sentAt',
      'tenders.expiresAt',
      'tenders.expiredAt',
      'tenders.respondedAt',
      'tenders.rejectionReason',
    ])
    .where('tenders.shipmentId', '=', shipmentId)
    .where('tenders.waterfallId', 'is', null)
    .orderBy('tenders.sentAt', 'desc')
    .orderBy('tenders.id', 'desc')
    .limit(20)
    .execute();
}
