/** How a tender was answered, in a table cell: Expired, its status, and the reason given. */
export function tenderAnswerText(tender: {
  isExpired: boolean;
  tenderStatus: { displayName: string } | null;
  rejectionReason: string | null;
}): string {
  const answer = tender.isExpired ? 'Expired' : (tender.tenderStatus?.displayName ?? '—');
  return tender.rejectionReason ? `${answer}: ${tender.rejectionReason}` : answer;
}
