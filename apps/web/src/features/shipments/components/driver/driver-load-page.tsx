import AddAPhotoIcon from '@mui/icons-material/AddAPhoto';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ShipmentDetail, ShipmentStop } from '@portal/contract';
import { ACTIVE_SHIPMENT_STATUSES, ShipmentStatus, UPLOAD_KINDS, UploadKind } from '@portal/domain';
import { useState, type ChangeEvent } from 'react';
import { Link } from 'react-router';
import { useCurrentUser } from '../../../../shared/session';
import { toast } from '../../../../shared/notifications';
import { useServiceWorker } from '../../../../shared/pwa/service-worker';
import { useShipmentStops } from '../../api/shipment-detail';
import { recordAction } from '../../offline/driver-outbox';
import {
  driverStops,
  expectedCounts,
  nextStep,
  nextStopIndex,
  type DriverStop,
  type NextStep,
} from '../../offline/driver-stops';
import { useDriverOutbox, useOnline } from '../../offline/use-driver-outbox';
import { STATUS_COLORS, place } from '../../../../shared/shipments/shipment-format';
import { AllStops, NextStopCard, stepLabel } from './driver-stop-card';
import { DriverOutboxPanel } from './driver-outbox-panel';

const bigButton = { minHeight: 56, fontSize: '1rem', lineHeight: 1.2 } as const;

/**
 * The driver's screen for a load, made for a phone in a cab: the next stop first with one big button
 * for what comes next there, the way to it, photos from the camera and the phone's position. Every
 * action goes through the outbox, so it works the same with or without signal.
 */
export function DriverLoadPage({ shipment }: { shipment: ShipmentDetail }) {
  useServiceWorker();
  const user = useCurrentUser();
  const number = shipment.shipmentNumber;
  const stops = useShipmentStops(number);
  const outbox = useDriverOutbox(user.id, number);
  const online = useOnline();
  const [counting, setCounting] = useState<DriverStop | null>(null);
  const [photo, setPhoto] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);

  const serverStops = stops.data?.data ?? [];
  const shown = driverStops(serverStops, outbox.actions, outbox.sent);
  const nextIndex = nextStopIndex(shown);
  const next = nextIndex >= 0 ? shown[nextIndex] : undefined;
  const waiting = outbox.actions;
  const positionZone = (next ?? shown[shown.length - 1])?.stop.ianaTimezone;

  const keep = async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  const record = (driverStop: DriverStop, step: NextStep, counts?: Record<string, number>) => {
    const { stop } = driverStop;
    const occurredAt = new Date().toISOString();
    const common = {
      userId: user.id,
      shipmentNumber: number,
      stopId: stop.shipmentStopId,
      stopNumber: stop.stopNumber,
      occurredAt,
      timeZone: stop.ianaTimezone,
    };
    return keep(() => {
      if (step === 'arrival')
        return recordAction({
          ...common,
          kind: 'arrival',
          label: `Arrived at stop ${stop.stopNumber}`,
          body: { arrivedAt: occurredAt },
        });
      if (step === 'departure')
        return recordAction({
          ...common,
          kind: 'departure',
          label: `Departed stop ${stop.stopNumber}`,
          body: { departedAt: occurredAt },
        });
      return recordAction({
        ...common,
        kind: 'loaded',
        label: `${stepLabel('counts', stop)} at stop ${stop.stopNumber}`,
        body: {
          confirmedTrackingLineItems: Object.entries(counts ?? {}).map(([id, count]) => ({
            id,
            confirmedPackageCount: count,
          })),
        },
      });
    });
  };

  const onStep = () => {
    if (!next) return;
    const step = nextStep(next);
    if (step === 'counts') setCounting(next);
    else void record(next, step);
  };

  const onPhotoChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same photo may be chosen again after a cancel.
    event.target.value = '';
    if (file) setPhoto(file);
  };

  const sharePosition = () => {
    if (!('geolocation' in navigator)) {
      toast.error('This phone does not share its location with the browser.');
      return;
    }
    setBusy(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const occurredAt = new Date(position.timestamp || Date.now()).toISOString();
        void keep(() =>
          recordAction({
            userId: user.id,
            shipmentNumber: number,
            kind: 'location',
            label: 'My location',
            occurredAt,
            // The truck is on the road to its next stop (or at the last): shown on that clock.
            ...(positionZone ? { timeZone: positionZone } : {}),
            body: {
              activityType: 'LocationUpdate',
              latitude: Number(position.coords.latitude.toFixed(6)),
              longitude: Number(position.coords.longitude.toFixed(6)),
              occurredAt,
            },
          }),
        );
      },
      (error) => {
        setBusy(false);
        toast.error(
          error.code === error.PERMISSION_DENIED
            ? 'Location is off for this site: allow it in the phone’s settings to share where you are.'
            : 'The phone could not find its position; try again in the open.',
        );
      },
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 60_000 },
    );
  };

  return (
    <Box sx={{ maxWidth: 640, mx: 'auto' }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1.5 }}>
        <IconButton component={Link} to="/my-shipments" aria-label="Back to My Shipments">
          <ArrowBackIcon />
        </IconButton>
        <Typography variant="h5" component="h2" sx={{ flex: 1, fontSize: '1.3rem' }}>
          Shipment {number}
        </Typography>
        <Chip
          label={shipment.status.displayName}
          color={STATUS_COLORS[shipment.status.value] ?? 'default'}
          aria-label={`Status ${shipment.status.displayName}`}
        />
      </Stack>
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600, mb: 1.5 }}>
        {place(shipment.origin)} to {place(shipment.destination)}
      </Typography>

      <Stack sx={{ gap: 2 }}>
        {!online && (
          <Alert severity="warning" icon={<CloudOffIcon />} role="status">
            No signal. Keep working: what you record stays on this phone and is sent when the
            connection returns.
          </Alert>
        )}
        {stops.isPending ? (
          <Skeleton variant="rounded" height={260} />
        ) : stops.isError ? (
          <Alert severity="error">{stops.error.message}</Alert>
        ) : next ? (
          <NextStopCard
            driverStop={next}
            stopCount={shown.length}
            step={nextStep(next)}
            onStep={onStep}
            busy={busy}
            notReady={notReadyReason(shipment)}
          />
        ) : (
          <Alert severity="success" role="status">
            Every stop is done{waiting.length > 0 ? '; sending what is left' : ''}.
          </Alert>
        )}

        <Stack direction="row" sx={{ gap: 1.5 }}>
          <Button
            component="label"
            variant="outlined"
            size="large"
            fullWidth
            startIcon={<AddAPhotoIcon />}
            sx={bigButton}
          >
            Add photo
            <input
              hidden
              type="file"
              accept="image/*"
              capture="environment"
              aria-label="Take a photo"
              onChange={onPhotoChosen}
            />
          </Button>
          <Button
            variant="outlined"
            size="large"
            fullWidth
            startIcon={<MyLocationIcon />}
            onClick={sharePosition}
            disabled={busy}
            sx={bigButton}
          >
            Share location
          </Button>
        </Stack>

        <DriverOutboxPanel waiting={waiting} sent={outbox.sent} online={online} />
        {serverStops.length > 0 && <AllStops stops={shown} />}
      </Stack>

      {counting && (
        <CountsDialog
          driverStop={counting}
          counts={expectedCounts(serverStops, outbox.actions, counting.stop)}
          onClose={() => setCounting(null)}
          onConfirm={(counts) => {
            setCounting(null);
            void record(counting, 'counts', counts);
          }}
        />
      )}
      {photo && (
        <PhotoDialog
          photo={photo}
          deliveryStop={deliveryStopFor(shown, nextIndex)}
          onClose={() => setPhoto(null)}
          onKeep={(kind, stop) => {
            setPhoto(null);
            const rule = UPLOAD_KINDS[kind];
            const label =
              kind === UploadKind.proofOfDelivery
                ? `Proof of delivery photo, stop ${stop!.stopNumber}`
                : 'Receipt photo';
            void keep(() =>
              recordAction({
                userId: user.id,
                shipmentNumber: number,
                kind: 'photo',
                label,
                occurredAt: new Date().toISOString(),
                ...(stop
                  ? {
                      stopId: stop.shipmentStopId,
                      stopNumber: stop.stopNumber,
                      timeZone: stop.ianaTimezone,
                    }
                  : {}),
                photo: {
                  file: photo,
                  name: photo.name || 'photo.jpg',
                  documentType: rule.documentType,
                  label,
                  ...(kind === UploadKind.proofOfDelivery
                    ? { orderStopId: stop!.orderStopId! }
                    : { shipmentId: shipment.id }),
                },
              }),
            );
          }}
        />
      )}
    </Box>
  );
}

/** Stops are recorded from dispatch until delivery (decision 052); before, the driver is told why. */
function notReadyReason(shipment: ShipmentDetail): string | undefined {
  const status = shipment.status.value as ShipmentStatus;
  if (ACTIVE_SHIPMENT_STATUSES.includes(status)) return undefined;
  if (status < ShipmentStatus.Dispatched && status !== ShipmentStatus.Voided)
    return 'This load is not dispatched yet: the office assigns its truck and trailer first.';
  return `This load is ${shipment.status.displayName}: nothing more to record here.`;
}

/** The delivery a proof of delivery belongs to: the one the truck is at, else the last one reached. */
function deliveryStopFor(
  stops: readonly DriverStop[],
  nextIndex: number,
): ShipmentStop | undefined {
  const deliveries = stops.filter(
    (driverStop) => driverStop.stop.stopType === 'Delivery' && driverStop.stop.orderStopId,
  );
  const current = nextIndex >= 0 ? stops[nextIndex] : undefined;
  if (current && deliveries.includes(current)) return current.stop;
  const reached = deliveries.filter((driverStop) => driverStop.arrivedAt);
  return (reached[reached.length - 1] ?? deliveries[0])?.stop;
}

function CountsDialog({
  driverStop,
  counts: expected,
  onClose,
  onConfirm,
}: {
  driverStop: DriverStop;
  counts: Record<string, number>;
  onClose: () => void;
  onConfirm: (counts: Record<string, number>) => void;
}) {
  const { stop } = driverStop;
  const [counts, setCounts] = useState(() =>
    Object.fromEntries(Object.entries(expected).map(([id, count]) => [id, String(count)])),
  );
  const valid = Object.values(counts).every((value) => /^\d+$/.test(value));
  const title = `${stepLabel('counts', stop)} · Stop ${stop.stopNumber}`;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="counts-title">
      <DialogTitle id="counts-title">{title}</DialogTitle>
      <DialogContent>
        <Stack sx={{ gap: 2, pt: 1 }}>
          {stop.orderLineItems.map((item) => (
            <TextField
              key={item.id}
              label={`${item.packageType}: ${item.description}`}
              value={counts[item.id] ?? ''}
              onChange={(event) =>
                setCounts((previous) => ({ ...previous, [item.id]: event.target.value.trim() }))
              }
              helperText={`Ordered ${item.packageCount}`}
              slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
            />
          ))}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ p: 2, gap: 1 }}>
        <Button size="large" onClick={onClose}>
          Cancel
        </Button>
        <Button
          size="large"
          variant="contained"
          disabled={!valid}
          onClick={() =>
            onConfirm(
              Object.fromEntries(Object.entries(counts).map(([id, value]) => [id, Number(value)])),
            )
          }
          sx={bigButton}
        >
          Confirm
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function PhotoDialog({
  photo,
  deliveryStop,
  onClose,
  onKeep,
}: {
  photo: File;
  deliveryStop: ShipmentStop | undefined;
  onClose: () => void;
  onKeep: (kind: UploadKind, stop: ShipmentStop | undefined) => void;
}) {
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="photo-title">
      <DialogTitle id="photo-title">What is this photo?</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {photo.name} · {Math.max(1, Math.round(photo.size / 1024))} KB
        </Typography>
        <Stack sx={{ gap: 1.5 }}>
          <Button
            variant="contained"
            size="large"
            disabled={!deliveryStop}
            onClick={() => onKeep(UploadKind.proofOfDelivery, deliveryStop)}
            sx={bigButton}
          >
            Proof of delivery{deliveryStop ? ` · Stop ${deliveryStop.stopNumber}` : ''}
          </Button>
          <Button
            variant="outlined"
            size="large"
            onClick={() => onKeep(UploadKind.shipmentMiscellaneous, undefined)}
            sx={bigButton}
          >
            Receipt
          </Button>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
      </DialogActions>
    </Dialog>
  );
}
