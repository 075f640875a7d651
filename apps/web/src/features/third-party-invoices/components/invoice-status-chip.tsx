import Chip, { type ChipProps } from '@mui/material/Chip';
import { thirdPartyInvoiceChipColor } from '@portal/domain';

/** Section 4's colours: PAID_IN_FULL green, SETTLED blue, RECEIVED red, DRAFT and anything else basic. */
export function InvoiceStatusChip({
  status,
  label,
  size,
}: {
  status: string;
  label: string;
  size?: ChipProps['size'];
}) {
  return <Chip label={label} color={thirdPartyInvoiceChipColor(status)} size={size} />;
}
