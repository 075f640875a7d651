import { sql } from 'kysely';
import type { Tx } from '../../db/database';
import type { TenantScope } from '../../db/tenancy';

/**
 * Tenders per status that the caller takes part in: tendered to its carrier (or a carrier it
 * factors), sent by it as the customer, or, for the operator, on its shipments.
 */
export async function tenderStatusTally(tx: Tx, scope: TenantScope) {
  let query = tx
    .selectFrom('tenders')
    .select(['tenders.status', sql<string>`count(*)`.as('count')])
    .groupBy('tenders.status');
  if (scope.kind === 'operator') {
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('shipments')
          .select('shipments.id')
          .whereRef('shipments.id', '=', 'tenders.shipmentId')
          .where('shipments.operatorCompanyId', '=', scope.companyId),
      ),
    );
  } else {
    const carrierIds = scope.carrierIds.length ? [...scope.carrierIds] : [''];
    query = query.where((eb) =>
      eb.or([
        eb('tenders.carrierCompanyId', 'in', carrierIds),
        eb('tenders.customerCompanyId', '=', scope.companyId),
      ]),
    );
  }
  const rows = await query.execute();
  return rows.map((row) => ({ status: row.status, count: Number(row.count) }));
}
