import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { DATE_RANGE_PRESET_LABELS, DateRangePreset } from '@portal/domain';

/** The fields of the lists' FILTERS tabs. Every value is a string, as it is kept in the URL. */

export interface FilterOption {
  value: string;
  label: string;
}

interface ChoiceFilterProps {
  id: string;
  label: string;
  options: readonly FilterOption[];
  value: string;
  onChange(value: string): void;
}

/** One choice or "Any" (the empty string). */
export function SelectFilter({ id, label, options, value, onChange }: ChoiceFilterProps) {
  return (
    <FormControl size="small" fullWidth>
      <InputLabel id={`${id}-label`}>{label}</InputLabel>
      <Select
        labelId={`${id}-label`}
        id={id}
        label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <MenuItem value="">
          <em>Any</em>
        </MenuItem>
        {options.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

/** Several choices, kept as a comma-joined string. */
export function MultiSelectFilter({ id, label, options, value, onChange }: ChoiceFilterProps) {
  const selected = value.split(',').filter(Boolean);
  const labelOf = (chosen: string) =>
    options.find((option) => option.value === chosen)?.label ?? chosen;
  return (
    <FormControl size="small" fullWidth>
      <InputLabel id={`${id}-label`}>{label}</InputLabel>
      <Select
        labelId={`${id}-label`}
        id={id}
        multiple
        label={label}
        value={selected}
        onChange={(event) => {
          const next = event.target.value;
          onChange((typeof next === 'string' ? next.split(',') : next).join(','));
        }}
        renderValue={(chosen) => chosen.map(labelOf).join(', ')}
      >
        {options.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            <Checkbox size="small" checked={selected.includes(option.value)} />
            <ListItemText primary={option.label} />
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

/** The presets the lists' date filters offer (Today, Yesterday, This Week, Tomorrow, Range). */
export const DATE_RANGE_PRESETS: readonly FilterOption[] = Object.values(DateRangePreset).map(
  (preset) => ({ value: preset, label: DATE_RANGE_PRESET_LABELS[preset] }),
);

export interface DateRangeValue {
  preset: string;
  start: string;
  end: string;
}

/**
 * A date filter: a preset (Today, This Week, ...) or, when the preset is `rangePreset`, two dates
 * that cannot cross each other.
 */
export function DateRangeFilter({
  id,
  label,
  presets,
  rangePreset,
  value,
  onChange,
  boundLabels = ['Start', 'End'],
}: {
  id: string;
  label: string;
  presets: readonly FilterOption[];
  rangePreset: string;
  value: DateRangeValue;
  onChange(value: DateRangeValue): void;
  boundLabels?: readonly [string, string];
}) {
  return (
    <Stack sx={{ gap: 1.5 }}>
      <SelectFilter
        id={id}
        label={label}
        options={presets}
        value={value.preset}
        onChange={(preset) => onChange({ ...value, preset })}
      />
      {value.preset === rangePreset && (
        <Stack direction="row" sx={{ gap: 1 }}>
          <TextField
            type="date"
            size="small"
            label={`${label} ${boundLabels[0]}`}
            value={value.start}
            onChange={(event) => onChange({ ...value, start: event.target.value })}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { max: value.end || undefined },
            }}
            fullWidth
          />
          <TextField
            type="date"
            size="small"
            label={`${label} ${boundLabels[1]}`}
            value={value.end}
            onChange={(event) => onChange({ ...value, end: event.target.value })}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { min: value.start || undefined },
            }}
            fullWidth
          />
        </Stack>
      )}
    </Stack>
  );
}
