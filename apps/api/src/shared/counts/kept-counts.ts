import type { Tx } from '../../db/database';
import type { TenantScope } from '../../db/tenancy';

// The counts the database keeps per party and status (migration 0170, decision 195): a few rows
// read in one statement instead of a count over the whole history.

export interface StatusCount {
  status: string;
  count: number;
}

type PartyKind = 'carrier' | 'customer' | 'self_hauled' | 'involved';

/** One company's kept counts of some kinds, summed per status; a self_hauled row subtracts. */
async function keptCounts(
  tx: Tx,
  subject: 'tenders' | 'rate_requests' | 'cases',
  companyId: string,
  kinds: readonly PartyKind[],
): Promise<StatusCount[]> {
  const rows = await tx
    .selectFrom('keptCounts')
    .select(['partyKind', 'status', 'itemCount'])
    .where('subject', '=', subject)
    .where('partyId', '=', companyId)
    .where('partyKind', 'in', kinds)
    .execute();
  const counts = new Map<string, number>();
  for (const row of rows) {
    const count = Number(row.itemCount) * (row.partyKind === 'self_hauled' ? -1 : 1);
    counts.set(row.status, (counts.get(row.status) ?? 0) + count);
  }
  return [...counts].map(([status, count]) => ({ status, count }));
}

/**
 * Tenders or rate requests per status that a carrier or customer caller takes part in (tendered to
 * it as the carrier, or sent for its own loads): its counts as carrier plus its counts as customer,
 * less the rows where it is both. Undefined where the counts are live.
 */
export async function keptPartyCounts(
  tx: Tx,
  subject: 'tenders' | 'rate_requests',
  scope: TenantScope,
): Promise<StatusCount[] | undefined> {
  // The operator's rows are its shipments', and a factoring company's carriers may haul for it:
  // both counted live.
  if (scope.kind === 'operator' || scope.carrierIds.some((id) => id !== scope.companyId))
    return undefined;
  const kinds: PartyKind[] = scope.carrierIds.includes(scope.companyId)
    ? ['carrier', 'customer', 'self_hauled']
    : ['customer'];
  return keptCounts(tx, subject, scope.companyId, kinds);
}

/** Cases per status group that a company is an involved party of. */
export function keptInvolvedCaseCounts(tx: Tx, companyId: string): Promise<StatusCount[]> {
  return keptCounts(tx, 'cases', companyId, ['involved']);
}
