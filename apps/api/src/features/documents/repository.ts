import { ShipmentStatus } from '@portal/domain';
import type { Selectable } from 'kysely';
import type { Tx } from '../../db/database';
import type { Documents, RequiredDocuments } from '../../db/schema.generated';

export type DocumentRow = Selectable<Documents>;
export type RequiredDocumentRow = Selectable<RequiredDocuments>;

const live = (tx: Tx) => tx.selectFrom('documents').selectAll().where('deletedAt', 'is', null);

export function findDocument(tx: Tx, id: string) {
  return live(tx).where('id', '=', id).executeTakeFirst();
}

/** A shipment's documents: filed on it, or on one of its order stops (proof of delivery). */
export function documentsOfShipment(tx: Tx, shipmentId: string) {
  return live(tx)
    .where((eb) =>
      eb.or([
        eb('shipmentId', '=', shipmentId),
        eb(
          'orderStopId',
          'in',
          eb
            .selectFrom('shipmentStops')
            .select('orderStopId')
            .where('shipmentId', '=', shipmentId)
            .where('orderStopId', 'is not', null)
            .$narrowType<{ orderStopId: string }>(),
        ),
      ]),
    )
    .orderBy('createdAt', 'desc')
    .orderBy('id')
    .execute();
}

export function documentsWhere(
  tx: Tx,
  column: 'thirdPartyInvoiceId' | 'apInvoiceId' | 'caseId' | 'orderId',
  value: string,
) {
  return live(tx).where(column, '=', value).orderBy('createdAt', 'desc').orderBy('id').execute();
}

/** What a company keeps about itself: its logo and its own papers (entity carrier or customer). */
export function documentsOfCompany(tx: Tx, companyId: string) {
  return live(tx)
    .where('companyId', '=', companyId)
    .where('entityId', '=', companyId)
    .orderBy('createdAt', 'desc')
    .orderBy('id')
    .execute();
}

/** Documents that could answer any of the requirements: same type, on the same stop or shipment. */
export async function documentsAnswering(
  tx: Tx,
  requirements: readonly Pick<RequiredDocumentRow, 'fileType' | 'orderStopId' | 'shipmentId'>[],
) {
  const stopIds = [...new Set(requirements.map((r) => r.orderStopId).filter(Boolean))] as string[];
  const shipmentIds = [
    ...new Set(requirements.map((r) => r.shipmentId).filter(Boolean)),
  ] as string[];
  if (stopIds.length === 0 && shipmentIds.length === 0) return [];
  return live(tx)
    .where('fileType', 'in', [...new Set(requirements.map((r) => r.fileType))])
    .where((eb) =>
      eb.or([
        ...(stopIds.length ? [eb('orderStopId', 'in', stopIds)] : []),
        ...(shipmentIds.length ? [eb('shipmentId', 'in', shipmentIds)] : []),
      ]),
    )
    .orderBy('createdAt', 'desc')
    .orderBy('id')
    .execute();
}

export function requirementsWhere(
  tx: Tx,
  column: 'thirdPartyInvoiceId' | 'apInvoiceId' | 'shipmentId',
  value: string,
) {
  return tx
    .selectFrom('requiredDocuments')
    .selectAll()
    .where(column, '=', value)
    .orderBy('fileType')
    .orderBy('description')
    .execute();
}

/** Delivery stops of a shipment that has been delivered: each needs its proof of delivery. */
export function deliveredDropoffs(tx: Tx, shipmentId: string) {
  return tx
    .selectFrom('shipmentStops as stop')
    .innerJoin('shipments', 'shipments.id', 'stop.shipmentId')
    .select(['stop.orderStopId', 'stop.stopNumber', 'stop.city', 'stop.state', 'shipments.orderId'])
    .where('stop.shipmentId', '=', shipmentId)
    .where('stop.stopType', '=', 'Delivery')
    .where('stop.orderStopId', 'is not', null)
    .where('shipments.status', '>=', ShipmentStatus.Delivered)
    .orderBy('stop.stopNumber')
    .execute();
}

export function thirdPartyInvoiceStatuses(tx: Tx, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return tx
    .selectFrom('thirdPartyInvoices')
    .select(['id', 'status'])
    .where('id', 'in', [...ids])
    .execute();
}

/** Names of the people who uploaded, where the caller may see them. */
export function uploaderNames(tx: Tx, userIds: readonly string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return tx
    .selectFrom('users')
    .select(['id', 'firstName', 'lastName'])
    .where('id', 'in', [...userIds])
    .execute();
}

export function softDeleteDocument(tx: Tx, id: string) {
  return tx
    .updateTable('documents')
    .set({ deletedAt: new Date() })
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .returning('id')
    .executeTakeFirst();
}

/** A profile picture or a logo the caller may see through the person or company it belongs to. */
export async function isVisiblePicture(tx: Tx, documentId: string): Promise<boolean> {
  const [user, company] = await Promise.all([
    tx
      .selectFrom('users')
      .select('id')
      .where('profileDocumentId', '=', documentId)
      .executeTakeFirst(),
    tx
      .selectFrom('companies')
      .select('id')
      .where('logoDocumentId', '=', documentId)
      .executeTakeFirst(),
  ]);
  return Boolean(user ?? company);
}
