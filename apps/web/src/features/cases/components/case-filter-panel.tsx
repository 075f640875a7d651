import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CASE_PRIORITIES,
  CASE_SOURCES,
  CASE_STATUSES,
  CASE_TYPE_DISPLAY_NAMES,
  CASE_TYPES,
  DateRangePreset,
  type CaseType,
} from '@portal/domain';
import {
  DATE_RANGE_PRESETS,
  DateRangeFilter,
  MultiSelectFilter,
  SelectFilter,
  type FilterOption,
} from '../../../shared/ui/filter-fields';
import { useCaseFilterOptions } from '../api/case-list';
import type { CaseFilterValues } from './case-list-filters';

interface FilterPanelProps {
  values: CaseFilterValues;
  onChange(values: CaseFilterValues): void;
}

// "InProgressAwaitingCarrier" -> "In Progress Awaiting Carrier"
const words = (value: string) => value.replace(/([a-z])([A-Z])/g, '$1 $2');

function TimeRangeFilter({
  label,
  prefix,
  values,
  onChange,
}: FilterPanelProps & { label: string; prefix: 'incident' | 'followUp' }) {
  const rangeKey = `${prefix}Range` as const;
  const fromKey = `${prefix}From` as const;
  const toKey = `${prefix}To` as const;
  return (
    <DateRangeFilter
      id={`${prefix}-range`}
      label={label}
      presets={DATE_RANGE_PRESETS}
      rangePreset={DateRangePreset.Range}
      boundLabels={['From', 'To']}
      value={{ preset: values[rangeKey], start: values[fromKey], end: values[toKey] }}
      onChange={(range) =>
        onChange({
          ...values,
          [rangeKey]: range.preset,
          [fromKey]: range.start,
          [toKey]: range.end,
        })
      }
    />
  );
}

/** The FILTERS tab: every field of the spec's case list filter. */
export function CaseFilterPanel({ values, onChange }: FilterPanelProps) {
  const options = useCaseFilterOptions();
  const companies = (rows: { id: string; name: string }[] | undefined): FilterOption[] =>
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
      <MultiSelectFilter
        id="case-types-filter"
        label="Types"
        options={CASE_TYPES.map((type) => ({
          value: type,
          label: CASE_TYPE_DISPLAY_NAMES[type as CaseType],
        }))}
        value={values.types}
        onChange={set('types')}
      />
      <MultiSelectFilter
        id="case-statuses-filter"
        label="Statuses"
        options={CASE_STATUSES.map((status) => ({ value: status, label: words(status) }))}
        value={values.statuses}
        onChange={set('statuses')}
      />
      <MultiSelectFilter
        id="case-sources-filter"
        label="Sources"
        options={CASE_SOURCES.map((source) => ({ value: source, label: source }))}
        value={values.sources}
        onChange={set('sources')}
      />
      <SelectFilter
        id="case-priority-filter"
        label="Priority"
        options={CASE_PRIORITIES.map((priority) => ({ value: priority, label: priority }))}
        value={values.priority}
        onChange={set('priority')}
      />
      <MultiSelectFilter
        id="case-parties-filter"
        label="Involved Parties"
        options={companies(options.data?.involvedParties)}
        value={values.parties}
        onChange={set('parties')}
      />
      <MultiSelectFilter
        id="case-customers-filter"
        label="Customers"
        options={companies(options.data?.customers)}
        value={values.customers}
        onChange={set('customers')}
      />
      <MultiSelectFilter
        id="case-carriers-filter"
        label="Carriers"
        options={companies(options.data?.carriers)}
        value={values.carriers}
        onChange={set('carriers')}
      />
      <MultiSelectFilter
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
