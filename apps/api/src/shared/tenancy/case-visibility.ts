import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { DB } from '../../db/schema.generated';

type CasePredicate = (eb: ExpressionBuilder<DB, 'cases'>) => Expression<SqlBool>;

/**
 * The two tests of who sees a case, written once for the case reads and the entity look-ups of
 * documents and notes (row-level security repeats them). Use on a query whose cases table is
 * named `cases`.
 */

/** The company is one of the case's involved parties. */
export function involvedInCase(companyId: string): CasePredicate {
  return ({ exists, selectFrom }) =>
    exists(
      selectFrom('caseInvolvedParties as party')
        .select('party.caseId')
        .whereRef('party.caseId', '=', 'cases.id')
        .where('party.companyId', '=', companyId),
    );
}

/** A driver session sees the cases of the shipments the driver is assigned to. */
export function onDriversShipment(driverId: string): CasePredicate {
  return ({ exists, selectFrom }) =>
    exists(
      selectFrom('shipmentDrivers as assignment')
        .select('assignment.shipmentId')
        .whereRef('assignment.shipmentId', '=', 'cases.shipmentId')
        .where('assignment.driverId', '=', driverId),
    );
}

/**
 * The cases a caller's lists and counts hold (data operations section 6: cases where the user's
 * company is an involved party). The operator also holds every case on its own shipments; a driver
 * session only the cases of the loads it drives.
 */
export function caseListVisibility(scope: {
  companyId: string;
  kind: string;
  driverId: string | null;
}): CasePredicate {
  return (eb) => {
    const involved = involvedInCase(scope.companyId)(eb);
    const reach =
      scope.kind === 'operator'
        ? eb.or([
            involved,
            eb(
              'cases.shipmentId',
              'in',
              eb
                .selectFrom('shipments')
                .select('shipments.id')
                .where('shipments.operatorCompanyId', '=', scope.companyId),
            ),
          ])
        : involved;
    return scope.driverId ? eb.and([reach, onDriversShipment(scope.driverId)(eb)]) : reach;
  };
}
