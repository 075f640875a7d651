import Alert from '@mui/material/Alert';
import type { PayStatus } from '@portal/contract';
import { ApPayStatus } from '@portal/domain';

const SEVERITY: Record<string, 'success' | 'info' | 'warning' | 'error'> = {
  [ApPayStatus.Paid]: 'success',
  [ApPayStatus.Scheduled]: 'info',
  [ApPayStatus.Received]: 'info',
  [ApPayStatus.ReadyToSubmit]: 'warning',
  [ApPayStatus.WaitingForDocuments]: 'warning',
  [ApPayStatus.WaitingForDelivery]: 'info',
  [ApPayStatus.Voided]: 'error',
};

/** "Where my money is": the invoice's pay status in words. */
export function PayStatusNotice({ payStatus }: { payStatus: PayStatus }) {
  return (
    <Alert severity={SEVERITY[payStatus.code] ?? 'info'} aria-label="Pay status">
      {payStatus.text}
    </Alert>
  );
}
