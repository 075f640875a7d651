import type { ApInvoiceCountsAnswer } from '@portal/contract';
import {
  AP_INVOICE_COUNT_GROUPS,
  ApInvoiceStatus,
  apInvoiceCountWindow,
  type ApInvoiceCountGroup,
  type ApInvoiceStatusFilter,
} from '@portal/domain';
import type { Caller } from '../../shared/auth/caller';
import type { AppContext } from '../../shared/app-context';
import { countApInvoices } from './repository';

/**
 * Which stored invoice statuses each accounting filter stands for (decision 031): UnInvoiced is a
 * draft the carrier has not invoiced yet (the Action Required count), Invoiced is received or
 * settled, Paid is paid in full, All is every invoice that is not voided.
 */
export const AP_INVOICE_FILTER_STATUSES: Readonly<
  Record<ApInvoiceStatusFilter, readonly number[]>
> = {
  All: [
    ApInvoiceStatus.Draft,
    ApInvoiceStatus.Received,
    ApInvoiceStatus.Settled,
    ApInvoiceStatus.PaidInFull,
  ],
  UnInvoiced: [ApInvoiceStatus.Draft],
  Invoiced: [ApInvoiceStatus.Received, ApInvoiceStatus.Settled],
  Paid: [ApInvoiceStatus.PaidInFull],
};

const GROUPS = Object.keys(AP_INVOICE_COUNT_GROUPS) as ApInvoiceCountGroup[];

export async function apInvoiceCounts(
  ctx: AppContext,
  caller: Caller,
  now = new Date(),
): Promise<ApInvoiceCountsAnswer> {
  const counts = { active: 0, actionRequired: 0, inProcess: 0, paid: 0 };
  if (caller.scope.driverId) return { data: counts };
  const today = now.toISOString().slice(0, 10);
  await ctx.db.tenant(caller.scope, async (tx) => {
    for (const group of GROUPS) {
      const window = apInvoiceCountWindow(group, today);
      counts[group] = await countApInvoices(tx, caller.scope, {
        statuses: AP_INVOICE_FILTER_STATUSES[AP_INVOICE_COUNT_GROUPS[group]],
        ...(window ? { window } : {}),
      });
    }
  });
  return { data: counts };
}
