import type { IsoDateRange } from '@portal/domain';
import { sql } from 'kysely';
import type { Tx } from '../../db/database';
import type { TenantScope } from '../../db/tenancy';

export interface ApInvoiceCountFilter {
  statuses: readonly number[];
  /** Shipment date window, inclusive. */
  window?: IsoDateRange;
}

/** How many of the caller's AP invoices match: its carrier's, those remitted to it, the operator's. */
export async function countApInvoices(tx: Tx, scope: TenantScope, filter: ApInvoiceCountFilter) {
  let query = tx
    .selectFrom('apInvoices as invoice')
    .select(sql<string>`count(*)`.as('count'))
    .where('invoice.status', 'in', [...filter.statuses]);
  if (filter.window) {
    query = query
      .where('invoice.shipmentDate', '>=', filter.window[0])
      .where('invoice.shipmentDate', '<=', filter.window[1]);
  }
  if (scope.kind === 'operator') {
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('shipments')
          .select('shipments.id')
          .whereRef('shipments.id', '=', 'invoice.shipmentId')
          .where('shipments.operatorCompanyId', '=', scope.companyId),
      ),
    );
  } else {
    const carrierIds = scope.carrierIds.length ? [...scope.carrierIds] : [''];
    query = query.where((eb) =>
      eb.or([
        eb('invoice.carrierCompanyId', 'in', carrierIds),
        eb('invoice.factoringCompanyId', '=', scope.companyId),
      ]),
    );
  }
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.count);
}
