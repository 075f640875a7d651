import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { EQUIPMENT_YEAR_MIN, isValidVin } from '@portal/domain';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';

/** What trailers and power units share: plate, state, VIN, year and make. */
export interface VehicleValues {
  licensePlate: string;
  licenseState: string;
  vin: string;
  modelYear: string;
  make: string;
}

export function vehicleDefaults(
  vehicle: {
    licensePlate: string | null;
    licenseState: string | null;
    vin: string | null;
    modelYear: number | null;
    make: string | null;
  } | null,
): VehicleValues {
  return {
    licensePlate: vehicle?.licensePlate ?? '',
    licenseState: vehicle?.licenseState ?? '',
    vin: vehicle?.vin ?? '',
    modelYear: vehicle?.modelYear ? String(vehicle.modelYear) : '',
    make: vehicle?.make ?? '',
  };
}

export function vehicleBody(values: VehicleValues) {
  return {
    licensePlate: values.licensePlate.trim() || null,
    licenseState: values.licenseState.trim() || null,
    vin: values.vin.trim() || null,
    modelYear: values.modelYear ? Number(values.modelYear) : null,
    make: values.make.trim() || null,
  };
}

export function VehicleFields<T extends VehicleValues>({
  register: registerAny,
  errors: errorsAny,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
}) {
  // The generic form narrows to the fields this component owns.
  const register = registerAny as unknown as UseFormRegister<VehicleValues>;
  const errors = errorsAny as FieldErrors<VehicleValues>;
  const nextYear = new Date().getFullYear() + 1;
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField label="License plate" fullWidth {...register('licensePlate')} />
        <TextField
          label="State"
          sx={{ minWidth: 100 }}
          slotProps={{ htmlInput: { maxLength: 2 } }}
          {...register('licenseState', {
            pattern: { value: /^([A-Za-z]{2})?$/, message: 'Two letters, such as ND' },
          })}
          error={Boolean(errors.licenseState)}
          helperText={errors.licenseState?.message}
        />
      </Stack>
      <TextField
        label="VIN"
        slotProps={{ htmlInput: { maxLength: 17 } }}
        {...register('vin', {
          validate: (value) =>
            value.trim() === '' ||
            isValidVin(value) ||
            'A VIN is 17 letters and digits (never I, O or Q)',
        })}
        error={Boolean(errors.vin)}
        helperText={errors.vin?.message}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label="Year"
          type="number"
          fullWidth
          {...register('modelYear', {
            validate: (value) =>
              value === '' ||
              (Number(value) >= EQUIPMENT_YEAR_MIN && Number(value) <= nextYear) ||
              `A year from ${EQUIPMENT_YEAR_MIN} to ${nextYear}`,
          })}
          error={Boolean(errors.modelYear)}
          helperText={errors.modelYear?.message}
        />
        <TextField label="Make" fullWidth {...register('make')} />
      </Stack>
    </>
  );
}
