import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ShipmentStatus } from '@portal/domain';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import { useAvailableLoad } from '../api/load-board';
import { money, placeName } from './format';
import { problemText } from './problem-text';
import { RatesPanel } from './rates-panel';

const RATE_TYPES: Record<string, string> = {
  contract: 'Contract TL rates',
  ltl: 'LTL rates',
  spot: 'Spot quotes',
};

/**
 * /rates/{shipmentNumber} and /rates/{rateType}/shipment/{shipmentNumber}: the rates this carrier can
 * book a load at, with Book on each.
 */
export function RateShipmentPage() {
  const { shipmentNumber = '', rateType } = useParams();
  const load = useAvailableLoad(shipmentNumber);
  const heading = (rateType && RATE_TYPES[rateType.toLowerCase()]) ?? 'Rates';
  if (load.isPending) return <Skeleton variant="rounded" height={240} aria-label="Loading rates" />;
  if (load.isError) {
    const gone = load.error instanceof ApiError && load.error.status === 404;
    return (
      <Alert severity={gone ? 'warning' : 'error'}>
        {gone ? `Load ${shipmentNumber} is no longer on the load board.` : problemText(load.error)}
      </Alert>
    );
  }
  const data = load.data.data;
  return (
    <Stack sx={{ gap: 2, maxWidth: 1000, mx: 'auto', width: '100%' }}>
      <Button
        component={Link}
        to={`/available-freight/${data.shipmentNumber}`}
        startIcon={<ArrowBackIcon />}
        sx={{ alignSelf: 'flex-start' }}
      >
        Load {data.shipmentNumber}
      </Button>
      <Stack>
        <Typography variant="h5" component="h2">
          {heading} for load {data.shipmentNumber}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {placeName(data.origin)} → {placeName(data.destination)} · posted at {money(data.price)}
        </Typography>
      </Stack>
      <RatesPanel load={data} bookable={data.status.value === ShipmentStatus.ReadyToBook} />
    </Stack>
  );
}
