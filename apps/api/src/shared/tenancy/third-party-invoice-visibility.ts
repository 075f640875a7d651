import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { DB } from '../../db/schema.generated';
import type { TenantScope } from '../../db/tenancy';

/**
 * Which third-party payer invoices a caller may see, written once for every feature that reads them
 * (the invoices, their documents and notes); row-level security repeats it (migration 0040).
 * Use on a query whose invoices table is named `thirdPartyInvoices`.
 *
 * - the operator: the invoices of its shipments (the invoice's copy of the shipment's operator);
 * - a carrier: the invoices it billed (not its driver sessions);
 * - a factoring company: the invoices it is the remit-to of (the invoice's own
 *   factoring_company_id), never the other invoices of the carriers it factors;
 * - anyone else (customers, drivers): none.
 */
export function thirdPartyInvoiceVisibility(
  scope: TenantScope,
): (eb: ExpressionBuilder<DB, 'thirdPartyInvoices'>) => Expression<SqlBool> {
  if (scope.driverId) return (eb) => eb.val(false);
  switch (scope.kind) {
    case 'operator':
      return (eb) => eb('thirdPartyInvoices.operatorCompanyId', '=', scope.companyId);
    case 'carrier':
      return (eb) => eb('thirdPartyInvoices.carrierCompanyId', '=', scope.companyId);
    case 'factoring':
      return (eb) => eb('thirdPartyInvoices.factoringCompanyId', '=', scope.companyId);
    default:
      return (eb) => eb.val(false);
  }
}
