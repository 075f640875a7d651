import { zonedFormats } from '@portal/domain';

// One clock per screen: a time is shown on the clock of the place it belongs to (a stop's times in
// the stop's zone), and always with that zone named, so a dispatcher in Chicago and a driver whose
// phone is set to another zone read the same "9:30 AM CST" for the same event.

const formatterFor = zonedFormats('en-US', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZoneName: 'short',
});

/** The zone the browser runs in: what a time with no place of its own is shown in. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** "11/24/2026 9:30 AM CST": an instant on the clock of an IANA zone, the zone named. */
export function formatInZone(instant: string | Date, timeZone: string): string {
  const at = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(at.getTime())) return '—';
  const parts = formatterFor(timeZone).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('month')}/${part('day')}/${part('year')} ${part('hour')}:${part('minute')} ${part('dayPeriod')} ${part('timeZoneName')}`;
}

/** Like formatInZone, '—' when there is no time. */
export const zonedTime = (instant: string | Date | null | undefined, timeZone: string) =>
  instant ? formatInZone(instant, timeZone) : '—';

/** "Chicago (CST)": the zone as a person names it, with its abbreviation at that instant. */
export function zoneName(timeZone: string, at: Date = new Date()): string {
  const city = timeZone.split('/').pop()!.replace(/_/g, ' ');
  const abbreviation = formatInZone(at, timeZone).split(' ').pop();
  return `${city} (${abbreviation})`;
}

/**
 * A window on one clock: "11/25/2026 1:30 PM – 3:30 PM EST" within a day, both ends in full
 * otherwise; an open end shows '—'.
 */
export function zonedRange(
  start: string | Date | null | undefined,
  end: string | Date | null | undefined,
  timeZone: string,
): string {
  const from = zonedTime(start, timeZone);
  const to = zonedTime(end, timeZone);
  const [fromDate, fromTime, fromPeriod, fromZone] = from.split(' ');
  const [toDate, ...toRest] = to.split(' ');
  if (start && end && fromDate === toDate && fromZone === toRest[2])
    return `${fromDate} ${fromTime} ${fromPeriod} – ${toRest.join(' ')}`;
  return `${from} – ${to}`;
}
