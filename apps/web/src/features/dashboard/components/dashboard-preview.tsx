import Close from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SHIPMENT_MESSAGES } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate } from 'react-router';
import { formatInstant, formatMoney, formatPlace } from '../../../shared/format';
import { zonedRange, zonedTime } from '../../../shared/format/zoned-time';
import { STATUS_COLORS, place, placeTime } from '../../../shared/shipments/shipment-format';
import {
  nextStopIndex,
  shipmentDetailOptions,
  shipmentStopsOptions,
} from '../../../shared/shipments/shipment-queries';
import { useRateRequestPreview, useTenderPreview } from '../api/preview-records';

/**
 * The dashboard's preview sub-routes: a side panel leading to the full page. The accounting preview
 * is the invoice itself, in the accounting drawer (app/dashboard-accounting-preview.tsx).
 */
export default function DashboardPreview({
  kind,
  recordKey: key,
}: {
  kind: string;
  recordKey: string;
}) {
  const navigate = useNavigate();
  const value = decodeURIComponent(key);
  const targets: Record<string, { title: string; to: string }> = {
    shipments: {
      title: `Shipment ${value}`,
      to: `/all-shipments/${key}/preview/details`,
    },
    tenders: { title: 'Tender', to: `/tenders/${key}` },
    rates: { title: 'Rate Request', to: `/rates/${key}/preview` },
  };
  const target = targets[kind.toLowerCase()];
  if (!target) return null;
  const close = () => navigate(`/dashboard/${kind}`);
  return (
    <Drawer anchor="right" open onClose={close}>
      <Box sx={{ width: { xs: '100vw', sm: 360 }, p: 2 }} role="region" aria-label={target.title}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="h6" component="h2">
            {target.title}
          </Typography>
          <IconButton aria-label="Close" onClick={close}>
            <Close />
          </IconButton>
        </Stack>
        {kind.toLowerCase() === 'shipments' && <ShipmentPreview shipmentNumber={value} />}
        {kind.toLowerCase() === 'tenders' && <TenderPreview tenderKey={value} />}
        {kind.toLowerCase() === 'rates' && <RateRequestPreview id={value} />}
        <Button component={RouterLink} to={target.to} variant="contained" sx={{ mt: 2 }}>
          Open {target.title}
        </Button>
      </Box>
    </Drawer>
  );
}

function PreviewFact({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {value}
      </Typography>
    </Box>
  );
}

/**
 * /dashboard/shipments/{shipmentNumber}/preview: the shipment itself, its times on the clock of the
 * stop they belong to, as on the shipment's own page.
 */
function ShipmentPreview({ shipmentNumber }: { shipmentNumber: string }) {
  const detail = useQuery(shipmentDetailOptions(shipmentNumber));
  const stops = useQuery(shipmentStopsOptions(shipmentNumber));
  if (detail.isPending) return <Skeleton variant="rounded" height={160} sx={{ mt: 2 }} />;
  if (detail.isError)
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        {SHIPMENT_MESSAGES.unableToAccess}
      </Alert>
    );
  const shipment = detail.data;
  const list = stops.data?.data ?? [];
  const next = list[nextStopIndex(list)];
  return (
    <Stack spacing={1.5} sx={{ mt: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
          {place(shipment.origin)} to {place(shipment.destination)}
        </Typography>
        <Chip
          size="small"
          label={shipment.status.displayName}
          color={STATUS_COLORS[shipment.status.value] ?? 'default'}
          aria-label={`Status ${shipment.status.displayName}`}
        />
      </Stack>
      <PreviewFact label="Pickup" value={placeTime(shipment.pickupAt, shipment.origin)} />
      <PreviewFact label="Delivery" value={placeTime(shipment.deliveryAt, shipment.destination)} />
      <PreviewFact label="Carrier Rate" value={formatMoney(shipment.carrierRate)} />
      {stops.isPending ? (
        <Skeleton height={48} />
      ) : stops.isError ? (
        <Alert severity="error">{stops.error.message}</Alert>
      ) : next ? (
        <PreviewFact
          label="Next Stop"
          value={`Stop ${next.stopNumber} of ${list.length} · ${next.stopType} · ${next.locationName}, ${next.locationAddress.city}, ${next.locationAddress.state} · ${
            next.appointment
              ? zonedTime(next.appointment.at, next.ianaTimezone)
              : zonedRange(next.early?.at, next.late?.at, next.ianaTimezone)
          }`}
        />
      ) : (
        <PreviewFact label="Next Stop" value="Every stop completed" />
      )}
    </Stack>
  );
}

/** /dashboard/tenders/{tenderId}/preview: the tender itself, not only its title. */
function TenderPreview({ tenderKey }: { tenderKey: string }) {
  const tender = useTenderPreview(tenderKey, true);
  if (tender.isPending) return <Skeleton variant="rounded" height={160} sx={{ mt: 2 }} />;
  if (tender.isError)
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        {tender.error.message}
      </Alert>
    );
  const data = tender.data.data;
  return (
    <Stack spacing={1.5} sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
        Tender {data.tenderNumber} · {data.isExpired ? 'Expired' : data.status.displayName}
      </Typography>
      <Typography>
        {formatPlace(data.origin)} to {formatPlace(data.destination)}
      </Typography>
      <PreviewFact label="Shipment" value={data.shipmentNumber} />
      <PreviewFact label="Customer" value={data.customer.name} />
      <PreviewFact label="Offered Rate" value={formatMoney(data.carrierRate.rate)} />
      <PreviewFact label="Pickup" value={formatInstant(data.pickupAt)} />
      <PreviewFact label="Answer By" value={formatInstant(data.expiresAt)} />
    </Stack>
  );
}

/** /dashboard/rates/{rateId}/preview: the rate request itself. */
function RateRequestPreview({ id }: { id: string }) {
  const request = useRateRequestPreview(id, true);
  if (request.isPending) return <Skeleton variant="rounded" height={160} sx={{ mt: 2 }} />;
  if (request.isError)
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        {request.error.message}
      </Alert>
    );
  const data = request.data.data;
  return (
    <Stack spacing={1.5} sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
        Shipment {data.shipmentNumber} · {data.status}
      </Typography>
      <Typography>
        {formatPlace(data.origin)} to {formatPlace(data.destination)}
      </Typography>
      <PreviewFact label="Customer" value={data.customer.name} />
      <PreviewFact label="Pickup" value={formatInstant(data.pickupAt)} />
      <PreviewFact
        label="Your Offer"
        value={data.offeredRate === null ? 'Not answered yet' : formatMoney(data.offeredRate)}
      />
    </Stack>
  );
}
