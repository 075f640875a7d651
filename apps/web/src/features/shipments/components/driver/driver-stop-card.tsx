import DirectionsIcon from '@mui/icons-material/Directions';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ShipmentStop } from '@portal/contract';
import { zonedRange, zonedTime } from '../../../../shared/format/zoned-time';
import type { DriverStop, NextStep } from '../../offline/driver-stops';

/** The stop's address on one line, as a maps app searches it. */
export function stopAddress(stop: ShipmentStop): string {
  const { addressLine1, city, state, zip } = stop.locationAddress;
  return [addressLine1, city, `${state} ${zip}`].filter(Boolean).join(', ');
}

/**
 * Google's documented Maps URL: on a phone it opens the installed maps app (Google Maps, or the
 * browser's map on an iPhone without it) with directions to the stop; nothing to install here.
 */
export const directionsUrl = (stop: ShipmentStop) =>
  `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(
    stop.latitude !== null && stop.longitude !== null
      ? `${stop.latitude},${stop.longitude}`
      : stopAddress(stop),
  )}`;

/** What the stop expects: its appointment, else its window, on the stop's clock. */
export function scheduleText(stop: ShipmentStop): string {
  const zone = stop.ianaTimezone;
  if (stop.appointment) return `Appointment ${zonedTime(stop.appointment.at, zone)}`;
  if (stop.early || stop.late) return `Window ${zonedRange(stop.early?.at, stop.late?.at, zone)}`;
  return 'No appointment';
}

const STEP_LABELS: Record<NextStep, (stop: ShipmentStop) => string> = {
  arrival: () => 'Arrived',
  counts: (stop) => (stop.stopType === 'Pickup' ? 'Loaded' : 'Unloaded'),
  departure: () => 'Departed',
};

export const stepLabel = (step: NextStep, stop: ShipmentStop) => STEP_LABELS[step](stop);

function Recorded({
  label,
  at,
  zone,
  waiting,
}: {
  label: string;
  at: string | null;
  zone: string;
  waiting: boolean;
}) {
  if (!at) return null;
  return (
    <Typography variant="body1">
      {label} {zonedTime(at, zone)}
      {waiting && (
        <Typography component="span" variant="body2" color="warning.main">
          {' '}
          · waiting to send
        </Typography>
      )}
    </Typography>
  );
}

/** The stop the truck is headed to, with the one big button for what comes next there. */
export function NextStopCard({
  driverStop,
  stopCount,
  step,
  onStep,
  busy,
  notReady,
}: {
  driverStop: DriverStop;
  stopCount: number;
  step: NextStep;
  onStep: () => void;
  busy: boolean;
  /** Why nothing can be recorded yet (a load not dispatched), instead of the button. */
  notReady?: string | undefined;
}) {
  const { stop } = driverStop;
  const zone = stop.ianaTimezone;
  return (
    <Paper component="section" aria-label="Next stop" variant="outlined" sx={{ p: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 0.5 }}>
        <Typography variant="overline" sx={{ flex: 1, lineHeight: 1.5 }}>
          Next stop · {stop.stopNumber} of {stopCount} · {stop.stopType}
        </Typography>
        {driverStop.arrivedAt && <Chip size="small" color="info" label="At the stop" />}
      </Stack>
      <Typography variant="h5" component="h3" sx={{ fontWeight: 600 }}>
        {stop.locationName}
      </Typography>
      <Typography variant="body1" sx={{ mt: 0.5 }}>
        {stopAddress(stop)}
      </Typography>
      <Link
        href={directionsUrl(stop)}
        target="_blank"
        rel="noopener noreferrer"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, my: 1, fontSize: '1.1rem' }}
      >
        <DirectionsIcon /> Open in Maps
      </Link>
      <Typography variant="body1" sx={{ fontWeight: 500 }}>
        {scheduleText(stop)}
      </Typography>
      <Recorded
        label="Arrived"
        at={driverStop.arrivedAt}
        zone={zone}
        waiting={driverStop.waiting.arrival}
      />
      {driverStop.waiting.counts && (
        <Typography variant="body1">
          {stepLabel('counts', stop)}
          <Typography component="span" variant="body2" color="warning.main">
            {' '}
            · waiting to send
          </Typography>
        </Typography>
      )}
      {stop.orderLineItems.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {stop.orderLineItems
            .map(
              (item) =>
                `${item.role === 'pickup' ? 'Load' : 'Unload'} ${item.packageCount} ${item.packageType} ${item.description}`,
            )
            .join(' · ')}
        </Typography>
      )}
      <Box sx={{ mt: 2 }}>
        {notReady ? (
          <Alert severity="info">{notReady}</Alert>
        ) : (
          <Button
            variant="contained"
            size="large"
            fullWidth
            onClick={onStep}
            disabled={busy}
            sx={{ minHeight: 72, fontSize: '1.4rem', fontWeight: 700 }}
          >
            {stepLabel(step, stop)}
          </Button>
        )}
      </Box>
    </Paper>
  );
}

/** Every stop of the load, each time on that stop's clock with the zone named. */
export function AllStops({ stops }: { stops: readonly DriverStop[] }) {
  return (
    <Paper component="section" aria-label="All stops" variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h3">
        All stops
      </Typography>
      <Stack component="ol" sx={{ listStyle: 'none', p: 0, m: 0, gap: 1.5, mt: 1 }}>
        {stops.map((driverStop) => {
          const { stop } = driverStop;
          return (
            <Box component="li" key={stop.shipmentStopId} aria-label={`Stop ${stop.stopNumber}`}>
              <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
                {stop.stopNumber}. {stop.stopType} · {stop.locationName}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {stop.locationAddress.city}, {stop.locationAddress.state}
              </Typography>
              <Typography variant="body2">{scheduleText(stop)}</Typography>
              <Recorded
                label="Arrived"
                at={driverStop.arrivedAt}
                zone={stop.ianaTimezone}
                waiting={driverStop.waiting.arrival}
              />
              <Recorded
                label="Departed"
                at={driverStop.departedAt}
                zone={stop.ianaTimezone}
                waiting={driverStop.waiting.departure}
              />
            </Box>
          );
        })}
      </Stack>
    </Paper>
  );
}
