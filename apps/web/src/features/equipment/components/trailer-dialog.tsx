import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FleetTrailer } from '@portal/contract';
import {
  EQUIPMENT_LENGTHS_FEET,
  EQUIPMENT_MESSAGES,
  EQUIPMENT_TYPE_DISPLAY_NAMES,
  TRAILER_EQUIPMENT_TYPES,
} from '@portal/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../../shared/notifications';
import { readPicture, UnusablePictureError } from '../../../shared/people';
import { useSaveTrailer } from '../api/equipment-api';
import { VehicleFields, vehicleBody, vehicleDefaults, type VehicleValues } from './vehicle-fields';

interface TrailerValues extends VehicleValues {
  trailerNumber: string;
  equipmentType: string;
  lengthFeet: string;
}

/** Add or edit a trailer: number, equipment type, length, plate, VIN, year, make and a photo. */
export function TrailerDialog({
  trailer,
  onClose,
}: {
  /** The trailer to edit; null adds one. */
  trailer: FleetTrailer | null;
  onClose(): void;
}) {
  const save = useSaveTrailer();
  const [photo, setPhoto] = useState<File | null>(null);
  const { register, handleSubmit, watch, setValue, formState } = useForm<TrailerValues>({
    defaultValues: {
      trailerNumber: trailer?.trailerNumber ?? '',
      equipmentType: trailer ? String(trailer.equipmentType.value) : '',
      lengthFeet: trailer?.lengthFeet ? String(trailer.lengthFeet) : '',
      ...vehicleDefaults(trailer),
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    let picture: { name: string; data: string } | null;
    try {
      picture = photo ? await readPicture(photo) : null;
    } catch (error) {
      if (error instanceof UnusablePictureError) return void toast.error(error.message);
      throw error;
    }
    await save.mutateAsync({
      id: trailer?.id ?? null,
      body: {
        trailerNumber: values.trailerNumber.trim(),
        equipmentType: Number(values.equipmentType),
        lengthFeet: values.lengthFeet ? Number(values.lengthFeet) : null,
        ...vehicleBody(values),
        ...(trailer ? { version: trailer.version } : {}),
      },
      photo: picture,
    });
    toast.success(EQUIPMENT_MESSAGES.trailerSaved);
    onClose();
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="trailer-dialog-title">
      <Box
        component="form"
        noValidate
        onSubmit={(event) => void onSubmit(event).catch(() => undefined)}
      >
        <DialogTitle id="trailer-dialog-title">
          {trailer ? `Edit Trailer ${trailer.trailerNumber}` : 'Add Trailer'}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label="Trailer number"
              required
              {...register('trailerNumber', {
                validate: (value) => value.trim() !== '' || 'Enter the trailer number',
              })}
              error={Boolean(formState.errors.trailerNumber)}
              helperText={formState.errors.trailerNumber?.message}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                select
                label="Equipment type"
                required
                fullWidth
                value={watch('equipmentType')}
                {...register('equipmentType', { required: 'Choose the equipment type' })}
                onChange={(event) =>
                  setValue('equipmentType', event.target.value, { shouldValidate: true })
                }
                error={Boolean(formState.errors.equipmentType)}
                helperText={formState.errors.equipmentType?.message}
              >
                {TRAILER_EQUIPMENT_TYPES.map((type) => (
                  <MenuItem key={type} value={String(type)}>
                    {EQUIPMENT_TYPE_DISPLAY_NAMES[type]}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                label="Length"
                fullWidth
                value={watch('lengthFeet')}
                onChange={(event) => setValue('lengthFeet', event.target.value)}
              >
                <MenuItem value="">Not given</MenuItem>
                {EQUIPMENT_LENGTHS_FEET.map((length) => (
                  <MenuItem key={length} value={String(length)}>
                    {length} ft
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
            <VehicleFields register={register} errors={formState.errors} />
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Button component="label" variant="outlined">
                {trailer?.photoFileId ? 'Replace Photo' : 'Add Photo'}
                <input
                  type="file"
                  hidden
                  accept="image/png,image/jpeg"
                  aria-label="Trailer photo"
                  onChange={(event) => setPhoto(event.target.files?.[0] ?? null)}
                />
              </Button>
              <Typography variant="body2" color="text.secondary" noWrap>
                {photo ? photo.name : 'PNG or JPEG, at most 2 MB'}
              </Typography>
            </Stack>
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
