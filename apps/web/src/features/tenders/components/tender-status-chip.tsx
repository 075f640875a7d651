import Chip from '@mui/material/Chip';
import type { TenderSummary } from '@portal/contract';
import { TenderOfferStatus } from '@portal/domain';

const COLORS: Record<number, 'info' | 'success' | 'error' | 'default' | 'warning'> = {
  [TenderOfferStatus.Sent]: 'info',
  [TenderOfferStatus.Accepted]: 'success',
  [TenderOfferStatus.Rejected]: 'error',
  [TenderOfferStatus.Rescinded]: 'default',
  [TenderOfferStatus.BookingRescinded]: 'warning',
};

export function TenderStatusChip({
  tender,
}: {
  tender: Pick<TenderSummary, 'status' | 'isExpired'>;
}) {
  return (
    <Chip
      size="small"
      color={tender.isExpired ? 'default' : (COLORS[tender.status.value] ?? 'default')}
      label={tender.isExpired ? 'Expired' : tender.status.displayName}
    />
  );
}
