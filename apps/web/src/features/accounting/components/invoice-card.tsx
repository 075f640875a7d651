import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import MuiLink from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ApInvoiceSummary } from '@portal/contract';
import { Link, useLocation, useNavigate } from 'react-router';
import { formatCalendarDate, formatMoney } from '../../../shared/format';
import { ApStatusChip } from './ap-status-chip';
import { accountingBase } from './paths';

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
        {value}
      </Typography>
    </Box>
  );
}

const lane = (invoice: ApInvoiceSummary) =>
  invoice.lane.originCity && invoice.lane.destinationCity
    ? `${invoice.lane.originCity}, ${invoice.lane.originState} to ${invoice.lane.destinationCity}, ${invoice.lane.destinationState}`
    : '';

/** One carrier invoice in the list; clicking it opens the detail over the list. */
export function AccountingInvoiceCard({ invoice }: { invoice: ApInvoiceSummary }) {
  const navigate = useNavigate();
  const location = useLocation();
  const detailPath = {
    pathname: `${accountingBase(location.pathname)}/${encodeURIComponent(invoice.invoiceNumber)}/preview`,
    search: location.search,
  };
  return (
    <Card
      variant="outlined"
      component="article"
      aria-label={`Invoice ${invoice.invoiceNumber}`}
      onClick={() => void navigate(detailPath)}
      sx={{ p: 2, cursor: 'pointer', '&:hover': { borderColor: 'primary.main' } }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, mb: 0.5 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          <MuiLink component={Link} to={detailPath} onClick={(event) => event.stopPropagation()}>
            Invoice {invoice.invoiceNumber}
          </MuiLink>
        </Typography>
        <ApStatusChip status={invoice.apInvoiceStatus} size="small" />
        <Typography
          variant="body2"
          color="text.secondary"
          noWrap
          sx={{ ml: 'auto', display: { xs: 'none', sm: 'block' } }}
        >
          {lane(invoice)}
        </Typography>
      </Stack>
      <Typography variant="body2" sx={{ mb: 1.5 }} color="text.secondary">
        {invoice.payStatus.text}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' },
          gap: 1.5,
        }}
      >
        <Field label="Amount" value={formatMoney(invoice.invoiceAmount)} />
        <Field
          label="Shipment Date"
          value={invoice.shipmentDate ? formatCalendarDate(invoice.shipmentDate) : '—'}
        />
        <Field label="Your Invoice #" value={invoice.carrierInvoiceNumber ?? '—'} />
        <Field
          label={invoice.remitTo ? 'Remit To' : 'Carrier'}
          value={invoice.remitTo?.name ?? invoice.carrier.name}
        />
      </Box>
      {invoice.shipmentNumber && (
        <Typography variant="body2" sx={{ mt: 1.5 }}>
          SHIP{' '}
          <MuiLink
            component={Link}
            to={`/all-shipments/${encodeURIComponent(invoice.shipmentNumber)}/preview/details`}
            onClick={(event) => event.stopPropagation()}
          >
            {invoice.shipmentNumber}
          </MuiLink>
        </Typography>
      )}
    </Card>
  );
}
