import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { FleetPowerUnit } from '@portal/contract';
import { EQUIPMENT_MESSAGES } from '@portal/domain';
import { useForm } from 'react-hook-form';
import { toast } from '../../../shared/notifications';
import { useSavePowerUnit } from '../api/equipment-api';
import { VehicleFields, vehicleBody, vehicleDefaults, type VehicleValues } from './vehicle-fields';

interface PowerUnitValues extends VehicleValues {
  unitNumber: string;
}

/** Add or edit a power unit (a truck): number, plate, VIN, year and make. */
export function PowerUnitDialog({
  powerUnit,
  onClose,
}: {
  powerUnit: FleetPowerUnit | null;
  onClose(): void;
}) {
  const save = useSavePowerUnit();
  const { register, handleSubmit, formState } = useForm<PowerUnitValues>({
    defaultValues: { unitNumber: powerUnit?.unitNumber ?? '', ...vehicleDefaults(powerUnit) },
  });
  const onSubmit = handleSubmit(async (values) => {
    await save.mutateAsync({
      id: powerUnit?.id ?? null,
      body: { unitNumber: values.unitNumber.trim(), ...vehicleBody(values) },
    });
    toast.success(EQUIPMENT_MESSAGES.powerUnitSaved);
    onClose();
  });
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="power-unit-dialog-title"
    >
      <Box
        component="form"
        noValidate
        onSubmit={(event) => void onSubmit(event).catch(() => undefined)}
      >
        <DialogTitle id="power-unit-dialog-title">
          {powerUnit ? `Edit Power Unit ${powerUnit.unitNumber}` : 'Add Power Unit'}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label="Unit number"
              required
              {...register('unitNumber', {
                validate: (value) => value.trim() !== '' || 'Enter the unit number',
              })}
              error={Boolean(formState.errors.unitNumber)}
              helperText={formState.errors.unitNumber?.message}
            />
            <VehicleFields register={register} errors={formState.errors} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            Save
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
