import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { InvoiceDetail } from '@portal/contract';
import {
  canSubmitInvoiceForm,
  EXTERNAL_INVOICE_NUMBER_MAX_LENGTH,
  INVOICE_MESSAGES,
  isInvoiceFormValid,
  isShipmentDelivered,
  isThirdPartyInvoiceReadOnly,
  sanitizeInvoiceAmountInput,
  THIRD_PARTY_INVOICE_MESSAGES,
  ThirdPartyInvoiceStatus,
  type ShipmentStatus,
} from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../shared/api/client';
import { useRequiredDocuments } from '../../../shared/documents';
import { formatMoney } from '../../../shared/format';
import { toast } from '../../../shared/notifications';
import { thirdPartyInvoiceKeys } from '../api/keys';
import { useUpdateInvoice, type InvoiceUpdate } from '../api/update-invoice';
import { InvoiceFailureToast } from '../../../shared/invoices';

interface AddInvoiceFormProps {
  invoice: InvoiceDetail;
  /** The invoice's shipment status; undefined while it loads or when it is no longer visible. */
  shipmentStatus: ShipmentStatus | undefined;
}

const initialValues = (invoice: InvoiceDetail) => ({
  invoiceNumber: invoice.externalInvoiceNumber ?? '',
  invoiceAmount:
    invoice.externalInvoiceAmount === null ? '' : invoice.externalInvoiceAmount.toFixed(2),
});

/**
 * Add Invoice: the carrier's own invoice number and amount (spec section 5). At least one of the two;
 * the amount is numeric (anything else becomes empty); read-only from SETTLED on. Shown only when the
 * invoice has third-party payer billing settings.
 */
export function AddInvoiceForm({ invoice, shipmentStatus }: AddInvoiceFormProps) {
  const client = useQueryClient();
  const update = useUpdateInvoice(invoice);
  const required = useRequiredDocuments(invoice.id);
  const [values, setValues] = useState(() => initialValues(invoice));
  // No red before the user has typed: the rule shows once a field has been changed.
  const [touched, setTouched] = useState(false);
  const [warnings, setWarnings] = useState<string[] | null>(null);
  const readOnly = isThirdPartyInvoiceReadOnly(invoice.status);
  const canSubmit = canSubmitInvoiceForm(values, invoice.status, update.isPending);
  const showRequired = touched && !readOnly && !isInvoiceFormValid(values);
  const edit = (change: Partial<typeof values>) => {
    setTouched(true);
    setValues({ ...values, ...change });
  };

  if (!invoice.thirdPartPayerBillingSettingsId) {
    return (
      <Alert severity="warning" component="section" aria-label="Add Invoice">
        {THIRD_PARTY_INVOICE_MESSAGES.notEligible}
      </Alert>
    );
  }

  /** What the user should know before saving: an amount off the total, documents still missing. */
  function saveWarnings(): string[] {
    const found: string[] = [];
    if (values.invoiceAmount !== '') {
      const difference = Math.round(Number(values.invoiceAmount) * 100 - invoice.total * 100) / 100;
      if (difference !== 0)
        found.push(
          `The amount ${formatMoney(Number(values.invoiceAmount))} is ${formatMoney(Math.abs(difference))} ${difference > 0 ? 'more' : 'less'} than the invoice total of ${formatMoney(invoice.total)}.`,
        );
    }
    const missing = (required.data?.data ?? []).filter((document) => !document.isUploaded);
    if (missing.length)
      found.push(
        `Required documents not uploaded yet: ${missing.map((document) => document.description || document.typeName).join(', ')}.`,
      );
    return found;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit) return;
    const found = saveWarnings();
    if (found.length) setWarnings(found);
    else void save();
  }

  async function save() {
    setWarnings(null);
    const change: InvoiceUpdate = {};
    if (values.invoiceNumber.trim() !== '')
      change.externalInvoiceNumber = values.invoiceNumber.trim();
    if (values.invoiceAmount !== '') change.externalInvoiceAmount = Number(values.invoiceAmount);
    try {
      const saved = await update.mutateAsync(change);
      setValues(initialValues(saved));
      toast.success(INVOICE_MESSAGES.updated);
    } catch (error) {
      toast.error(<InvoiceFailureToast error={error} />);
      // Someone else saved meanwhile: read their version so the next save can go through.
      if (error instanceof ApiError && error.status === 409) {
        void client.invalidateQueries({
          queryKey: thirdPartyInvoiceKeys.detail(invoice.invoiceNumber),
        });
      }
    }
  }

  const notDelivered =
    invoice.status === ThirdPartyInvoiceStatus.DRAFT &&
    shipmentStatus !== undefined &&
    !isShipmentDelivered(shipmentStatus);

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="add-invoice-heading"
      sx={{ p: 2 }}
    >
      <Typography id="add-invoice-heading" variant="h6" component="h2" sx={{ mb: 1.5 }}>
        Add Invoice
      </Typography>
      {notDelivered && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {THIRD_PARTY_INVOICE_MESSAGES.notDelivered}
        </Alert>
      )}
      {readOnly && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {THIRD_PARTY_INVOICE_MESSAGES.readOnly}
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
          value={values.invoiceNumber}
          onChange={(event) => edit({ invoiceNumber: event.target.value })}
          required={values.invoiceAmount === ''}
          error={showRequired}
          helperText={
            showRequired
              ? THIRD_PARTY_INVOICE_MESSAGES.numberOrAmountRequired
              : values.invoiceNumber.length >= EXTERNAL_INVOICE_NUMBER_MAX_LENGTH
                ? `At most ${EXTERNAL_INVOICE_NUMBER_MAX_LENGTH} characters`
                : ' '
          }
          disabled={readOnly}
          size="small"
          slotProps={{ htmlInput: { maxLength: EXTERNAL_INVOICE_NUMBER_MAX_LENGTH } }}
          sx={{ flex: 1 }}
        />
        <TextField
          label="Invoice Amount"
          value={values.invoiceAmount}
          onChange={(event) =>
            edit({ invoiceAmount: sanitizeInvoiceAmountInput(event.target.value) })
          }
          required={values.invoiceNumber.trim() === ''}
          error={showRequired}
          helperText={showRequired ? THIRD_PARTY_INVOICE_MESSAGES.numberOrAmountRequired : ' '}
          disabled={readOnly}
          size="small"
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          sx={{ flex: 1 }}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={!canSubmit}
          startIcon={update.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          sx={{ whiteSpace: 'nowrap', mt: { sm: 0.25 } }}
        >
          Save Invoice
        </Button>
      </Stack>
      <Dialog
        open={warnings !== null}
        onClose={() => setWarnings(null)}
        aria-labelledby="save-invoice-check-title"
      >
        <DialogTitle id="save-invoice-check-title">Save this invoice?</DialogTitle>
        <DialogContent>
          {(warnings ?? []).map((warning) => (
            <Alert key={warning} severity="warning" sx={{ mb: 1 }}>
              {warning}
            </Alert>
          ))}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setWarnings(null)}>Cancel</Button>
          <Button variant="contained" onClick={() => void save()}>
            Save Anyway
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
