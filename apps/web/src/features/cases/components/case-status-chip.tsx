import Chip, { type ChipProps } from '@mui/material/Chip';
import { CaseStatusLabel } from '@portal/domain';

const STATUS_COLORS: Record<string, 'default' | 'info' | 'warning' | 'success'> = {
  [CaseStatusLabel.New]: 'info',
  [CaseStatusLabel.InProgress]: 'warning',
  [CaseStatusLabel.OnHold]: 'default',
  [CaseStatusLabel.Resolved]: 'success',
};

/** The four statuses users see, each in its colour. */
export function CaseStatusChip({ label, size }: { label: string; size?: ChipProps['size'] }) {
  return <Chip label={label} size={size} color={STATUS_COLORS[label] ?? 'default'} />;
}
