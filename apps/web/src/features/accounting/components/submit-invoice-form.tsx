import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ApInvoiceDetail } from '@portal/contract';
import {
  AP_INVOICE_MESSAGES,
  CARRIER_INVOICE_NUMBER_MAX_LENGTH,
  isShipmentDelivered,
  sanitizeInvoiceAmountInput,
  type ShipmentStatus,
} from '@portal/domain';
import { useState, type FormEvent } from 'react';
import { InvoiceFailureToast } from '../../../shared/invoices';
import { toast } from '../../../shared/notifications';
import { useChangeInvoice } from '../api/change-invoice';

/**
 * Submit Invoice: the carrier's own invoice number and amount. Both are needed; the amount is
 * numeric. Submitting needs a delivered load and its proof of delivery; the server says why not.
 */
export function SubmitInvoiceForm({ invoice }: { invoice: ApInvoiceDetail }) {
  const change = useChangeInvoice(invoice);
  const [invoiceNumber, setInvoiceNumber] = useState('');
  const [amount, setAmount] = useState(
    invoice.invoiceAmount > 0 ? invoice.invoiceAmount.toFixed(2) : '',
  );
  const delivered =
    invoice.shipmentStatus !== null &&
    isShipmentDelivered(invoice.shipmentStatus as ShipmentStatus);
  const amountValue = Number(amount);
  const valid = invoiceNumber.trim() !== '' && amount !== '' && amountValue > 0;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!valid || change.isPending) return;
    try {
      await change.mutateAsync({
        kind: 'submit',
        body: { carrierInvoiceNumber: invoiceNumber.trim(), invoiceAmount: amountValue },
      });
      toast.success(AP_INVOICE_MESSAGES.submitted);
    } catch (error) {
      toast.error(<InvoiceFailureToast error={error} />);
    }
  }

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="submit-invoice-heading"
      sx={{ p: 2 }}
    >
      <Typography id="submit-invoice-heading" variant="h6" component="h2" sx={{ mb: 1.5 }}>
        Submit Invoice
      </Typography>
      {!delivered && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {AP_INVOICE_MESSAGES.notDelivered}
        </Alert>
      )}
      {delivered && invoice.missingProofOfDelivery > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {AP_INVOICE_MESSAGES.noProofOfDelivery}
        </Alert>
      )}
      <Stack
        component="form"
        noValidate
        onSubmit={submit}
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ gap: 2, alignItems: { sm: 'flex-start' } }}
      >
        <TextField
          label="Invoice Number"
          value={invoiceNumber}
          onChange={(event) => setInvoiceNumber(event.target.value)}
          required
          helperText={invoiceNumber.trim() === '' ? AP_INVOICE_MESSAGES.numberRequired : ' '}
          size="small"
          slotProps={{ htmlInput: { maxLength: CARRIER_INVOICE_NUMBER_MAX_LENGTH } }}
          sx={{ flex: 1 }}
        />
        <TextField
          label="Invoice Amount"
          value={amount}
          onChange={(event) => setAmount(sanitizeInvoiceAmountInput(event.target.value))}
          required
          helperText={amount === '' ? AP_INVOICE_MESSAGES.amountRequired : ' '}
          size="small"
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          sx={{ flex: 1 }}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={!valid || change.isPending}
          startIcon={change.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          sx={{ whiteSpace: 'nowrap', mt: { sm: 0.25 } }}
        >
          Submit Invoice
        </Button>
      </Stack>
    </Paper>
  );
}
