import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import {
  RATE_TYPE_ROUTES,
  rateTypeRoute,
  ShipmentStatus,
  unknownRateTypeMessage,
  type RateTypeRoute,
} from '@portal/domain';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import { useAvailableLoad } from '../api/load-board';
import { placeName } from './format';
import { problemText } from './problem-text';
import { RatesPanel } from './rates-panel';
import { formatMoney } from '../../../shared/format/money';

const ALL_RATES = 'all';

/** All the load's rates, then one tab per rate type (each its own link); none selected is false. */
function RateTypeTabs({
  shipmentNumber,
  selected,
}: {
  shipmentNumber: string;
  selected: string | false;
}) {
  const number = encodeURIComponent(shipmentNumber);
  return (
    <Tabs value={selected} aria-label="Rate types" variant="scrollable" allowScrollButtonsMobile>
      <Tab value={ALL_RATES} label="All rates" component={Link} to={`/rates/${number}`} />
      {RATE_TYPE_ROUTES.map((route) => (
        <Tab
          key={route.rateType}
          value={route.rateType}
          label={route.label}
          component={Link}
          to={`/rates/${route.rateType}/shipment/${number}`}
        />
      ))}
    </Tabs>
  );
}

function BackToLoad({ shipmentNumber }: { shipmentNumber: string }) {
  return (
    <Button
      component={Link}
      to={`/available-freight/${encodeURIComponent(shipmentNumber)}`}
      startIcon={<ArrowBackIcon />}
      sx={{ alignSelf: 'flex-start' }}
    >
      Load {shipmentNumber}
    </Button>
  );
}

/** The load's rates (of one type, when the path names one) with Book on each. */
function LoadRates({
  shipmentNumber,
  rateType,
}: {
  shipmentNumber: string;
  rateType: RateTypeRoute | undefined;
}) {
  const load = useAvailableLoad(shipmentNumber);
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
    <>
      <Stack>
        <Typography variant="h5" component="h2">
          {rateType?.label ?? 'Rates'} for load {data.shipmentNumber}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {placeName(data.origin)} → {placeName(data.destination)} · posted at{' '}
          {formatMoney(data.price)}
        </Typography>
      </Stack>
      <RateTypeTabs
        shipmentNumber={data.shipmentNumber}
        selected={rateType?.rateType ?? ALL_RATES}
      />
      <RatesPanel
        load={data}
        bookable={data.status.value === ShipmentStatus.ReadyToBook}
        rateType={rateType}
      />
    </>
  );
}

/**
 * /rates/{shipmentNumber} (every rate of the load) and /rates/{rateType}/shipment/{shipmentNumber}
 * (only the rates of that type: contract, ltl or spot, decision 222): the rates this carrier can book
 * a load at, with Book on each. A word that is no rate type says so and offers the types.
 */
export function RateShipmentPage() {
  const { shipmentNumber = '', rateType: word } = useParams();
  const rateType = word === undefined ? undefined : rateTypeRoute(word);
  return (
    <Stack sx={{ gap: 2, maxWidth: 1000, mx: 'auto', width: '100%' }}>
      <BackToLoad shipmentNumber={shipmentNumber} />
      {word !== undefined && !rateType ? (
        <>
          <Typography variant="h5" component="h2">
            Rates for load {shipmentNumber}
          </Typography>
          <Alert severity="warning">{unknownRateTypeMessage(word)}</Alert>
          <RateTypeTabs shipmentNumber={shipmentNumber} selected={false} />
        </>
      ) : (
        <LoadRates shipmentNumber={shipmentNumber} rateType={rateType} />
      )}
    </Stack>
  );
}
