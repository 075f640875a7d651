import { ACCESS } from '@portal/domain';
import type { Tx } from '../../db/database';
import { notifyPeople, usersWithAccess } from '../../shared/notifications/notify';

/** The operator's staff hear of every answer to a tender, and of every tender nobody answered. */
export async function tellOperator(
  tx: Tx,
  tender: { id: string; tenderNumber: string; shipmentNumber: string | null; carrierName: string },
  what: 'accepted' | 'rejected' | 'expired',
) {
  const operators = await tx
    .selectFrom('companies')
    .select('id')
    .where('kind', '=', 'operator')
    .execute();
  const staff = await usersWithAccess(
    tx,
    operators.map((company) => company.id),
    ACCESS.operatorAdmin,
  );
  await notifyPeople(tx, staff, {
    kind: 'TenderAnswered',
    title: `Tender ${tender.tenderNumber} ${what}`,
    body:
      what === 'expired'
        ? `${tender.carrierName} did not answer tender ${tender.tenderNumber} for shipment ${tender.shipmentNumber ?? ''} in time.`
        : `${tender.carrierName} ${what} tender ${tender.tenderNumber} for shipment ${tender.shipmentNumber ?? ''}.`,
    link: `/operations/tendering?shipment=${tender.shipmentNumber ?? ''}`,
  });
}
