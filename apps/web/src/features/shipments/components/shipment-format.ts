import type { ShipmentPlace } from '@portal/contract';
import { DATE_FORMAT } from '@portal/domain';
import dayjs from 'dayjs';

export const money = (value: number | null | undefined) =>
  value === null || value === undefined
    ? '—'
    : value.toLocaleString('en-US', { style: 'currency', currency: 'USD' });

export const place = (value: Pick<ShipmentPlace, 'city' | 'state'> & { postalCode?: string }) =>
  `${value.city}, ${value.state}${value.postalCode ? ` ${value.postalCode}` : ''}`;

export const dateTime = (instant: string | null | undefined) =>
  instant ? dayjs(instant).format(`${DATE_FORMAT} h:mm A`) : '—';

/** A stop's wall-clock time "YYYY-MM-DDTHH:mm" as MM/DD/YYYY h:mm A (in the stop's zone). */
export const localTime = (value: { local: string } | null | undefined) =>
  value ? dayjs(value.local).format(`${DATE_FORMAT} h:mm A`) : '—';

export const STATUS_COLORS: Record<
  number,
  'default' | 'info' | 'primary' | 'secondary' | 'warning' | 'success' | 'error'
> = {
  [-1]: 'default',
  0: 'default',
  1: 'info',
  2: 'info',
  3: 'primary',
  4: 'secondary',
  5: 'warning',
  6: 'warning',
  7: 'success',
  8: 'success',
};
