import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Location, LocationBody } from '@portal/contract';
import {
  checkAddress,
  DEFAULT_LOCATION_TYPE,
  emptyStringsToUndefined,
  LOCATION_MESSAGES,
  LOCATION_UPDATE_NOTIFICATION_MS,
} from '@portal/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { toast } from '../../../shared/notifications';
import { useDockSchedules, useLocation, useSaveLocation } from '../api/locations-api';
import { DockScheduleEditor } from './dock-schedule-editor';

interface LocationValues {
  name: string;
  locationType: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  province: string;
  postalCode: string;
  phone: string;
  email: string;
  ediCodes: string;
  dockLength: string;
  directions: string;
  isPrimaryLocation: boolean;
  isAppointmentRequired: boolean;
  lumpersAvailable: boolean;
  overnightParking: boolean;
}

const FLAGS = [
  ['isPrimaryLocation', 'Primary location'],
  ['isAppointmentRequired', 'Appointment required'],
  ['lumpersAvailable', 'Lumpers available'],
  ['overnightParking', 'Overnight parking'],
] as const;

function valuesOf(location: Location | null): LocationValues {
  return {
    name: location?.name ?? '',
    locationType: location?.locationType ?? DEFAULT_LOCATION_TYPE,
    addressLine1: location?.addressLine1 ?? '',
    addressLine2: location?.addressLine2 ?? '',
    city: location?.city ?? '',
    province: location?.province ?? '',
    postalCode: location?.postalCode ?? '',
    phone: location?.phoneNumbers[0] ?? '',
    email: location?.email ?? '',
    ediCodes: location?.ediCodes.join(', ') ?? '',
    dockLength: location?.dockLength != null ? String(location.dockLength) : '',
    directions: location?.directions ?? '',
    isPrimaryLocation: location?.isPrimaryLocation ?? false,
    isAppointmentRequired: location?.isAppointmentRequired ?? false,
    lumpersAvailable: location?.lumpersAvailable ?? false,
    overnightParking: location?.overnightParking ?? false,
  };
}

/** The form's values as the API takes them: blank optional fields are not sent (section 5). */
function bodyOf(values: LocationValues, location: Location | null): LocationBody {
  const { phone, ediCodes, dockLength, ...fields } = values;
  return emptyStringsToUndefined({
    ...fields,
    phoneNumbers: [phone.trim(), ...(location?.phoneNumbers.slice(1) ?? [])].filter(Boolean),
    ediCodes: ediCodes
      .split(',')
      .map((code) => code.trim())
      .filter(Boolean),
    dockLength: dockLength.trim() ? Number(dockLength) : null,
    ...(location ? { version: location.version } : {}),
  }) as LocationBody;
}

/** /locations/create. */
export function LocationCreatePage() {
  return (
    <Box sx={{ p: { xs: 1.5, md: 3 }, maxWidth: 1000, mx: 'auto' }}>
      <LocationForm location={null} />
    </Box>
  );
}

/** /locations/{locationNumber}: the location and its dock schedules. */
export function LocationPage() {
  const { locationNumber = '' } = useParams();
  const location = useLocation(locationNumber);
  const schedules = useDockSchedules(location.data ? locationNumber : undefined);
  const [adding, setAdding] = useState(false);

  if (location.isPending)
    return (
      <Box sx={{ p: 3, maxWidth: 1000, mx: 'auto' }}>
        <Skeleton variant="rounded" height={480} />
      </Box>
    );
  if (location.isError)
    return (
      <Box sx={{ p: 3, maxWidth: 1000, mx: 'auto' }}>
        <Alert severity="error">This location could not be found.</Alert>
      </Box>
    );
  return (
    <Box sx={{ p: { xs: 1.5, md: 3 }, maxWidth: 1000, mx: 'auto' }}>
      <Link component={RouterLink} to="/locations" sx={{ display: 'inline-block', mb: 1 }}>
        All locations
      </Link>
      <LocationForm key={location.data.version} location={location.data} />
      <Stack direction="row" sx={{ mt: 3, mb: 1, alignItems: 'center' }}>
        <Typography variant="h6" component="h3" sx={{ flexGrow: 1 }}>
          Dock Schedules
        </Typography>
        <Button onClick={() => setAdding(true)} disabled={adding}>
          Add Dock Schedule
        </Button>
      </Stack>
      <Stack spacing={2}>
        {schedules.isPending ? <Skeleton variant="rounded" height={240} /> : null}
        {schedules.data?.length === 0 && !adding ? (
          <Alert severity="info">
            No dock schedules yet: the docks count as open 00:00-23:59 every day.
          </Alert>
        ) : null}
        {schedules.data?.map((schedule) => (
          <DockScheduleEditor
            key={`${schedule.id}-${schedule.version}`}
            locationNumber={locationNumber}
            schedule={schedule}
          />
        ))}
        {adding ? (
          <DockScheduleEditor
            locationNumber={locationNumber}
            schedule={null}
            onDone={() => setAdding(false)}
          />
        ) : null}
      </Stack>
    </Box>
  );
}

function LocationForm({ location }: { location: Location | null }) {
  const navigate = useNavigate();
  const save = useSaveLocation();
  const { register, handleSubmit, formState, getValues, watch, setValue } = useForm<LocationValues>(
    { defaultValues: valuesOf(location) },
  );
  const flags = watch([
    'isPrimaryLocation',
    'isAppointmentRequired',
    'lumpersAvailable',
    'overnightParking',
  ]);

  const addressError = (field: 'province' | 'postalCode') => () => {
    const { province, postalCode } = getValues();
    if (!province.trim() || !postalCode.trim()) return true;
    const check = checkAddress({ province, postalCode });
    return check.ok || check.field !== field || check.message;
  };
  const required = (message: string) => (value: string) => value.trim() !== '' || message;

  const onSubmit = handleSubmit(async (values) => {
    const saved = await save.mutateAsync({
      locationNumber: location?.locationNumber,
      body: bodyOf(values, location),
    });
    toast.success(LOCATION_MESSAGES.locationSaved, {
      autoHideDuration: LOCATION_UPDATE_NOTIFICATION_MS,
    });
    if (!location) navigate(`/locations/${saved.locationNumber}`);
  });

  const title = location ? `#${location.locationNumber} ${location.name}` : 'Add Location';
  const text = (field: keyof LocationValues, label: string, rules = {}, extra = {}) => (
    <TextField
      label={label}
      fullWidth
      size="small"
      {...register(field, rules)}
      error={Boolean(formState.errors[field])}
      helperText={formState.errors[field]?.message}
      {...extra}
    />
  );
  return (
    <Paper
      variant="outlined"
      component="form"
      noValidate
      aria-label={location ? 'Location' : 'Add Location'}
      onSubmit={(event) => void onSubmit(event).catch(() => undefined)}
      sx={{ p: { xs: 2, md: 3 } }}
    >
      <Typography variant="h5" component="h2" gutterBottom>
        {title}
      </Typography>
      {location ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {location.companyName} · {location.country} · {location.ianaTimezone}
        </Typography>
      ) : null}
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {text(
            'name',
            'Location name',
            { validate: required('Enter the location name') },
            { required: true },
          )}
          {text('locationType', 'Location type')}
        </Stack>
        {text(
          'addressLine1',
          'Address',
          { validate: required('Enter the street address') },
          { required: true },
        )}
        {text('addressLine2', 'Address line 2')}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {text('city', 'City', { validate: required('Enter the city') }, { required: true })}
          {text(
            'province',
            'State or province',
            {
              validate: {
                filled: required('Enter the state or province'),
                known: addressError('province'),
              },
            },
            { required: true },
          )}
          {text(
            'postalCode',
            'ZIP or postal code',
            {
              validate: {
                filled: required('Enter the ZIP or postal code'),
                known: addressError('postalCode'),
              },
            },
            { required: true },
          )}
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {text('phone', 'Phone')}
          {text('email', 'E-mail', {
            validate: (value: string) =>
              value.trim() === '' ||
              /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim()) ||
              'Enter an e-mail address like shipping@example.com',
          })}
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {text('ediCodes', 'EDI codes', {}, { helperText: 'Separated by commas' })}
          {text(
            'dockLength',
            'Dock length (ft)',
            {
              validate: (value: string) =>
                value.trim() === '' ||
                (/^\d{1,4}$/.test(value.trim()) && Number(value) >= 1) ||
                'Enter the dock length in whole feet',
            },
            { inputMode: 'numeric' },
          )}
        </Stack>
        {text('directions', 'Directions', {}, { multiline: true, minRows: 2 })}
        <FormGroup row>
          {FLAGS.map(([field, label], index) => (
            <FormControlLabel
              key={field}
              label={label}
              control={
                <Checkbox
                  checked={flags[index]}
                  onChange={(event) => setValue(field, event.target.checked, { shouldDirty: true })}
                />
              }
            />
          ))}
        </FormGroup>
        <Box>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            Save Location
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}
