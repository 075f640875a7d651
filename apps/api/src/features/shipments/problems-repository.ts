import { sql, type Expression, type SqlBool } from 'kysely';
import type { Tx } from '../../db/database';
import { startsWith } from '../../shared/http/like';
import type { VisibilityBranch } from '../../shared/tenancy/shipment-visibility';
import { LIST_COLUMNS, type ShipmentListRow } from './list-repository';

// Problem shipments: the caller's shipments with an open tracking problem, the most recent problem
// first. Open problems are few, so the read starts from them (tracking_problems_open_idx).

export async function listProblemShipments(
  tx: Tx,
  branches: readonly VisibilityBranch[],
  criteria: { query?: string | undefined; offset: number; limit: number },
): Promise<{ rows: (ShipmentListRow & { latestReportedAt: Date })[]; totalCount: number }> {
  if (branches.length === 0) return { rows: [], totalCount: 0 };
  const base = tx
    .selectFrom('trackingProblems as problem')
    .innerJoin('shipments', 'shipments.id', 'problem.shipmentId')
    .where('problem.resolvedAt', 'is', null)
    .where((eb) =>
      eb.or(branches.map((branch) => branch.where(eb as never) as Expression<SqlBool>)),
    )
    .where((eb) =>
      criteria.query ? startsWith('shipments.shipmentNumber', criteria.query) : eb.lit(true),
    );
  const [rows, counted] = await Promise.all([
    base
      .select((eb) => [...LIST_COLUMNS, eb.fn.max('problem.reportedAt').as('latestReportedAt')])
      .groupBy('shipments.id')
      .orderBy('latestReportedAt', 'desc')
      .orderBy('shipments.shipmentNumber', 'desc')
      .offset(criteria.offset)
      .limit(criteria.limit)
      .execute(),
    base
      .select(sql<number>`count(distinct shipments.id)::int`.as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows as (ShipmentListRow & { latestReportedAt: Date })[],
    totalCount: counted.count,
  };
}

export async function openProblemsOf(tx: Tx, shipmentIds: readonly string[]) {
  if (shipmentIds.length === 0) return [];
  return tx
    .selectFrom('trackingProblems as problem')
    .leftJoin('users as reporter', 'reporter.id', 'problem.reportedBy')
    .select([
      'problem.id',
      'problem.shipmentId',
      'problem.problemType',
      'problem.description',
      'problem.reportedAt',
      'problem.resolvedAt',
      'reporter.id as reporterId',
      'reporter.firstName as reporterFirstName',
      'reporter.lastName as reporterLastName',
    ])
    .where('problem.shipmentId', 'in', shipmentIds)
    .where('problem.resolvedAt', 'is', null)
    .orderBy('problem.reportedAt', 'desc')
    .execute();
}
