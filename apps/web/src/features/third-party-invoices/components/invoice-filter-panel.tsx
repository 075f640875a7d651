import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  DateRangePreset,
  THIRD_PARTY_INVOICE_STATUS_DISPLAY_NAMES,
  THIRD_PARTY_INVOICE_STATUSES,
} from '@portal/domain';
import {
  DATE_RANGE_PRESETS,
  DateRangeFilter,
  SelectFilter,
} from '../../../shared/ui/filter-fields';
import type { InvoiceFilterValues } from './invoice-list-filters';

interface FilterPanelProps {
  values: InvoiceFilterValues;
  onChange(values: InvoiceFilterValues): void;
}

const STATUS_OPTIONS = THIRD_PARTY_INVOICE_STATUSES.map((status) => ({
  value: status,
  label: THIRD_PARTY_INVOICE_STATUS_DISPLAY_NAMES[status],
}));

function DateFilter({
  label,
  prefix,
  values,
  onChange,
}: FilterPanelProps & { label: string; prefix: 'invoiceDate' | 'loadDate' }) {
  const start = `${prefix}Start` as const;
  const end = `${prefix}End` as const;
  return (
    <DateRangeFilter
      id={`${prefix}-preset`}
      label={label}
      presets={DATE_RANGE_PRESETS}
      rangePreset={DateRangePreset.Range}
      value={{ preset: values[prefix], start: values[start], end: values[end] }}
      onChange={(range) =>
        onChange({ ...values, [prefix]: range.preset, [start]: range.start, [end]: range.end })
      }
    />
  );
}

/** The FILTERS tab: Invoice Status, Invoice Date, Load Date and "Only Show Auditable". */
export function InvoiceFilterPanel({ values, onChange }: FilterPanelProps) {
  return (
    <Stack sx={{ gap: 2.5 }}>
      <SelectFilter
        id="invoice-status-filter"
        label="Invoice Status"
        options={STATUS_OPTIONS}
        value={values.status}
        onChange={(status) => onChange({ ...values, status })}
      />
      <DateFilter label="Invoice Date" prefix="invoiceDate" values={values} onChange={onChange} />
      <DateFilter label="Load Date" prefix="loadDate" values={values} onChange={onChange} />
      <FormControlLabel
        control={
          <Checkbox
            checked={values.auditable !== 'false'}
            onChange={(event) => onChange({ ...values, auditable: String(event.target.checked) })}
          />
        }
        label={<Typography variant="body2">Only Show Auditable</Typography>}
      />
    </Stack>
  );
}
