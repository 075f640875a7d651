import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ApInvoiceDetail } from '@portal/contract';
import {
  AP_INVOICE_MESSAGES,
  AP_INVOICE_OPERATOR_ACCESS,
  ApInvoiceOperatorAction,
  hasAccess,
  isoDateInZone,
  nextApInvoiceOperatorAction,
} from '@portal/domain';
import { useState, type FormEvent } from 'react';
import { InvoiceFailureToast } from '../../../shared/invoices';
import { toast } from '../../../shared/notifications';
import { useCurrentUser } from '../../../shared/session';
import { useChangeInvoice } from '../api/change-invoice';

/** The operator's steps: approve a received invoice, then pay it by check (decision 111). */
export function OperatorActions({ invoice }: { invoice: ApInvoiceDetail }) {
  const user = useCurrentUser();
  const change = useChangeInvoice(invoice);
  const [checkNumber, setCheckNumber] = useState('');
  const [paymentDate, setPaymentDate] = useState(() => isoDateInZone(new Date()));
  const isOperator = user.companyKind === 'operator' && hasAccess(user, AP_INVOICE_OPERATOR_ACCESS);
  const next = nextApInvoiceOperatorAction(invoice.apInvoiceStatus.value);
  if (!isOperator || !next) return null;

  async function run(action: Parameters<typeof change.mutateAsync>[0], message: string) {
    try {
      await change.mutateAsync(action);
      toast.success(message);
    } catch (error) {
      toast.error(<InvoiceFailureToast error={error} />);
    }
  }

  if (next === ApInvoiceOperatorAction.Settle) {
    return (
      <Button
        variant="contained"
        fullWidth
        disabled={change.isPending}
        onClick={() => void run({ kind: 'settle' }, AP_INVOICE_MESSAGES.settled)}
      >
        Approve for Payment
      </Button>
    );
  }

  const pay = (event: FormEvent) => {
    event.preventDefault();
    if (!checkNumber.trim() || !paymentDate) return;
    void run(
      { kind: 'pay', body: { checkNumber: checkNumber.trim(), paymentDate } },
      AP_INVOICE_MESSAGES.paid,
    );
  };

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="pay-invoice-heading"
      sx={{ p: 2 }}
    >
      <Typography id="pay-invoice-heading" variant="h6" component="h2" sx={{ mb: 1.5 }}>
        Pay Invoice
      </Typography>
      <Stack component="form" noValidate onSubmit={pay} sx={{ gap: 2 }}>
        <TextField
          label="Check Number"
          value={checkNumber}
          onChange={(event) => setCheckNumber(event.target.value)}
          required
          size="small"
          slotProps={{ htmlInput: { maxLength: 50 } }}
        />
        <TextField
          label="Payment Date"
          type="date"
          value={paymentDate}
          onChange={(event) => setPaymentDate(event.target.value)}
          required
          size="small"
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={!checkNumber.trim() || !paymentDate || change.isPending}
        >
          Pay Invoice
        </Button>
      </Stack>
    </Paper>
  );
}
