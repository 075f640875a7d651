import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MuiLink from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { InvoiceDetail } from '@portal/contract';
import {
  canOperatorMoveThirdPartyInvoice,
  hasAccess,
  INVOICE_MESSAGES,
  nextThirdPartyInvoiceStatus,
  shipmentStatusTabIndex,
  THIRD_PARTY_INVOICE_OPERATOR_ACCESS,
  THIRD_PARTY_INVOICE_STATUS_DISPLAY_NAMES,
  type ShipmentStatus,
  type ThirdPartyInvoiceOperatorStatus,
} from '@portal/domain';
import { Link } from 'react-router';
import { toast } from '../../../shared/notifications';
import { useCurrentUser } from '../../../shared/session';
import { useMoveInvoiceStatus } from '../api/update-invoice';
import { formatMoney } from './format';
import { InvoiceFailureToast } from '../../../shared/invoices';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2, py: 0.5 }}>
      <Typography variant="body2" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography variant="body2" component="dd" sx={{ m: 0, fontWeight: 500, textAlign: 'right' }}>
        {children}
      </Typography>
    </Stack>
  );
}

/** The operator's step: RECEIVED to SETTLED, SETTLED to PAID_IN_FULL (decision 042). */
function OperatorStatusAction({ invoice }: { invoice: InvoiceDetail }) {
  const user = useCurrentUser();
  const move = useMoveInvoiceStatus(invoice);
  const next = nextThirdPartyInvoiceStatus(invoice.status);
  const isOperator =
    user.companyKind === 'operator' && hasAccess(user, THIRD_PARTY_INVOICE_OPERATOR_ACCESS);
  if (!isOperator || !next || !canOperatorMoveThirdPartyInvoice(invoice.status, next)) return null;
  const to = next as ThirdPartyInvoiceOperatorStatus;
  return (
    <Button
      variant="contained"
      fullWidth
      disabled={move.isPending}
      onClick={async () => {
        try {
          await move.mutateAsync(to);
          toast.success(INVOICE_MESSAGES.updated);
        } catch (error) {
          toast.error(<InvoiceFailureToast error={error} />);
        }
      }}
    >
      Mark as {THIRD_PARTY_INVOICE_STATUS_DISPLAY_NAMES[to]}
    </Button>
  );
}

/** Right side: Summary (Payment, Total Payment) and Invoice Details (Remit To when factored). */
export function InvoiceSidePanel({
  invoice,
  shipmentNumber,
  shipmentStatus,
}: {
  invoice: InvoiceDetail;
  shipmentNumber: string | undefined;
  shipmentStatus: ShipmentStatus | undefined;
}) {
  const tab = shipmentStatusTabIndex(shipmentStatus);
  return (
    <Stack sx={{ gap: 2 }}>
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="invoice-summary-heading"
        sx={{ p: 2 }}
      >
        <Typography id="invoice-summary-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
          Summary
        </Typography>
        <Box component="dl" sx={{ m: 0 }}>
          <Row label="Payment">{formatMoney(invoice.balance)}</Row>
          <Row label="Total Payment">{formatMoney(invoice.total)}</Row>
        </Box>
      </Paper>
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="invoice-details-heading"
        sx={{ p: 2 }}
      >
        <Typography id="invoice-details-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
          Invoice Details
        </Typography>
        <Box component="dl" sx={{ m: 0 }}>
          <Row label="Invoice Number">{invoice.invoiceNumber}</Row>
          <Row label="Shipment Number">
            {shipmentNumber ? (
              <MuiLink
                component={Link}
                to={`/all-shipments/${encodeURIComponent(shipmentNumber)}/preview?tab=${tab}`}
              >
                {shipmentNumber}
              </MuiLink>
            ) : (
              '—'
            )}
          </Row>
          {invoice.factoringCompany && <Row label="Remit To">{invoice.factoringCompany.name}</Row>}
        </Box>
      </Paper>
      <OperatorStatusAction invoice={invoice} />
    </Stack>
  );
}
