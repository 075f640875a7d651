import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { EquipmentPosting } from '@portal/contract';
import { EquipmentType } from '@portal/domain';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from '../../../shared/notifications';
import { useCreatePosting, useDeletePosting, usePostingMatches, usePostings } from '../api/lanes';
import { EquipmentSelect } from './equipment-select';
import { placeName } from './format';
import { LoadCard } from './load-card';
import { PlacePicker, type PickedPlace } from './place-picker';
import { problemText } from './problem-text';

interface PostingForm {
  where: PickedPlace | null;
  availableFrom: string;
  availableTo: string;
  destination: PickedPlace | null;
  equipmentTypes: number;
  note: string;
}

const localInput = (instant: dayjs.Dayjs) => instant.format('YYYY-MM-DDTHH:mm');

function PostTruckDialog({ onClose }: { onClose(): void }) {
  const create = useCreatePosting();
  const now = dayjs().startOf('hour').add(1, 'hour');
  const { control, register, handleSubmit, formState } = useForm<PostingForm>({
    defaultValues: {
      where: null,
      availableFrom: localInput(now),
      availableTo: localInput(now.add(24, 'hour')),
      destination: null,
      equipmentTypes: EquipmentType.Van,
      note: '',
    },
  });
  const [error, setError] = useState<string | null>(null);
  const submit = handleSubmit(async (values) => {
    setError(null);
    try {
      await create.mutateAsync({
        equipmentTypes: values.equipmentTypes,
        postalCode: values.where!.postalCode,
        availableFrom: new Date(values.availableFrom).toISOString(),
        availableTo: values.availableTo ? new Date(values.availableTo).toISOString() : null,
        destinationPostalCode: values.destination?.postalCode || null,
        destinationState:
          values.destination && !values.destination.postalCode ? values.destination.state : null,
        note: values.note.trim() || null,
      });
      toast.success('Truck posted');
      onClose();
    } catch (failure) {
      setError(problemText(failure));
    }
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle>Post a Truck</DialogTitle>
        <DialogContent>
          <Stack sx={{ gap: 2, pt: 1 }}>
            {error && <Alert severity="error">{error}</Alert>}
            <Controller
              control={control}
              name="equipmentTypes"
              rules={{ validate: (value) => value > 0 || 'Pick the equipment' }}
              render={({ field, fieldState }) => (
                <EquipmentSelect
                  value={field.value}
                  onChange={field.onChange}
                  error={Boolean(fieldState.error)}
                />
              )}
            />
            <Controller
              control={control}
              name="where"
              rules={{
                validate: (value) => (value?.postalCode ? true : 'Pick where the truck is empty'),
              }}
              render={({ field, fieldState }) => (
                <Stack>
                  <PlacePicker
                    label="Empty at"
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
              type="datetime-local"
              label="Available from"
              {...register('availableFrom', { required: 'When is the truck empty?' })}
              error={Boolean(formState.errors.availableFrom)}
              helperText={formState.errors.availableFrom?.message}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              size="small"
              type="datetime-local"
              label="Available until (the post expires then)"
              {...register('availableTo')}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <Controller
              control={control}
              name="destination"
              render={({ field }) => (
                <PlacePicker
                  label="Preferred destination (optional)"
                  value={field.value}
                  onChange={field.onChange}
                />
              )}
            />
            <TextField
              size="small"
              label="Note"
              {...register('note')}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            Post Truck
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function Matches({ posting }: { posting: EquipmentPosting }) {
  const matches = usePostingMatches(posting.id, true);
  const items = matches.data?.data ?? [];
  return (
    <Stack sx={{ gap: 1, p: 2, pt: 0 }}>
      {matches.isPending && <Skeleton variant="rounded" height={80} aria-hidden />}
      {matches.isError && <Alert severity="error">{problemText(matches.error)}</Alert>}
      {matches.isSuccess && items.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          No loads match this truck right now.
        </Typography>
      )}
      {items.map((load) => (
        <LoadCard key={load.id} load={load} />
      ))}
    </Stack>
  );
}

function PostingCard({ posting }: { posting: EquipmentPosting }) {
  const [open, setOpen] = useState(false);
  const remove = useDeletePosting();
  const title = `${posting.equipmentNames.join(', ')} at ${placeName(posting.location)}`;
  return (
    <Card variant="outlined" component="article" aria-label={`Truck: ${title}`}>
      <CardContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          sx={{ justifyContent: 'space-between', gap: 1 }}
        >
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
          <Chip
            sx={{ alignSelf: 'flex-start' }}
            color={posting.matchCount > 0 ? 'success' : 'default'}
            label={`${posting.matchCount} matching load${posting.matchCount === 1 ? '' : 's'}`}
          />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          Empty {dayjs(posting.availableFrom).format('MM/DD/YYYY h:mm A')}
          {posting.availableTo
            ? `, post expires ${dayjs(posting.availableTo).format('MM/DD/YYYY h:mm A')}`
            : ''}
          {posting.destination ? ` · prefers ${placeName(posting.destination)}` : ''}
          {posting.note ? ` · ${posting.note}` : ''}
        </Typography>
      </CardContent>
      <CardActions>
        <Button onClick={() => setOpen((value) => !value)} aria-expanded={open}>
          {open ? 'Hide Matches' : 'Show Matches'}
        </Button>
        <Button component={Link} to={`/reloads?${posting.loadBoardSearch}`}>
          Open on Load Board
        </Button>
        <Button
          color="error"
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(posting.id, { onSuccess: () => toast.success('Truck removed') })
          }
        >
          Remove
        </Button>
      </CardActions>
      <Collapse in={open} unmountOnExit>
        <Matches posting={posting} />
      </Collapse>
    </Card>
  );
}

/** /live-equipment: the trucks a carrier posts as available, each with the loads it could take. */
export function LiveEquipmentPage() {
  const postings = usePostings();
  const [posting, setPosting] = useState(false);
  const items = postings.data?.data ?? [];
  return (
    <Stack sx={{ gap: 2, maxWidth: 1000, mx: 'auto', width: '100%' }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, gap: 1 }}
      >
        <Stack>
          <Typography variant="h5" component="h2">
            Live Equipment
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Post where and when your trucks are empty; a post expires after its date.
          </Typography>
        </Stack>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          sx={{ whiteSpace: 'nowrap', alignSelf: { xs: 'flex-start', sm: 'center' } }}
          onClick={() => setPosting(true)}
        >
          Post a Truck
        </Button>
      </Stack>
      {postings.isError && <Alert severity="error">{problemText(postings.error)}</Alert>}
      {postings.isPending && <Skeleton variant="rounded" height={120} aria-hidden />}
      {postings.isSuccess && items.length === 0 && (
        <Alert severity="info">
          No trucks posted. Post a truck to see the loads it could take.
        </Alert>
      )}
      {items.map((item) => (
        <PostingCard key={item.id} posting={item} />
      ))}
      {posting && <PostTruckDialog onClose={() => setPosting(false)} />}
    </Stack>
  );
}
