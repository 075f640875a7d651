import ArrowForward from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TenderSummary } from '@portal/contract';
import { isTenderOpen, type TenderOfferStatus } from '@portal/domain';
import { useNavigate } from 'react-router';
import { formatInstant, formatMoney, formatPlace } from '../../../shared/format';
import { TenderStatusChip } from './tender-status-chip';
import { TimeLeft } from './time-left';

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

/** One tender in the list: lane, customer, rate and the time left; clicking opens it. */
export function TenderCard({ tender }: { tender: TenderSummary }) {
  const navigate = useNavigate();
  const open = isTenderOpen(tender.status.value as TenderOfferStatus) && !tender.isExpired;
  return (
    <Card
      variant="outlined"
      component="article"
      aria-label={`Tender ${tender.tenderNumber}`}
      onClick={() => void navigate(`/tenders/${tender.id}`)}
      sx={{ p: 2, cursor: 'pointer', '&:hover': { borderColor: 'primary.main' } }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          Tender {tender.tenderNumber}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Shipment {tender.shipmentNumber}
        </Typography>
        <Box sx={{ flex: 1 }} />
        {open && <TimeLeft expiresAt={tender.expiresAt} />}
        <TenderStatusChip tender={tender} />
      </Stack>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1.5, minWidth: 0 }}>
        <Typography variant="body1" noWrap>
          {formatPlace(tender.origin)}
        </Typography>
        <ArrowForward fontSize="small" color="action" aria-label="to" />
        <Typography variant="body1" noWrap>
          {formatPlace(tender.destination)}
        </Typography>
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' },
          gap: 1.5,
        }}
      >
        <Fact label="Customer" value={tender.customer.name} />
        <Fact label="Rate" value={formatMoney(tender.carrierRate.rate)} />
        <Fact label="Pickup" value={formatInstant(tender.pickupAt)} />
        <Fact label="Equipment" value={tender.equipment.join(', ') || '—'} />
      </Box>
    </Card>
  );
}
