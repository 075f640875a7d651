import { TenderOfferStatus, TenderWaterfallStatus } from '@portal/domain';
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
