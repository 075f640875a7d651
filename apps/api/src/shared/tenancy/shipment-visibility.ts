import { ShipmentStatus, TenderOfferStatus } from '@portal/domain';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { DB } from '../../db/schema.generated';
import type { TenantScope } from '../../db/tenancy';

type ShipmentPredicate = (eb: ExpressionBuilder<DB, 'shipments'>) => Expression<SqlBool>;

/** Why a caller may see a shipment; a shipment may be visible for more than one reason. */
export type VisibilityBranchName =
  'assigned' | 'operator' | 'customer' | 'carrier' | 'loadBoard' | 'tendered';

export interface VisibilityBranch {
  name: VisibilityBranchName;
  where: ShipmentPredicate;
}

/**
 * Which shipments a caller may see, written once for every feature's queries (row-level security
 * repeats it as the second wall). Use on a query whose shipments table is named `shipments`.
 *
 * - a driver session: the shipments the driver is assigned to;
 * - the operator: all of its shipments;
 * - a carrier: its own, freight on the load board (Ready to Book), and shipments tendered to it;
 * - a factoring company: the shipments of the carriers it factors;
 * - a customer or broker: the shipments of its orders.
 *
 * Each reason is a branch with its own index, so a search ordered by shipment number can read each
 * branch in index order and merge them (see quick search) instead of filtering a large OR. Statuses
 * are written as literals, not parameters: a prepared statement's generic plan can then still use
 * the partial indexes of Ready to Book freight (`where status = 1`).
 */
export function shipmentVisibilityBranches(scope: TenantScope): VisibilityBranch[] {
  if (scope.driverId) {
    const driverId = scope.driverId;
    return [
      {
        name: 'assigned',
        where: (eb) =>
          eb(
            'shipments.id',
            'in',
            eb
              .selectFrom('shipmentDrivers as assignment')
              .select('assignment.shipmentId')
              .where('assignment.driverId', '=', driverId),
          ),
      },
    ];
  }
  if (scope.kind === 'operator') {
    return [
      { name: 'operator', where: (eb) => eb('shipments.operatorCompanyId', '=', scope.companyId) },
    ];
  }
  const branches: VisibilityBranch[] = [
    { name: 'customer', where: (eb) => eb('shipments.customerCompanyId', '=', scope.companyId) },
  ];
  if (scope.carrierIds.length > 0) {
    const carrierIds = [...scope.carrierIds];
    branches.push({
      name: 'carrier',
      where: (eb) =>
        carrierIds.length === 1
          ? eb('shipments.carrierCompanyId', '=', carrierIds[0]!)
          : eb('shipments.carrierCompanyId', 'in', carrierIds),
    });
  }
  if (scope.kind === 'carrier') {
    branches.push({
      name: 'loadBoard',
      where: (eb) => eb('shipments.status', '=', sql.lit(ShipmentStatus.ReadyToBook)),
    });
    branches.push({
      name: 'tendered',
      where: (eb) =>
        eb.and([
          eb('shipments.status', '=', sql.lit(ShipmentStatus.Tendering)),
          eb(
            'shipments.id',
            'in',
            eb
              .selectFrom('tenders as openTender')
              .select('openTender.shipmentId')
              .where('openTender.carrierCompanyId', '=', scope.companyId)
              .where('openTender.status', '=', sql.lit(TenderOfferStatus.Sent)),
          ),
        ]),
    });
  }
  return branches;
}

/** All of a caller's visibility branches as one predicate. */
export function shipmentVisibility(scope: TenantScope): ShipmentPredicate {
  const branches = shipmentVisibilityBranches(scope);
  return (eb) =>
    branches.length === 1
      ? branches[0]!.where(eb)
      : eb.or(branches.map((branch) => branch.where(eb)));
}
