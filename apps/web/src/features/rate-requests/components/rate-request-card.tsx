import ArrowForward from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RateRequestSummary } from '@portal/contract';
import { RATE_REQUEST_STATUS_MEANINGS, type RateRequestStatus } from '@portal/domain';
import { useNavigate } from 'react-router';
import { formatInstant, formatMoney, formatPlace } from '../../../shared/format';

const COLORS: Record<string, 'info' | 'success' | 'default'> = {
  Sent: 'info',
  Offered: 'success',
  Declined: 'default',
};

export function RateRequestStatusChip({ request }: { request: RateRequestSummary }) {
  const label = request.awardedAt
    ? 'Awarded'
    : (RATE_REQUEST_STATUS_MEANINGS[request.status as RateRequestStatus] ?? request.status);
  return <Chip size="small" color={COLORS[request.status] ?? 'default'} label={label} />;
}

function Fact({ label, value }: { label: string; value: string }) {
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

/** One rate request in a list; clicking opens it at `to`. */
export function RateRequestCard({ request, to }: { request: RateRequestSummary; to: string }) {
  const navigate = useNavigate();
  return (
    <Card
      variant="outlined"
      component="article"
      aria-label={`Rate request for shipment ${request.shipmentNumber}`}
      onClick={() => void navigate(to)}
      sx={{ p: 2, cursor: 'pointer', '&:hover': { borderColor: 'primary.main' } }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          Shipment {request.shipmentNumber}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {request.carrier.name}
        </Typography>
        <Box sx={{ flex: 1 }} />
        <RateRequestStatusChip request={request} />
      </Stack>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1.5, minWidth: 0 }}>
        <Typography noWrap>{formatPlace(request.origin)}</Typography>
        <ArrowForward fontSize="small" color="action" aria-label="to" />
        <Typography noWrap>{formatPlace(request.destination)}</Typography>
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' },
          gap: 1.5,
        }}
      >
        <Fact label="Customer" value={request.customer.name} />
        <Fact label="Requested" value={formatInstant(request.requestedAt)} />
        <Fact label="Pickup" value={formatInstant(request.pickupAt)} />
        <Fact
          label="Offer"
          value={request.offeredRate === null ? '—' : formatMoney(request.offeredRate)}
        />
      </Box>
    </Card>
  );
}
