import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { ApInvoiceDetail, QuickPayOption } from '@portal/contract';
import { AP_INVOICE_MESSAGES, SERVICE_LEVEL_DISPLAY_NAMES, ServiceLevel } from '@portal/domain';
import { useState } from 'react';
import { formatCalendarDate, formatMoney } from '../../../shared/format';
import { InvoiceFailureToast } from '../../../shared/invoices';
import { toast } from '../../../shared/notifications';
import { useChangeInvoice } from '../api/change-invoice';

/** Quick Pay: each level's fee and pay date, shown before the carrier confirms. */
export function QuickPayPanel({ invoice }: { invoice: ApInvoiceDetail }) {
  const change = useChangeInvoice(invoice);
  const [chosen, setChosen] = useState<QuickPayOption | null>(null);
  if (invoice.quickPayOptions.length === 0) return null;
  const current = invoice.quickPayOptions.find(
    (option) => option.serviceLevel === invoice.serviceLevel,
  );

  async function confirm(serviceLevel: 0 | 2 | 3) {
    try {
      await change.mutateAsync({ kind: 'quickPay', body: { serviceLevel } });
      toast.success(AP_INVOICE_MESSAGES.quickPayChosen);
      setChosen(null);
    } catch (error) {
      toast.error(<InvoiceFailureToast error={error} />);
    }
  }

  return (
    <Paper variant="outlined" component="section" aria-labelledby="quick-pay-heading" sx={{ p: 2 }}>
      <Typography id="quick-pay-heading" variant="h6" component="h2" sx={{ mb: 0.5 }}>
        Quick Pay
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {current
          ? `${current.name}: paid ${formatCalendarDate(current.payDate)}, fee ${formatMoney(current.fee)}.`
          : 'Standard terms: paid 30 days after the invoice is received, no fee. Get paid sooner for a fee:'}
      </Typography>
      <RadioGroup
        aria-label="Quick Pay options"
        value={chosen ? String(chosen.serviceLevel) : ''}
        onChange={(event) =>
          setChosen(
            invoice.quickPayOptions.find(
              (option) => String(option.serviceLevel) === event.target.value,
            ) ?? null,
          )
        }
      >
        {invoice.quickPayOptions
          .filter((option) => option.serviceLevel !== invoice.serviceLevel)
          .map((option) => (
            <FormControlLabel
              key={option.serviceLevel}
              value={String(option.serviceLevel)}
              control={<Radio size="small" />}
              label={`${option.name}: fee ${formatMoney(option.fee)}, paid ${formatCalendarDate(option.payDate)}`}
            />
          ))}
      </RadioGroup>
      {current && (
        <Button
          size="small"
          onClick={() => void confirm(ServiceLevel.Standard)}
          disabled={change.isPending}
        >
          Back to {SERVICE_LEVEL_DISPLAY_NAMES[ServiceLevel.Standard]}
        </Button>
      )}
      <Dialog
        open={chosen !== null}
        onClose={() => setChosen(null)}
        aria-labelledby="quick-pay-confirm-title"
      >
        {chosen && (
          <>
            <DialogTitle id="quick-pay-confirm-title">Choose {chosen.name}?</DialogTitle>
            <DialogContent>
              <Typography>
                Fee: <strong>{formatMoney(chosen.fee)}</strong>
              </Typography>
              <Typography>
                You receive: <strong>{formatMoney(chosen.netAmount)}</strong>
              </Typography>
              <Typography>
                New pay date: <strong>{formatCalendarDate(chosen.payDate)}</strong>
              </Typography>
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setChosen(null)}>Cancel</Button>
              <Button
                variant="contained"
                disabled={change.isPending}
                onClick={() => void confirm(chosen.serviceLevel as 2 | 3)}
              >
                Confirm {chosen.name}
              </Button>
            </DialogActions>
          </>
        )}
      </Dialog>
    </Paper>
  );
}
