import Stack from '@mui/material/Stack';
import {
  ACCOUNTING_FILTER_STATUS_DISPLAY_NAMES,
  AccountingFilterStatus,
  ApInvoiceDateFilterType,
} from '@portal/domain';
import { DateRangeFilter, SelectFilter } from '../../../shared/ui/filter-fields';
import type { AccountingFilterValues } from './list-filters';

interface FilterPanelProps {
  values: AccountingFilterValues;
  onChange(values: AccountingFilterValues): void;
}

const DATE_LABELS: Record<ApInvoiceDateFilterType, string> = {
  Last60Days: 'Last 60 Days',
  Today: 'Today',
  Week: 'This Week',
  Range: 'Range',
};
const DATE_PRESETS = Object.values(ApInvoiceDateFilterType).map((type) => ({
  value: type,
  label: DATE_LABELS[type],
}));
const STATUS_OPTIONS = Object.values(AccountingFilterStatus).map((status) => ({
  value: String(status),
  label: ACCOUNTING_FILTER_STATUS_DISPLAY_NAMES[status],
}));

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
    <DateRangeFilter
      id={`${type}-filter`}
      label={label}
      presets={DATE_PRESETS}
      rangePreset={ApInvoiceDateFilterType.Range}
      value={{ preset: values[type], start: values[start], end: values[end] }}
      onChange={(range) =>
        onChange({ ...values, [type]: range.preset, [start]: range.start, [end]: range.end })
      }
    />
  );
}

/** The FILTERS tab: Status, Shipment Date and Invoice Date (spec section 3's accounting filters). */
export function AccountingFilterPanel({ values, onChange }: FilterPanelProps) {
  return (
    <Stack sx={{ gap: 2.5 }}>
      <SelectFilter
        id="accounting-status-filter"
        label="Status"
        options={STATUS_OPTIONS}
        value={values.status}
        onChange={(status) => onChange({ ...values, status })}
      />
      <DateFilter label="Shipment Date" prefix="shipment" values={values} onChange={onChange} />
      <DateFilter label="Invoice Date" prefix="invoice" values={values} onChange={onChange} />
    </Stack>
  );
}
