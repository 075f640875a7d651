import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  DATE_RANGE_PRESET_LABELS,
  DateRangePreset,
  THIRD_PARTY_INVOICE_STATUS_DISPLAY_NAMES,
  THIRD_PARTY_INVOICE_STATUSES,
} from '@portal/domain';
import type { InvoiceFilterValues } from './invoice-list-filters';

interface FilterPanelProps {
  values: InvoiceFilterValues;
  onChange(values: InvoiceFilterValues): void;
}

const ANY = '';

function DateFilter({
  label,
  prefix,
  values,
  onChange,
}: FilterPanelProps & { label: string; prefix: 'invoiceDate' | 'loadDate' }) {
  const id = `${prefix}-preset`;
  const start = `${prefix}Start` as const;
  const end = `${prefix}End` as const;
  return (
    <Stack sx={{ gap: 1.5 }}>
      <FormControl size="small" fullWidth>
        <InputLabel id={`${id}-label`}>{label}</InputLabel>
        <Select
          labelId={`${id}-label`}
          id={id}
          label={label}
          value={values[prefix]}
          onChange={(event) => onChange({ ...values, [prefix]: event.target.value })}
        >
          <MenuItem value={ANY}>
            <em>Any</em>
          </MenuItem>
          {Object.values(DateRangePreset).map((preset) => (
            <MenuItem key={preset} value={preset}>
              {DATE_RANGE_PRESET_LABELS[preset]}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      {values[prefix] === DateRangePreset.Range && (
        <Stack direction="row" sx={{ gap: 1 }}>
          <TextField
            type="date"
            size="small"
            label={`${label} Start`}
            value={values[start]}
            onChange={(event) => onChange({ ...values, [start]: event.target.value })}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { max: values[end] || undefined },
            }}
            fullWidth
          />
          <TextField
            type="date"
            size="small"
            label={`${label} End`}
            value={values[end]}
            onChange={(event) => onChange({ ...values, [end]: event.target.value })}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { min: values[start] || undefined },
            }}
            fullWidth
          />
        </Stack>
      )}
    </Stack>
  );
}

/** The FILTERS tab: Invoice Status, Invoice Date, Load Date and "Only Show Auditable". */
export function InvoiceFilterPanel({ values, onChange }: FilterPanelProps) {
  return (
    <Stack sx={{ gap: 2.5 }}>
      <FormControl size="small" fullWidth>
        <InputLabel id="invoice-status-filter-label">Invoice Status</InputLabel>
        <Select
          labelId="invoice-status-filter-label"
          id="invoice-status-filter"
          label="Invoice Status"
          value={values.status}
          onChange={(event) => onChange({ ...values, status: event.target.value })}
        >
          <MenuItem value={ANY}>
            <em>Any</em>
          </MenuItem>
          {THIRD_PARTY_INVOICE_STATUSES.map((status) => (
            <MenuItem key={status} value={status}>
              {THIRD_PARTY_INVOICE_STATUS_DISPLAY_NAMES[status]}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
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
