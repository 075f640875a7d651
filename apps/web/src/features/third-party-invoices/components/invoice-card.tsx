import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import MuiLink from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ThirdPartyInvoiceCard } from '@portal/contract';
import { balanceDue } from '@portal/domain';
import { Link, useLocation, useNavigate } from 'react-router';
import { formatCalendarDate, formatInvoiceDate, formatMoney, toCents } from './format';
import { InvoiceStatusChip } from './invoice-status-chip';
import { LIST_PATH } from './paths';

function Amount({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {value}
      </Typography>
    </Box>
  );
}

/** One invoice in the list (spec section 2); clicking it opens the detail. */
export function InvoiceCard({ invoice }: { invoice: ThirdPartyInvoiceCard }) {
  const navigate = useNavigate();
  const location = useLocation();
  const detailPath = {
    pathname: `${LIST_PATH}/${encodeURIComponent(invoice.invoiceNumber)}/preview`,
    search: location.search,
  };
  const balance = balanceDue(toCents(invoice.invoiceAmount), toCents(invoice.feeAndBalance)) / 100;
  const date = invoice.dueDateTimeStamp
    ? { label: 'Est. Pay Date', value: formatCalendarDate(invoice.dueDateTimeStamp) }
    : { label: 'Invoice Date', value: formatInvoiceDate(invoice.createDateTimeStamp) };

  return (
    <Card
      variant="outlined"
      component="article"
      aria-label={`Invoice ${invoice.invoiceNumber}`}
      onClick={() => void navigate(detailPath)}
      sx={{ p: 2, cursor: 'pointer', '&:hover': { borderColor: 'primary.main' } }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, mb: 1.5 }}>
        <Avatar
          src={invoice.carrierLogoURL ?? undefined}
          alt=""
          variant="rounded"
          sx={{ width: 40, height: 40, bgcolor: 'grey.200', color: 'text.secondary' }}
        >
          {invoice.customerName.slice(0, 1)}
        </Avatar>
        <Typography variant="subtitle1" component="h3" sx={{ flex: 1, fontWeight: 600 }} noWrap>
          {invoice.customerName}
        </Typography>
        <InvoiceStatusChip
          status={invoice.status.status}
          label={invoice.status.description}
          size="small"
        />
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' },
          gap: 1.5,
        }}
      >
        <Amount label={date.label} value={date.value} />
        <Amount label="Amount Due" value={formatMoney(invoice.invoiceAmount)} />
        <Amount label="Fees & Balances" value={formatMoney(invoice.feeAndBalance)} />
        <Amount label="Balance Due" value={formatMoney(balance)} />
      </Box>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', gap: 1.5, mt: 1.5, flexWrap: 'wrap', rowGap: 1 }}
      >
        <Typography variant="body2">
          SPOT{' '}
          <MuiLink component={Link} to={detailPath} onClick={(event) => event.stopPropagation()}>
            {invoice.invoiceNumber}
          </MuiLink>
        </Typography>
        <Typography variant="body2">
          SHIP{' '}
          <MuiLink
            component={Link}
            to={`/all-shipments/${encodeURIComponent(invoice.shipmentNumber)}/preview/details`}
            onClick={(event) => event.stopPropagation()}
          >
            {invoice.shipmentNumber}
          </MuiLink>
        </Typography>
        {invoice.shipmentStatus.description && (
          <Chip label={invoice.shipmentStatus.description} size="small" variant="outlined" />
        )}
        <Stack
          direction="row"
          sx={{ alignItems: 'center', gap: 0.5, ml: 'auto', color: 'text.secondary' }}
          aria-label={`Required documents: ${invoice.numberOfRequiredDocuments} required, ${invoice.numberOfUploadedRequiredDocuments} uploaded`}
          title="Required documents: required / uploaded"
        >
          <DescriptionOutlinedIcon fontSize="small" />
          <Typography variant="body2">
            {invoice.numberOfRequiredDocuments} / {invoice.numberOfUploadedRequiredDocuments}
          </Typography>
        </Stack>
      </Stack>
    </Card>
  );
}
