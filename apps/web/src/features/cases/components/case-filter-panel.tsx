import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputLabel from '@mui/material/InputLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CASE_PRIORITIES,
  CASE_SOURCES,
  CASE_STATUSES,
  CASE_TYPE_DISPLAY_NAMES,
  CASE_TYPES,
  DATE_RANGE_PRESET_LABELS,
  DateRangePreset,
  type CaseType,
} from '@portal/domain';
import { useCaseFilterOptions } from '../api/case-list';
import type { CaseFilterValues } from './case-list-filters';

interface FilterPanelProps {
  values: CaseFilterValues;
  onChange(values: CaseFilterValues): void;
}

type Option = { value: string; label: string };

// "InProgressAwaitingCarrier" -> "In Progress Awaiting Carrier"
const words = (value: string) => value.replace(/([a-z])([A-Z])/g, '$1 $2');

/** A multi-choice filter kept as a comma-joined string. */
function MultiSelect({
  id,
  label,
  options,
  value,
  onChange,
}: {
  id: string;
  label: string;
  options: Option[];
  value: string;
  onChange(value: string): void;
}) {
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

function TimeRangeFilter({
  label,
  prefix,
  values,
  onChange,
}: FilterPanelProps & { label: string; prefix: 'incident' | 'followUp' }) {
  const id = `${prefix}-range`;
  const rangeKey = `${prefix}Range` as const;
  const fromKey = `${prefix}From` as const;
  const toKey = `${prefix}To` as const;
  return (
    <Stack sx={{ gap: 1.5 }}>
      <FormControl size="small" fullWidth>
        <InputLabel id={`${id}-label`}>{label}</InputLabel>
        <Select
          labelId={`${id}-label`}
          id={id}
          label={label}
          value={values[rangeKey]}
          onChange={(event) => onChange({ ...values, [rangeKey]: event.target.value })}
        >
          <MenuItem value="">
            <em>Any</em>
          </MenuItem>
          {Object.values(DateRangePreset).map((preset) => (
            <MenuItem key={preset} value={preset}>
              {DATE_RANGE_PRESET_LABELS[preset]}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      {values[rangeKey] === DateRangePreset.Range && (
        <Stack direction="row" sx={{ gap: 1 }}>
          <TextField
            type="date"
            size="small"
            label={`${label} From`}
            value={values[fromKey]}
            onChange={(event) => onChange({ ...values, [fromKey]: event.target.value })}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { max: values[toKey] || undefined },
            }}
            fullWidth
          />
          <TextField
            type="date"
            size="small"
            label={`${label} To`}
            value={values[toKey]}
            onChange={(event) => onChange({ ...values, [toKey]: event.target.value })}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { min: values[fromKey] || undefined },
            }}
            fullWidth
          />
        </Stack>
      )}
    </Stack>
  );
}

/** The FILTERS tab: every field of the spec's case list filter. */
export function CaseFilterPanel({ values, onChange }: FilterPanelProps) {
  const options = useCaseFilterOptions();
  const companies = (rows: { id: string; name: string }[] | undefined): Option[] =>
    (rows ?? []).map((row) => ({ value: row.id, label: row.name }));
  const set = (key: keyof CaseFilterValues) => (value: string) =>
    onChange({ ...values, [key]: value });
  const checkbox = (key: 'activeOnly' | 'unassignedOnly', label: string) => (
    <FormControlLabel
      control={
        <Checkbox
          checked={values[key] === 'true'}
          onChange={(event) => onChange({ ...values, [key]: event.target.checked ? 'true' : '' })}
        />
      }
      label={<Typography variant="body2">{label}</Typography>}
    />
  );

  return (
    <Stack sx={{ gap: 2 }}>
      <TextField
        size="small"
        label="Shipment Number"
        value={values.shipment}
        onChange={(event) => set('shipment')(event.target.value.replace(/\D/g, ''))}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <TextField
        size="small"
        label="Order Number"
        value={values.order}
        onChange={(event) => set('order')(event.target.value.replace(/\D/g, ''))}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <MultiSelect
        id="case-types-filter"
        label="Types"
        options={CASE_TYPES.map((type) => ({
          value: type,
          label: CASE_TYPE_DISPLAY_NAMES[type as CaseType],
        }))}
        value={values.types}
        onChange={set('types')}
      />
      <MultiSelect
        id="case-statuses-filter"
        label="Statuses"
        options={CASE_STATUSES.map((status) => ({ value: status, label: words(status) }))}
        value={values.statuses}
        onChange={set('statuses')}
      />
      <MultiSelect
        id="case-sources-filter"
        label="Sources"
        options={CASE_SOURCES.map((source) => ({ value: source, label: source }))}
        value={values.sources}
        onChange={set('sources')}
      />
      <FormControl size="small" fullWidth>
        <InputLabel id="case-priority-filter-label">Priority</InputLabel>
        <Select
          labelId="case-priority-filter-label"
          id="case-priority-filter"
          label="Priority"
          value={values.priority}
          onChange={(event) => set('priority')(event.target.value)}
        >
          <MenuItem value="">
            <em>Any</em>
          </MenuItem>
          {CASE_PRIORITIES.map((priority) => (
            <MenuItem key={priority} value={priority}>
              {priority}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <MultiSelect
        id="case-parties-filter"
        label="Involved Parties"
        options={companies(options.data?.involvedParties)}
        value={values.parties}
        onChange={set('parties')}
      />
      <MultiSelect
        id="case-customers-filter"
        label="Customers"
        options={companies(options.data?.customers)}
        value={values.customers}
        onChange={set('customers')}
      />
      <MultiSelect
        id="case-carriers-filter"
        label="Carriers"
        options={companies(options.data?.carriers)}
        value={values.carriers}
        onChange={set('carriers')}
      />
      <MultiSelect
        id="case-assignees-filter"
        label="Assignees"
        options={(options.data?.assignees ?? []).map((person) => ({
          value: person.id,
          label: `${person.firstName} ${person.lastName}`,
        }))}
        value={values.assignees}
        onChange={set('assignees')}
      />
      <Stack>
        {checkbox('activeOnly', 'Active Only')}
        {checkbox('unassignedOnly', 'Unassigned Only')}
      </Stack>
      <TimeRangeFilter label="Incident" prefix="incident" values={values} onChange={onChange} />
      <TimeRangeFilter label="Follow-Up" prefix="followUp" values={values} onChange={onChange} />
    </Stack>
  );
}
