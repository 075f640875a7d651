import type { TenderStatusCounts } from '@portal/contract';
import { TenderOfferStatus } from '@portal/domain';
import type { Caller } from '../../shared/auth/caller';
import type { AppContext } from '../../shared/app-context';
import { tenderStatusTally } from './repository';

const ZERO = { sent: 0, accepted: 0, rejected: 0, rescinded: 0, bookingRescinded: 0 };
const KEYS: Record<number, keyof typeof ZERO> = {
  [TenderOfferStatus.Sent]: 'sent',
  [TenderOfferStatus.Accepted]: 'accepted',
  [TenderOfferStatus.Rejected]: 'rejected',
  [TenderOfferStatus.Rescinded]: 'rescinded',
  [TenderOfferStatus.BookingRescinded]: 'bookingRescinded',
};

export async function tenderStatusCounts(
  ctx: AppContext,
  caller: Caller,
): Promise<TenderStatusCounts> {
  // A driver session works its own loads and answers no tenders.
  if (caller.scope.driverId) return { data: { ...ZERO } };
  const rows = await ctx.db.tenant(caller.scope, (tx) => tenderStatusTally(tx, caller.scope));
  const counts = { ...ZERO };
  for (const row of rows) {
    const key = KEYS[row.status];
    if (key) counts[key] += row.count;
  }
  return { data: counts };
}
