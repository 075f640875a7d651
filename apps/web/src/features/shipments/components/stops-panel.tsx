import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ShipmentDetail, ShipmentStop } from '@portal/contract';
import {
  ACTIVE_SHIPMENT_STATUSES,
  DISPATCHABLE_STATUSES,
  ShipmentTask,
  localDateTimeInZone,
  type ShipmentStatus,
} from '@portal/domain';
import { useSnackbar } from '../../../shared/notifications';
import { useState } from 'react';
import { useShipmentStops } from '../api/shipment-detail';
import {
  problemText,
  useRecordStopEvent,
  useSetAppointment,
  useSetStopPreload,
} from '../api/shipment-execution';
import { mayDo } from './shipment-actor';
import { nextStopIndex } from '../../../shared/shipments/shipment-queries';
import { zoneName, zonedRange, zonedTime } from '../../../shared/format/zoned-time';

type StopDialog = { kind: 'arrival' | 'departure' | 'appointment'; stop: ShipmentStop } | null;

/** The stops in order, with their window, appointment, arrival and departure, and what to record next. */
export function StopsPanel({ shipment }: { shipment: ShipmentDetail }) {
  const stops = useShipmentStops(shipment.shipmentNumber);
  const [dialog, setDialog] = useState<StopDialog>(null);
  const status = shipment.status.value as ShipmentStatus;
  const canRecord =
    mayDo(shipment, ShipmentTask.RecordStopEvents) && ACTIVE_SHIPMENT_STATUSES.includes(status);
  const canBook =
    mayDo(shipment, ShipmentTask.SetAppointments) && DISPATCHABLE_STATUSES.includes(status);
  const canPreload =
    mayDo(shipment, ShipmentTask.SetStopPreload) && DISPATCHABLE_STATUSES.includes(status);
  const { enqueueSnackbar } = useSnackbar();
  const preload = useSetStopPreload(shipment.shipmentNumber);
  const onPreload = async (stop: ShipmentStop, isPreloaded: boolean) => {
    try {
      await preload.mutateAsync({ stopId: stop.shipmentStopId, isPreloaded });
      enqueueSnackbar(
        isPreloaded
          ? `Stop ${stop.stopNumber} marked preloaded`
          : `Stop ${stop.stopNumber} no longer preloaded`,
        { variant: 'success' },
      );
    } catch (error) {
      enqueueSnackbar(problemText(error), { variant: 'error' });
    }
  };

  if (stops.isPending) return <Skeleton variant="rounded" height={200} />;
  if (stops.isError) return <Alert severity="error">{stops.error.message}</Alert>;
  const list = stops.data.data;
  const nextIndex = nextStopIndex(list);

  return (
    <Stack component="section" aria-label="Stops" sx={{ gap: 1.5 }}>
      <Typography variant="h6" component="h3">
        Stops
      </Typography>
      {list.map((stop, index) => {
        const isNext = index === nextIndex;
        return (
          <Paper
            key={stop.shipmentStopId}
            variant="outlined"
            sx={{ p: { xs: 1.5, md: 2 } }}
            aria-label={`Stop ${stop.stopNumber}`}
            role="group"
          >
            <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600, flex: 1 }}>
                Stop {stop.stopNumber} · {stop.stopType} · {stop.locationName}
              </Typography>
              {stop.isOnTime !== null && (
                <Chip
                  size="small"
                  color={stop.isOnTime ? 'success' : 'warning'}
                  label={stop.isOnTime ? 'On time' : 'Late'}
                />
              )}
              {stop.isPreloaded && !(canPreload && !stop.arrived) && (
                <Chip size="small" label="Preloaded" />
              )}
              {stop.departed ? (
                <Chip size="small" label="Departed" />
              ) : stop.arrived ? (
                <Chip size="small" color="info" label="Arrived" />
              ) : null}
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {[stop.locationAddress.addressLine1, stop.locationAddress.city]
                .filter(Boolean)
                .join(', ')}
              , {stop.locationAddress.state} {stop.locationAddress.zip}
            </Typography>
            <Box
              component="dl"
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, 1fr)' },
                gap: 1,
                my: 1,
              }}
            >
              <Time label="Window">
                {zonedRange(stop.early?.at, stop.late?.at, stop.ianaTimezone)}
              </Time>
              <Time label="Appointment">{zonedTime(stop.appointment?.at, stop.ianaTimezone)}</Time>
              <Time label="Arrived">{zonedTime(stop.arrived?.at, stop.ianaTimezone)}</Time>
              <Time label="Departed">{zonedTime(stop.departed?.at, stop.ianaTimezone)}</Time>
            </Box>
            <Typography variant="caption" color="text.secondary" component="p">
              Times at the stop: {zoneName(stop.ianaTimezone)}
            </Typography>
            {stop.orderLineItems.length > 0 && (
              <Typography variant="body2" sx={{ mt: 0.5 }}>
                {stop.orderLineItems
                  .map(
                    (item) =>
                      `${item.role === 'pickup' ? 'Load' : 'Unload'} ${item.packageCount} ${item.packageType} ${item.description}${item.confirmedPackageCount === null ? '' : ` (counted ${item.confirmedPackageCount})`}`,
                  )
                  .join(' · ')}
              </Typography>
            )}
            <Stack direction="row" sx={{ gap: 1, mt: 1, flexWrap: 'wrap', alignItems: 'center' }}>
              {canPreload && stop.stopType === 'Pickup' && !stop.arrived && (
                <FormControlLabel
                  control={
                    <Switch
                      size="small"
                      checked={stop.isPreloaded}
                      disabled={preload.isPending}
                      onChange={(event) => void onPreload(stop, event.target.checked)}
                    />
                  }
                  label="Preloaded"
                />
              )}
              {canBook && !stop.arrived && (
                <Button size="small" onClick={() => setDialog({ kind: 'appointment', stop })}>
                  Set Appointment
                </Button>
              )}
              {canRecord && isNext && !stop.arrived && (
                <Button
                  size="small"
                  variant="contained"
                  onClick={() => setDialog({ kind: 'arrival', stop })}
                >
                  Record Arrival
                </Button>
              )}
              {canRecord && isNext && stop.arrived && !stop.departed && (
                <Button
                  size="small"
                  variant="contained"
                  onClick={() => setDialog({ kind: 'departure', stop })}
                >
                  Record Departure
                </Button>
              )}
            </Stack>
          </Paper>
        );
      })}
      {dialog && (
        <StopTimeDialog shipment={shipment} dialog={dialog} onClose={() => setDialog(null)} />
      )}
    </Stack>
  );
}

function Time({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography variant="body2" component="dd" sx={{ m: 0 }}>
        {children}
      </Typography>
    </Box>
  );
}

const TITLES = {
  arrival: 'Record Arrival',
  departure: 'Record Departure',
  appointment: 'Set Appointment',
} as const;

function StopTimeDialog({
  shipment,
  dialog,
  onClose,
}: {
  shipment: ShipmentDetail;
  dialog: Exclude<StopDialog, null>;
  onClose: () => void;
}) {
  const { stop, kind } = dialog;
  const { enqueueSnackbar } = useSnackbar();
  const record = useRecordStopEvent(shipment.shipmentNumber);
  const setAppointment = useSetAppointment(shipment.shipmentNumber);
  const [time, setTime] = useState(() =>
    kind === 'appointment'
      ? (stop.appointment?.local ?? stop.early?.local ?? '')
      : localDateTimeInZone(new Date(), stop.ianaTimezone),
  );
  const [counts, setCounts] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      stop.orderLineItems.map((item) => [
        item.id,
        String(item.confirmedPackageCount ?? item.packageCount),
      ]),
    ),
  );
  const busy = record.isPending || setAppointment.isPending;

  const onSave = async () => {
    try {
      if (kind === 'appointment') {
        await setAppointment.mutateAsync({
          shipmentId: shipment.id,
          stopId: stop.shipmentStopId,
          times: { appointment: time || null },
          version: shipment.version,
        });
        enqueueSnackbar(`Appointment set for stop ${stop.stopNumber}`, { variant: 'success' });
      } else {
        const answer = await record.mutateAsync({
          stopId: stop.shipmentStopId,
          ...(kind === 'arrival' ? { arrivedAt: time } : { departedAt: time }),
          ...(kind === 'departure' && stop.orderLineItems.length > 0
            ? {
                confirmedTrackingLineItems: stop.orderLineItems.map((item) => ({
                  id: item.id,
                  confirmedPackageCount: Number(counts[item.id] ?? item.packageCount),
                })),
              }
            : {}),
        });
        enqueueSnackbar(
          `${kind === 'arrival' ? 'Arrival' : 'Departure'} recorded · ${answer.data.shipmentStatus.displayName}`,
          { variant: 'success' },
        );
      }
      onClose();
    } catch (error) {
      enqueueSnackbar(problemText(error), { variant: 'error' });
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="stop-time-title" fullWidth maxWidth="xs">
      <DialogTitle id="stop-time-title">
        {TITLES[kind]} · Stop {stop.stopNumber}
      </DialogTitle>
      <DialogContent>
        <Stack sx={{ gap: 2, pt: 1 }}>
          <TextField
            type="datetime-local"
            label={
              kind === 'appointment'
                ? 'Appointment'
                : kind === 'arrival'
                  ? 'Arrived at'
                  : 'Departed at'
            }
            value={time}
            onChange={(event) => setTime(event.target.value)}
            helperText={`Local time at the stop (${stop.ianaTimezone.replace(/_/g, ' ')})`}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          {kind === 'departure' &&
            stop.orderLineItems.map((item) => (
              <TextField
                key={item.id}
                type="number"
                label={`${item.role === 'pickup' ? 'Loaded' : 'Delivered'} ${item.packageType}: ${item.description}`}
                value={counts[item.id] ?? ''}
                onChange={(event) =>
                  setCounts((previous) => ({ ...previous, [item.id]: event.target.value }))
                }
                slotProps={{ htmlInput: { min: 0, max: item.packageCount } }}
                helperText={`Ordered ${item.packageCount}`}
              />
            ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => void onSave()} disabled={busy || !time}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
