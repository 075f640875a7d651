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
