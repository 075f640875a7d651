import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ShipmentDetail, TrackingActivity } from '@portal/contract';
import {
  ACTIVE_SHIPMENT_STATUSES,
  ShipmentStatus,
  ShipmentTask,
  TRACKING_PROBLEM_TYPES,
  TrackingActivityType,
  type TrackingProblemType,
} from '@portal/domain';
import { useSnackbar } from '../../../shared/notifications';
import { useState } from 'react';
import {
  useShipmentStops,
  useTrackingActivities,
  useTrackingProblems,
} from '../api/shipment-detail';
import {
  problemText,
  useReportProblem,
  useReportTracking,
  useResolveProblem,
} from '../api/shipment-execution';
import { mayDo } from './shipment-actor';
import { zonedTime } from '../../../shared/format/zoned-time';
import { dateTime } from '../../../shared/shipments/shipment-format';

// "LocationUpdate" -> "Location Update"
const words = (value: string) => value.replace(/([a-z])([A-Z])/g, '$1 $2');

function describe(activity: TrackingActivity) {
  const where = activity.city ? ` · ${activity.city}, ${activity.state ?? ''}` : '';
  const stop = activity.stopNumber === null ? '' : ` · Stop ${activity.stopNumber}`;
  return `${words(activity.activityType)}${stop}${where}`;
}

/** Tracking activities (newest first), a location update or note, and tracking problems. */
export function TrackingPanel({ shipment }: { shipment: ShipmentDetail }) {
  const activities = useTrackingActivities(shipment.shipmentNumber);
  // The same query as the stops panel's: an arrival shows here at the same time, on the stop's clock.
  const stops = useShipmentStops(shipment.shipmentNumber);
  const zoneOfStop = new Map(
    (stops.data?.data ?? []).map((stop) => [stop.stopNumber, stop.ianaTimezone]),
  );
  const activityTime = (activity: TrackingActivity) => {
    const zone = activity.stopNumber === null ? undefined : zoneOfStop.get(activity.stopNumber);
    return zone ? zonedTime(activity.occurredAt, zone) : dateTime(activity.occurredAt);
  };
  const status = shipment.status.value as ShipmentStatus;
  const onTheWay = ACTIVE_SHIPMENT_STATUSES.includes(status);
  const booked = status >= ShipmentStatus.Booked;
  const canReport = mayDo(shipment, ShipmentTask.ReportTracking) && booked;

  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, md: 2.5 } }}
      component="section"
      aria-label="Tracking"
    >
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        Tracking
      </Typography>
      {canReport && <ReportTrackingForm shipment={shipment} onTheWay={onTheWay} />}
      {activities.isPending ? (
        <Skeleton variant="rounded" height={120} />
      ) : activities.isError ? (
        <Alert severity="error">{activities.error.message}</Alert>
      ) : activities.data.data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No tracking activity yet
        </Typography>
      ) : (
        <List dense aria-label="Tracking activities">
          {activities.data.data.map((activity) => (
            <ListItem key={activity.id} divider disableGutters>
              <ListItemText
                primary={describe(activity)}
                secondary={`${activityTime(activity)} · ${activity.source}${activity.createdBy ? ` · ${activity.createdBy.name}` : ''}${activity.note ? ` · ${activity.note}` : ''}`}
              />
            </ListItem>
          ))}
        </List>
      )}
      <ProblemsSection shipment={shipment} />
    </Paper>
  );
}

function ReportTrackingForm({
  shipment,
  onTheWay,
}: {
  shipment: ShipmentDetail;
  onTheWay: boolean;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const report = useReportTracking(shipment.shipmentNumber);
  const [postalCode, setPostalCode] = useState('');
  const [note, setNote] = useState('');
  const send = async (kind: 'location' | 'note') => {
    try {
      await report.mutateAsync(
        kind === 'location'
          ? { activityType: TrackingActivityType.LocationUpdate, postalCode: postalCode.trim() }
          : { activityType: TrackingActivityType.Note, note: note.trim() },
      );
      enqueueSnackbar(kind === 'location' ? 'Location updated' : 'Note added', {
        variant: 'success',
      });
      if (kind === 'location') setPostalCode('');
      else setNote('');
    } catch (error) {
      enqueueSnackbar(problemText(error), { variant: 'error' });
    }
  };
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 2, mb: 1 }}>
      {onTheWay && (
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }}>
          <TextField
            size="small"
            label="Current ZIP / postal code"
            value={postalCode}
            onChange={(event) => setPostalCode(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 10 } }}
          />
          <Button
            onClick={() => void send('location')}
            disabled={report.isPending || postalCode.trim().length < 3}
          >
            Update Location
          </Button>
        </Stack>
      )}
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flex: 1 }}>
        <TextField
          size="small"
          label="Tracking note"
          value={note}
          onChange={(event) => setNote(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 1000 } }}
          sx={{ flex: 1 }}
        />
        <Button onClick={() => void send('note')} disabled={report.isPending || !note.trim()}>
          Add Note
        </Button>
      </Stack>
    </Stack>
  );
}

function ProblemsSection({ shipment }: { shipment: ShipmentDetail }) {
  const { enqueueSnackbar } = useSnackbar();
  const problems = useTrackingProblems(shipment.shipmentNumber);
  const reportProblem = useReportProblem(shipment.shipmentNumber);
  const resolve = useResolveProblem(shipment.shipmentNumber);
  const [problemType, setProblemType] = useState<TrackingProblemType | ''>('');
  const [description, setDescription] = useState('');
  const canReport =
    mayDo(shipment, ShipmentTask.ReportProblems) && shipment.status.value >= ShipmentStatus.Booked;
  const canResolve = mayDo(shipment, ShipmentTask.ResolveProblems);

  const onReport = async () => {
    if (!problemType) return;
    try {
      await reportProblem.mutateAsync({ problemType, description: description.trim() });
      enqueueSnackbar('Problem reported', { variant: 'success' });
      setProblemType('');
      setDescription('');
    } catch (error) {
      enqueueSnackbar(problemText(error), { variant: 'error' });
    }
  };
  const onResolve = async (problemId: string) => {
    try {
      await resolve.mutateAsync(problemId);
      enqueueSnackbar('Problem resolved', { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(problemText(error), { variant: 'error' });
    }
  };
  const list = problems.data?.data ?? [];

  return (
    <Stack sx={{ gap: 1, mt: 2 }}>
      <Typography variant="subtitle2" component="h4">
        Problems
      </Typography>
      {list.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No problems reported
        </Typography>
      ) : (
        <List dense aria-label="Tracking problems">
          {list.map((problem) => (
            <ListItem
              key={problem.id}
              divider
              disableGutters
              secondaryAction={
                canResolve && !problem.resolvedAt ? (
                  <Button size="small" onClick={() => void onResolve(problem.id)}>
                    Resolve
                  </Button>
                ) : undefined
              }
            >
              <ListItemText
                primary={`${problem.problemType}${problem.resolvedAt ? ' (resolved)' : ''}`}
                secondary={`${problem.description} · ${dateTime(problem.reportedAt)}`}
              />
            </ListItem>
          ))}
        </List>
      )}
      {canReport && (
        <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 1 }}>
          <TextField
            select
            size="small"
            label="Problem type"
            value={problemType}
            onChange={(event) => setProblemType(event.target.value as TrackingProblemType)}
            sx={{ minWidth: 200 }}
          >
            {TRACKING_PROBLEM_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {type}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label="What happened"
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            sx={{ flex: 1 }}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
          <Button
            onClick={() => void onReport()}
            disabled={reportProblem.isPending || !problemType || !description.trim()}
          >
            Report Problem
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
