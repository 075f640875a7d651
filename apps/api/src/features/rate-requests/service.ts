import type { RateRequestStatusCounts } from '@portal/contract';
import type { Caller } from '../../shared/auth/caller';
import type { AppContext } from '../../shared/app-context';
import { rateRequestStatusTally } from './repository';

const KEYS: Record<string, 'sent' | 'offered' | 'declined'> = {
  Sent: 'sent',
  Offered: 'offered',
  Declined: 'declined',
};

/** An open rate request is one sent to the carrier and not yet answered (status Sent). */
export async function rateRequestStatusCounts(
  ctx: AppContext,
  caller: Caller,
): Promise<RateRequestStatusCounts> {
  const counts = { sent: 0, offered: 0, declined: 0 };
  if (caller.scope.driverId) return { data: counts };
  const rows = await ctx.db.tenant(caller.scope, (tx) => rateRequestStatusTally(tx, caller.scope));
  for (const row of rows) {
    const key = KEYS[row.status];
    if (key) counts[key] += row.count;
  }
  return { data: counts };
}
