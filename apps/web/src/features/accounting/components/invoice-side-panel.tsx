import Box from '@mui/material/Box';
import MuiLink from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ApInvoiceDetail } from '@portal/contract';
import { SERVICE_LEVEL_DISPLAY_NAMES, type ServiceLevel } from '@portal/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatCalendarDate, formatMoney, toCents } from '../../../shared/format';
import { OperatorActions } from './operator-actions';

function Row({ label, children }: { label: string; children: ReactNode }) {
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

const date = (value: string | null) => (value ? formatCalendarDate(value) : '—');

/** Right side: Summary (amount, fee, net, dates), Invoice Details (remit-to), the payment. */
export function AccountingSidePanel({ invoice }: { invoice: ApInvoiceDetail }) {
  const net = (toCents(invoice.invoiceAmount) - toCents(invoice.quickPayFee)) / 100;
  return (
    <Stack sx={{ gap: 2 }}>
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="ap-summary-heading"
        sx={{ p: 2 }}
      >
        <Typography id="ap-summary-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
          Summary
        </Typography>
        <Box component="dl" sx={{ m: 0 }}>
          <Row label="Invoice Amount">{formatMoney(invoice.invoiceAmount)}</Row>
          {invoice.quickPayFee > 0 && (
            <Row label="Quick Pay Fee">{formatMoney(invoice.quickPayFee)}</Row>
          )}
          <Row label="Payment">{formatMoney(net)}</Row>
          <Row label="Service Level">
            {SERVICE_LEVEL_DISPLAY_NAMES[invoice.serviceLevel as ServiceLevel] ?? 'Standard'}
          </Row>
          <Row label="Invoice Date">{date(invoice.invoiceDate)}</Row>
          <Row label="Est. Pay Date">{date(invoice.dueDate)}</Row>
        </Box>
      </Paper>
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="ap-details-heading"
        sx={{ p: 2 }}
      >
        <Typography id="ap-details-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
          Invoice Details
        </Typography>
        <Box component="dl" sx={{ m: 0 }}>
          <Row label="Invoice Number">{invoice.invoiceNumber}</Row>
          <Row label="Carrier Invoice #">{invoice.carrierInvoiceNumber ?? '—'}</Row>
          <Row label="Shipment Number">
            {invoice.shipmentNumber ? (
              <MuiLink
                component={Link}
                to={`/all-shipments/${encodeURIComponent(invoice.shipmentNumber)}/preview/details`}
              >
                {invoice.shipmentNumber}
              </MuiLink>
            ) : (
              '—'
            )}
          </Row>
          <Row label="Shipment Date">{date(invoice.shipmentDate)}</Row>
          <Row label="Carrier">{invoice.carrier.name}</Row>
          {invoice.remitTo && <Row label="Remit To">{invoice.remitTo.name}</Row>}
          {invoice.payment && (
            <Row label="Check Number">
              <MuiLink
                component={Link}
                to={`/payments/${encodeURIComponent(invoice.payment.checkNumber)}/preview`}
              >
                {invoice.payment.checkNumber}
              </MuiLink>
            </Row>
          )}
          {invoice.payment && <Row label="Payment Date">{date(invoice.payment.paymentDate)}</Row>}
        </Box>
      </Paper>
      <OperatorActions invoice={invoice} />
    </Stack>
  );
}
