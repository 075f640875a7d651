import { DATE_FORMAT, zonedFormats } from '@portal/domain';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import { formatMoney } from '../../../shared/format/money';

dayjs.extend(utc);
dayjs.extend(timezone);

export const perMile = (value: number | null | undefined) =>
  value === null || value === undefined ? '—' : `${formatMoney(value)}/mi`;

export const miles = (value: number | null | undefined) =>
  value === null || value === undefined ? '—' : `${value.toLocaleString('en-US')} mi`;

export const pounds = (value: number | null | undefined) =>
  value === null || value === undefined ? '—' : `${Math.round(value).toLocaleString('en-US')} lb`;

export const placeName = (value: {
  city: string | null;
  state: string;
  postalCode?: string | null;
}) =>
  `${value.city ? `${value.city}, ` : ''}${value.state}${value.postalCode ? ` ${value.postalCode}` : ''}`;

const zoneNameFormat = zonedFormats('en-US', { timeZoneName: 'short' });

/** The zone's short name at that instant ("CST", "EDT"), as the browser knows it. */
function zoneName(instant: string, ianaTimezone: string): string {
  const parts = zoneNameFormat(ianaTimezone).formatToParts(new Date(instant));
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
}

/** A stop window in the stop's own zone: "11/25/2026 8:00 AM – 10:00 AM CST". */
export function stopWindow(window: {
  early: string | null;
  late: string | null;
  ianaTimezone: string;
}): string {
  if (!window.early) return '—';
  const early = dayjs(window.early).tz(window.ianaTimezone);
  const late = window.late ? dayjs(window.late).tz(window.ianaTimezone) : null;
  const zone = zoneName(window.early, window.ianaTimezone);
  const start = early.format(`${DATE_FORMAT} h:mm A`);
  if (!late) return `${start} ${zone}`;
  const end = late.isSame(early, 'day')
    ? late.format('h:mm A')
    : late.format(`${DATE_FORMAT} h:mm A`);
  return `${start} – ${end} ${zone}`;
}

export const dateOnly = (instant: string | null | undefined) =>
  instant ? dayjs(instant).format(DATE_FORMAT) : '—';
