import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Driver, PowerUnit, ShipmentDetail, Trailer } from '@portal/contract';
import {
  DISPATCHABLE_STATUSES,
  EQUIPMENT_LENGTHS_FEET,
  MAX_DRIVERS_PER_SHIPMENT,
  ShipmentStatus,
  ShipmentTask,
} from '@portal/domain';
import { useSnackbar } from '../../../shared/notifications';
import { useState } from 'react';
import { useShipmentDrivers, useShipmentEquipment } from '../api/shipment-detail';
import {
  problemText,
  useAssignDriver,
  useDriverSearch,
  usePowerUnitSearch,
  useRemoveDriver,
  useEmptyLocation,
  useSaveEmptyLocation,
  useSaveEquipment,
  useSetProNumber,
  useTrailerSearch,
} from '../api/shipment-execution';
import { mayDo } from './shipment-actor';
import { dateTime } from '../../../shared/shipments/shipment-format';

/** Drivers, truck and trailer, and the PRO number: a Booked load is dispatched by these. */
export function DispatchPanel({ shipment }: { shipment: ShipmentDetail }) {
  const dispatchable = DISPATCHABLE_STATUSES.includes(shipment.status.value as ShipmentStatus);
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, md: 2.5 } }}
      component="section"
      aria-label="Dispatch"
    >
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        Dispatch
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 3 }}>
        <DriversSection shipment={shipment} editable={dispatchable} />
        <EquipmentSection shipment={shipment} editable={dispatchable} />
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 3, mt: 2 }}>
        <ProNumberSection shipment={shipment} />
        <EmptyLocationSection shipment={shipment} />
      </Stack>
    </Paper>
  );
}

function DriversSection({ shipment, editable }: { shipment: ShipmentDetail; editable: boolean }) {
  const { enqueueSnackbar } = useSnackbar();
  const drivers = useShipmentDrivers(shipment.shipmentNumber);
  const assign = useAssignDriver(shipment.shipmentNumber);
  const remove = useRemoveDriver(shipment.shipmentNumber);
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const canAssign = editable && mayDo(shipment, ShipmentTask.AssignDrivers);
  const found = useDriverSearch(search, canAssign && open);
  const assigned = drivers.data?.data ?? [];
  const assignedIds = new Set(assigned.map((driver) => driver.id));

  const onPick = async (driver: Driver | null) => {
    if (!driver) return;
    try {
      const answer = await assign.mutateAsync({ driverId: driver.id });
      enqueueSnackbar(`${driver.name} assigned · ${answer.shipmentStatus.displayName}`, {
        variant: 'success',
      });
      setSearch('');
    } catch (error) {
      enqueueSnackbar(problemText(error), { variant: 'error' });
    }
  };
  const onRemove = async (driverId: string) => {
    try {
      await remove.mutateAsync(driverId);
      enqueueSnackbar('Driver removed', { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(problemText(error), { variant: 'error' });
    }
  };

  return (
    <Stack sx={{ flex: 1, minWidth: 0, gap: 1 }}>
      <Typography variant="subtitle2" component="h4">
        Drivers
      </Typography>
      {assigned.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No driver assigned
        </Typography>
      ) : (
        <List dense disablePadding aria-label="Assigned drivers">
          {assigned.map((driver) => (
            <ListItem
              key={driver.id}
              disableGutters
              secondaryAction={
                canAssign ? (
                  <IconButton
                    edge="end"
                    aria-label={`Remove ${driver.name}`}
                    onClick={() => void onRemove(driver.id)}
                    disabled={remove.isPending}
                  >
                    <DeleteOutline />
                  </IconButton>
                ) : undefined
              }
            >
              <ListItemText
                primary={
                  <>
                    {driver.name}{' '}
                    {driver.isPrimary && <Chip size="small" label="Primary" sx={{ ml: 0.5 }} />}
                  </>
                }
                secondary={driver.mobilePhoneNumber ?? driver.primaryEmail ?? undefined}
              />
            </ListItem>
          ))}
        </List>
      )}
      {canAssign && assigned.length < MAX_DRIVERS_PER_SHIPMENT && (
        <Autocomplete
          options={(found.data?.data ?? []).filter((driver) => !assignedIds.has(driver.id))}
          getOptionLabel={(driver) => driver.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          loading={found.isFetching}
          open={open}
          onOpen={() => setOpen(true)}
          onClose={() => setOpen(false)}
          inputValue={search}
          onInputChange={(_event, value, reason) => {
            if (reason !== 'reset') setSearch(value);
          }}
          value={null}
          onChange={(_event, driver) => void onPick(driver)}
          disabled={assign.isPending}
          renderInput={(params) => <TextField {...params} label="Assign driver" size="small" />}
        />
      )}
    </Stack>
  );
}

function EquipmentSection({ shipment, editable }: { shipment: ShipmentDetail; editable: boolean }) {
  const { enqueueSnackbar } = useSnackbar();
  const equipment = useShipmentEquipment(shipment.shipmentNumber);
  const save = useSaveEquipment(shipment.shipmentNumber);
  const [powerUnitText, setPowerUnitText] = useState('');
  const [trailerText, setTrailerText] = useState('');
  const [lengthFeet, setLengthFeet] = useState<number | ''>('');
  const [searching, setSearching] = useState<'powerUnit' | 'trailer' | null>(null);
  const canSave = editable && mayDo(shipment, ShipmentTask.SaveEquipment);
  const current = equipment.data?.data;
  const typeMask = current?.requiredEquipmentTypes.reduce((mask, type) => mask | type.value, 0);
  const powerUnits = usePowerUnitSearch(powerUnitText, canSave && searching === 'powerUnit');
  const trailers = useTrailerSearch(
    trailerText,
    typeMask || undefined,
    canSave && searching === 'trailer',
  );
  const [powerUnit, setPowerUnit] = useState<PowerUnit | string | null>(null);
  const [trailer, setTrailer] = useState<Trailer | string | null>(null);

  const onSave = async () => {
    if (!current) return;
    const powerUnitChoice = powerUnit ?? (powerUnitText.trim() || null);
    const trailerChoice = trailer ?? (trailerText.trim() || null);
    try {
      await save.mutateAsync({
        version: current.version,
        ...(typeof powerUnitChoice === 'string'
          ? { powerUnitNumber: powerUnitChoice }
          : powerUnitChoice
            ? { powerUnitId: powerUnitChoice.id }
            : {}),
        ...(typeof trailerChoice === 'string'
          ? {
              trailerNumber: trailerChoice,
              ...(lengthFeet === '' ? {} : { trailerLengthFeet: lengthFeet }),
            }
          : trailerChoice
            ? { trailerId: trailerChoice.id }
            : {}),
      });
      enqueueSnackbar('Equipment saved', { variant: 'success' });
      setPowerUnit(null);
      setTrailer(null);
      setPowerUnitText('');
      setTrailerText('');
    } catch (error) {
      enqueueSnackbar(problemText(error), { variant: 'error' });
    }
  };

  const typedTrailer = typeof trailer === 'string' || (trailer === null && trailerText.trim());
  return (
    <Stack sx={{ flex: 1, minWidth: 0, gap: 1 }}>
      <Typography variant="subtitle2" component="h4">
        Equipment
      </Typography>
      {current && (
        <Typography variant="body2">
          Power unit: {current.powerUnit?.unitNumber ?? '—'}
          {current.needsTrailer && <> · Trailer: {current.trailer?.trailerNumber ?? '—'}</>}
          {current.trailer?.lengthFeet ? ` (${current.trailer.lengthFeet} ft)` : ''}
        </Typography>
      )}
      {current && (
        <Typography variant="caption" color="text.secondary">
          Needs {current.requiredEquipmentTypes.map((type) => type.displayName).join(' or ')}
          {current.requiredLengthFeet ? `, at least ${current.requiredLengthFeet} ft` : ''}
        </Typography>
      )}
      {canSave && current && (
        <>
          <Autocomplete
            freeSolo
            options={powerUnits.data?.data ?? []}
            getOptionLabel={(unit) => (typeof unit === 'string' ? unit : unit.unitNumber)}
            onOpen={() => setSearching('powerUnit')}
            inputValue={powerUnitText}
            onInputChange={(_event, value) => {
              setPowerUnitText(value);
              setPowerUnit(null);
            }}
            value={powerUnit}
            onChange={(_event, value) => setPowerUnit(value)}
            renderInput={(params) => <TextField {...params} label="Power unit" size="small" />}
          />
          {current.needsTrailer && (
            <Stack direction="row" sx={{ gap: 1 }}>
              <Autocomplete
                freeSolo
                sx={{ flex: 1 }}
                options={trailers.data?.data ?? []}
                getOptionLabel={(unit) => (typeof unit === 'string' ? unit : unit.trailerNumber)}
                onOpen={() => setSearching('trailer')}
                inputValue={trailerText}
                onInputChange={(_event, value) => {
                  setTrailerText(value);
                  setTrailer(null);
                }}
                value={trailer}
                onChange={(_event, value) => setTrailer(value)}
                renderInput={(params) => <TextField {...params} label="Trailer" size="small" />}
              />
              {typedTrailer && (
                <TextField
                  select
                  size="small"
                  label="Length"
                  value={lengthFeet}
                  onChange={(event) => setLengthFeet(Number(event.target.value))}
                  sx={{ width: 110 }}
                >
                  {EQUIPMENT_LENGTHS_FEET.map((feet) => (
                    <MenuItem key={feet} value={feet}>
                      {feet} ft
                    </MenuItem>
                  ))}
                </TextField>
              )}
            </Stack>
          )}
          <Button
            variant="outlined"
            onClick={() => void onSave()}
            disabled={
              save.isPending ||
              (!powerUnit && !powerUnitText.trim() && !trailer && !trailerText.trim())
            }
            sx={{ alignSelf: 'flex-start' }}
          >
            Save Equipment
          </Button>
        </>
      )}
    </Stack>
  );
}

function ProNumberSection({ shipment }: { shipment: ShipmentDetail }) {
  const { enqueueSnackbar } = useSnackbar();
  const setProNumber = useSetProNumber(shipment.shipmentNumber);
  const [value, setValue] = useState(shipment.shippingProNumber ?? '');
  const editable =
    mayDo(shipment, ShipmentTask.SetProNumber) && shipment.status.value >= ShipmentStatus.Booked;
  if (!editable) return null;
  const onSave = async () => {
    try {
      await setProNumber.mutateAsync({ value: value.trim() || null, version: shipment.version });
      enqueueSnackbar('PRO number saved', { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(problemText(error), { variant: 'error' });
    }
  };
  return (
    <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flex: 1, maxWidth: 420 }}>
      <TextField
        size="small"
        label="PRO number"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 30 } }}
        sx={{ flex: 1 }}
      />
      <Button
        onClick={() => void onSave()}
        disabled={setProNumber.isPending || value.trim() === (shipment.shippingProNumber ?? '')}
      >
        Save
      </Button>
    </Stack>
  );
}

/** Where and when the truck is empty after this load (reloads are searched from there). */
function EmptyLocationSection({ shipment }: { shipment: ShipmentDetail }) {
  const { enqueueSnackbar } = useSnackbar();
  const editable =
    mayDo(shipment, ShipmentTask.SetEmptyLocation) &&
    shipment.status.value >= ShipmentStatus.Dispatched &&
    shipment.status.value !== ShipmentStatus.Voided;
  const current = useEmptyLocation(shipment.shipmentNumber, editable);
  const save = useSaveEmptyLocation(shipment.shipmentNumber);
  const [postalCode, setPostalCode] = useState('');
  const [emptyAt, setEmptyAt] = useState('');
  if (!editable) return null;
  const known = current.data?.data;
  const onSave = async () => {
    try {
      await save.mutateAsync({
        postalCode: postalCode.trim(),
        emptyAt,
        version: known?.version ?? shipment.version,
      });
      enqueueSnackbar('Empty location saved', { variant: 'success' });
      setPostalCode('');
      setEmptyAt('');
    } catch (error) {
      enqueueSnackbar(problemText(error), { variant: 'error' });
    }
  };
  return (
    <Stack sx={{ gap: 1, flex: 1, minWidth: 0 }}>
      <Typography variant="subtitle2" component="h4">
        Empty location
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {known?.postalCode
          ? `${known.city ?? ''}, ${known.state ?? ''} ${known.postalCode} · ${dateTime(known.emptyAt)}`
          : 'Not set'}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1 }}>
        <TextField
          size="small"
          label="Empty at ZIP / postal code"
          value={postalCode}
          onChange={(event) => setPostalCode(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 10 } }}
        />
        <TextField
          size="small"
          type="datetime-local"
          label="Empty at (local time there)"
          value={emptyAt}
          onChange={(event) => setEmptyAt(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Button
          onClick={() => void onSave()}
          disabled={save.isPending || postalCode.trim().length < 3 || !emptyAt}
        >
          Save
        </Button>
      </Stack>
    </Stack>
  );
}
