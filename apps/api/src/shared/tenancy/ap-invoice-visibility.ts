import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { DB } from '../../db/schema.generated';
import type { TenantScope } from '../../db/tenancy';

/**
 * Which carrier (AP) invoices a caller may see, for every feature that reads them (the accounting
 * list and detail, their payments); row-level security is the second wall (migration 0001).
 * Use on a query whose invoices table is aliased `invoice`.
 *
 * - the operator: the invoices of its shipments;
 * - a carrier: the invoices it billed (not its driver sessions);
 * - a factoring company: the invoices remitted to it (the invoice's own factoring_company_id);
 * - anyone else: none.
 */
export function apInvoiceVisibility(
  scope: TenantScope,
): (eb: ExpressionBuilder<DB & { invoice: DB['apInvoices'] }, 'invoice'>) => Expression<SqlBool> {
  if (scope.driverId) return (eb) => eb.val(false);
  switch (scope.kind) {
    case 'operator':
      return (eb) =>
        eb.exists(
          eb
            .selectFrom('shipments as operatedShipment')
            .select('operatedShipment.id')
            .whereRef('operatedShipment.id', '=', 'invoice.shipmentId')
            .where('operatedShipment.operatorCompanyId', '=', scope.companyId),
        );
    case 'carrier':
      return (eb) => eb('invoice.carrierCompanyId', '=', scope.companyId);
    case 'factoring':
      return (eb) => eb('invoice.factoringCompanyId', '=', scope.companyId);
    default:
      return (eb) => eb.val(false);
  }
}

/**
 * Which payment remittances a caller may see: a carrier those for its invoices, a factoring company
 * those remitted to it, the operator those paying invoices of its shipments. Use on `payment`.
 */
export function paymentVisibility(
  scope: TenantScope,
): (eb: ExpressionBuilder<DB & { payment: DB['payments'] }, 'payment'>) => Expression<SqlBool> {
  if (scope.driverId) return (eb) => eb.val(false);
  switch (scope.kind) {
    case 'operator':
      return (eb) =>
        eb.exists(
          eb
            .selectFrom('paymentApplications as application')
            .innerJoin('apInvoices as paidInvoice', 'paidInvoice.id', 'application.apInvoiceId')
            .innerJoin('shipments as paidShipment', 'paidShipment.id', 'paidInvoice.shipmentId')
            .select('application.paymentId')
            .whereRef('application.paymentId', '=', 'payment.id')
            .where('paidShipment.operatorCompanyId', '=', scope.companyId),
        );
    case 'carrier':
      return (eb) => eb('payment.carrierCompanyId', '=', scope.companyId);
    case 'factoring':
      return (eb) => eb('payment.payeeCompanyId', '=', scope.companyId);
    default:
      return (eb) => eb.val(false);
  }
}
