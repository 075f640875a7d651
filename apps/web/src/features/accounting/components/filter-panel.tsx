import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  ACCOUNTING_FILTER_STATUS_DISPLAY_NAMES,
  AccountingFilterStatus,
  ApInvoiceDateFilterType,
} from '@portal/domain';
import type { AccountingFilterValues } from './list-filters';

interface FilterPanelProps {
  values: AccountingFilterValues;
  onChange(values: AccountingFilterValues): void;
}

const ANY = '';
const DATE_LABELS: Record<ApInvoiceDateFilterType, string> = {
  Last60Days: 'Last 60 Days',
  Today: 'Today',
  Week: 'This Week',
  Range: 'Range',
};

function DateFilter({
  label,
  prefix,
  values,
  onChange,
}: FilterPanelProps & { label: string; prefix: 'shipment' | 'invoice' }) {
  const type = `${prefix}Date` as const;
  const start = `${prefix}StartDate` as const;
  const end = `${prefix}EndDate` as const;
  return (
    <Stack sx={{ gap: 1.5 }}>
      <FormControl size="small" fullWidth>
        <InputLabel id={`${type}-label`}>{label}</InputLabel>
        <Select
          labelId={`${type}-label`}
          id={`${type}-filter`}
          label={label}
          value={values[type]}
          onChange={(event) => onChange({ ...values, [type]: event.target.value })}
        >
          <MenuItem value={ANY}>
            <em>Any</em>
          </MenuItem>
          {Object.values(ApInvoiceDateFilterType).map((option) => (
            <MenuItem key={option} value={option}>
              {DATE_LABELS[option]}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      {values[type] === ApInvoiceDateFilterType.Range && (
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

/** The FILTERS tab: Status, Shipment Date and Invoice Date (spec section 3's accounting filters). */
export function AccountingFilterPanel({ values, onChange }: FilterPanelProps) {
  return (
    <Stack sx={{ gap: 2.5 }}>
      <FormControl size="small" fullWidth>
        <InputLabel id="accounting-status-filter-label">Status</InputLabel>
        <Select
          labelId="accounting-status-filter-label"
          id="accounting-status-filter"
          label="Status"
          value={values.status}
          onChange={(event) => onChange({ ...values, status: event.target.value })}
        >
          <MenuItem value={ANY}>
            <em>Any</em>
          </MenuItem>
          {Object.values(AccountingFilterStatus).map((status) => (
            <MenuItem key={status} value={String(status)}>
              {ACCOUNTING_FILTER_STATUS_DISPLAY_NAMES[status]}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <DateFilter label="Shipment Date" prefix="shipment" values={values} onChange={onChange} />
      <DateFilter label="Invoice Date" prefix="invoice" values={values} onChange={onChange} />
    </Stack>
  );
}
