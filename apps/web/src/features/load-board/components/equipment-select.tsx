import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import {
  EQUIPMENT_TYPE_DISPLAY_NAMES,
  EQUIPMENT_TYPES,
  equipmentDisplayNamesFromMask,
  equipmentMaskFromTypes,
  equipmentTypesFromMask,
  type EquipmentType,
} from '@portal/domain';
import { useId } from 'react';

/** Equipment types as a multiple choice, held as the spec's bit mask. */
export function EquipmentSelect({
  value,
  onChange,
  error,
}: {
  value: number;
  onChange(mask: number): void;
  error?: boolean;
}) {
  const id = useId();
  return (
    <FormControl size="small" error={error}>
      <InputLabel id={id}>Equipment</InputLabel>
      <Select<EquipmentType[]>
        labelId={id}
        label="Equipment"
        multiple
        value={equipmentTypesFromMask(value)}
        renderValue={() => equipmentDisplayNamesFromMask(value).join(', ')}
        onChange={(event) => {
          const chosen = event.target.value;
          onChange(equipmentMaskFromTypes(Array.isArray(chosen) ? chosen : []));
        }}
      >
        {EQUIPMENT_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {EQUIPMENT_TYPE_DISPLAY_NAMES[type]}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
