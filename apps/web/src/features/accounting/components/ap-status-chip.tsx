import Chip, { type ChipProps } from '@mui/material/Chip';
import { ApInvoiceStatus } from '@portal/domain';

const COLORS: Record<number, ChipProps['color']> = {
  [ApInvoiceStatus.PaidInFull]: 'success',
  [ApInvoiceStatus.Settled]: 'info',
  [ApInvoiceStatus.Received]: 'error',
};

/** The same colours as the third-party invoice chips: paid green, settled blue, received red. */
export function ApStatusChip({
  status,
  size,
}: {
  status: { value: number; displayName: string };
  size?: ChipProps['size'];
}) {
  return <Chip label={status.displayName} color={COLORS[status.value] ?? 'default'} size={size} />;
}
