import Type, { type Static } from 'typebox';
import { DataOf } from './common';

// Counts the side navigation and the dashboard show, and the lists reuse for their badges.

const Count = Type.Integer({ minimum: 0 });

/** GET /api/v2/tenders/status_counts: the caller's tenders per tender offer status. */
export const TenderStatusCounts = DataOf(
  Type.Object({
    sent: Count,
    accepted: Count,
    rejected: Count,
    rescinded: Count,
    bookingRescinded: Count,
  }),
);
export type TenderStatusCounts = Static<typeof TenderStatusCounts>;

/** GET /api/v2/rate_requests/status_counts: open (Sent), Offered and Declined rate requests. */
export const RateRequestStatusCounts = DataOf(
  Type.Object({ sent: Count, offered: Count, declined: Count }),
);
export type RateRequestStatusCounts = Static<typeof RateRequestStatusCounts>;

/** GET /api/v2/invoices/counts: the accounting quick-filter counts (All and Paid: last 60 days). */
export const ApInvoiceCountsAnswer = DataOf(
  Type.Object({ active: Count, actionRequired: Count, inProcess: Count, paid: Count }),
);
export type ApInvoiceCountsAnswer = Static<typeof ApInvoiceCountsAnswer>;

/** GET /api/v2/invoices/counts/action_required: the navigation's one accounting count. */
export const ApInvoiceActionRequiredCount = DataOf(Type.Object({ actionRequired: Count }));
export type ApInvoiceActionRequiredCount = Static<typeof ApInvoiceActionRequiredCount>;

/** GET /api/v2/cases/count_stats: cases per user-facing status. */
export const CaseCountStatsAnswer = DataOf(
  Type.Object({ new: Count, inProgress: Count, onHold: Count, resolved: Count }),
);
export type CaseCountStatsAnswer = Static<typeof CaseCountStatsAnswer>;
