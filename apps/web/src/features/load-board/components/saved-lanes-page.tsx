import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SavedLane } from '@portal/contract';
import {
  EquipmentType,
  LOAD_BOARD_DEFAULT_RADIUS_MILES,
  LOAD_BOARD_MAX_RADIUS_MILES,
} from '@portal/domain';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from '../../../shared/notifications';
import { useDeleteLane, useSaveLane, useSavedLanes } from '../api/lanes';
import { EquipmentSelect } from './equipment-select';
import { placeName } from './format';
import { PlacePicker, type PickedPlace } from './place-picker';
import { problemText } from './problem-text';
import { formatMoney } from '../../../shared/format/money';

interface LaneForm {
  origin: PickedPlace | null;
  originRadius: string;
  destination: PickedPlace | null;
  destinationRadius: string;
  equipmentTypes: number;
  minRate: string;
}

const radiusRule = {
  validate: (value: string) => {
    const number = Number(value);
    return (
      (Number.isInteger(number) && number >= 0 && number <= LOAD_BOARD_MAX_RADIUS_MILES) ||
      `0 to ${LOAD_BOARD_MAX_RADIUS_MILES} miles`
    );
  },
};

function formOf(lane: SavedLane | null): LaneForm {
  if (!lane) {
    return {
      origin: null,
      originRadius: String(LOAD_BOARD_DEFAULT_RADIUS_MILES),
      destination: null,
      destinationRadius: String(LOAD_BOARD_DEFAULT_RADIUS_MILES),
      equipmentTypes: EquipmentType.Van,
      minRate: '',
    };
  }
  return {
    origin: {
      postalCode: lane.origin.postalCode ?? '',
      state: lane.origin.state,
      label: lane.origin.city ? `${lane.origin.city}, ${lane.origin.state}` : lane.origin.state,
    },
    originRadius: String(lane.originRadius),
    destination: lane.destination
      ? {
          postalCode: lane.destination.postalCode ?? '',
          state: lane.destination.state,
          label: lane.destination.city
            ? `${lane.destination.city}, ${lane.destination.state}`
            : lane.destination.state,
        }
      : null,
    destinationRadius: String(lane.destinationRadius),
    equipmentTypes: lane.equipmentTypes,
    minRate: lane.minRate === null ? '' : String(lane.minRate),
  };
}

function LaneDialog({ lane, onClose }: { lane: SavedLane | null; onClose(): void }) {
  const save = useSaveLane();
  const { control, register, handleSubmit, formState } = useForm<LaneForm>({
    defaultValues: formOf(lane),
  });
  const [error, setError] = useState<string | null>(null);
  const submit = handleSubmit(async (values) => {
    setError(null);
    try {
      await save.mutateAsync({
        ...(lane ? { id: lane.id } : {}),
        body: {
          originPostalCode: values.origin!.postalCode,
          originRadius: Number(values.originRadius),
          destinationPostalCode: values.destination?.postalCode || null,
          destinationState:
            values.destination && !values.destination.postalCode ? values.destination.state : null,
          destinationRadius: Number(values.destinationRadius),
          equipmentTypes: values.equipmentTypes,
          minRate: values.minRate === '' ? null : Number(values.minRate),
        },
      });
      toast.success(lane ? 'Lane updated' : 'Lane saved');
      onClose();
    } catch (failure) {
      setError(problemText(failure));
    }
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle>{lane ? 'Edit Lane' : 'New Lane'}</DialogTitle>
        <DialogContent>
          <Stack sx={{ gap: 2, pt: 1 }}>
            {error && <Alert severity="error">{error}</Alert>}
            <Controller
              control={control}
              name="origin"
              rules={{ validate: (value) => (value?.postalCode ? true : 'Pick a city or ZIP') }}
              render={({ field, fieldState }) => (
                <Stack>
                  <PlacePicker
                    label="Origin"
                    value={field.value}
                    onChange={field.onChange}
                    statesAllowed={false}
                  />
                  {fieldState.error && (
                    <Typography variant="caption" color="error">
                      {fieldState.error.message}
                    </Typography>
                  )}
                </Stack>
              )}
            />
            <TextField
              size="small"
              type="number"
              label="Origin radius (mi)"
              {...register('originRadius', radiusRule)}
              error={Boolean(formState.errors.originRadius)}
              helperText={formState.errors.originRadius?.message}
            />
            <Controller
              control={control}
              name="destination"
              render={({ field }) => (
                <PlacePicker
                  label="Destination (optional)"
                  value={field.value}
                  onChange={field.onChange}
                />
              )}
            />
            <TextField
              size="small"
              type="number"
              label="Destination radius (mi)"
              {...register('destinationRadius', radiusRule)}
              error={Boolean(formState.errors.destinationRadius)}
              helperText={formState.errors.destinationRadius?.message}
            />
            <Controller
              control={control}
              name="equipmentTypes"
              rules={{ validate: (value) => value > 0 || 'Pick at least one equipment type' }}
              render={({ field, fieldState }) => (
                <EquipmentSelect
                  value={field.value}
                  onChange={field.onChange}
                  error={Boolean(fieldState.error)}
                />
              )}
            />
            <TextField
              size="small"
              type="number"
              label="Minimum rate ($)"
              {...register('minRate', {
                validate: (value) => value === '' || Number(value) >= 0 || 'A rate is 0 or more',
              })}
              error={Boolean(formState.errors.minRate)}
              helperText={formState.errors.minRate?.message}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            Save Lane
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function LaneCard({ lane, onEdit }: { lane: SavedLane; onEdit(): void }) {
  const remove = useDeleteLane();
  const name = `${placeName({ ...lane.origin, postalCode: null })} → ${lane.destination ? placeName({ ...lane.destination, postalCode: null }) : 'Anywhere'}`;
  return (
    <Card variant="outlined" component="article" aria-label={`Lane ${name}`}>
      <CardContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          sx={{ justifyContent: 'space-between', gap: 1 }}
        >
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {name}
          </Typography>
          <Chip
            sx={{ alignSelf: 'flex-start' }}
            color={lane.matchCount > 0 ? 'success' : 'default'}
            label={`${lane.matchCount} matching load${lane.matchCount === 1 ? '' : 's'}`}
          />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          Origin within {lane.originRadius} mi
          {lane.destination ? ` · destination within ${lane.destinationRadius} mi` : ''} ·{' '}
          {lane.equipmentNames.join(', ')}
          {lane.minRate !== null ? ` · at least ${formatMoney(lane.minRate)}` : ''}
        </Typography>
      </CardContent>
      <CardActions>
        <Button component={Link} to={`/reloads?${lane.loadBoardSearch}`}>
          Open on Load Board
        </Button>
        <Button onClick={onEdit}>Edit</Button>
        <Button
          color="error"
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(lane.id, {
              onSuccess: () => toast.success('Lane deleted'),
            })
          }
        >
          Delete
        </Button>
      </CardActions>
    </Card>
  );
}

/** /saved-lanes and /lanes: the lanes a carrier watches, each with its matching loads. */
export function SavedLanesPage() {
  const lanes = useSavedLanes();
  const [editing, setEditing] = useState<SavedLane | 'new' | null>(null);
  const items = lanes.data?.data ?? [];
  return (
    <Stack sx={{ gap: 2, maxWidth: 1000, mx: 'auto', width: '100%' }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, gap: 1 }}
      >
        <Stack>
          <Typography variant="h5" component="h2">
            Saved Lanes
          </Typography>
          <Typography variant="body2" color="text.secondary">
            You are notified when a load on one of your lanes is posted.
          </Typography>
        </Stack>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          sx={{ whiteSpace: 'nowrap', alignSelf: { xs: 'flex-start', sm: 'center' } }}
          onClick={() => setEditing('new')}
        >
          New Lane
        </Button>
      </Stack>
      {lanes.isError && <Alert severity="error">{problemText(lanes.error)}</Alert>}
      {lanes.isPending && <Skeleton variant="rounded" height={120} aria-hidden />}
      {lanes.isSuccess && items.length === 0 && (
        <Alert severity="info">
          No saved lanes yet. Save a lane to be told when loads on it are posted.
        </Alert>
      )}
      {items.map((lane) => (
        <LaneCard key={lane.id} lane={lane} onEdit={() => setEditing(lane)} />
      ))}
      {editing && (
        <LaneDialog lane={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </Stack>
  );
}
