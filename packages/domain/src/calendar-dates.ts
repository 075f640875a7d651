/**
 * Arithmetic on calendar dates written 'YYYY-MM-DD'. The caller decides which day "today" is
 * in the user's zone; everything here is zone-free, so a date never shifts by a day.
 */

export type IsoDate = string;
export type IsoDateRange = readonly [start: IsoDate, end: IsoDate];

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function toUtcMidnight(date: IsoDate): Date {
  const match = ISO_DATE.exec(date);
  if (!match) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  const [, year, month, day] = match;
  const parsed = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (parsed.toISOString().slice(0, 10) !== date) {
    throw new RangeError(`Not a calendar date: ${date}`);
  }
  return parsed;
}

function fromUtcMidnight(date: Date): IsoDate {
  return date.toISOString().slice(0, 10);
}

export function isIsoDate(value: unknown): value is IsoDate {
  if (typeof value !== 'string' || !ISO_DATE.test(value)) return false;
  try {
    toUtcMidnight(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * DateTimeFormats of one locale and set of options, one per time zone, each built on first use:
 * building one costs far more than formatting with it.
 */
export function zonedFormats(
  locale: string,
  options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>,
): (timeZone?: string) => Intl.DateTimeFormat {
  const formats = new Map<string | undefined, Intl.DateTimeFormat>();
  return (timeZone) => {
    let format = formats.get(timeZone);
    if (!format) {
      format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
      formats.set(timeZone, format);
    }
    return format;
  };
}

const dayFormat = zonedFormats('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar date a Date falls on in the given IANA zone (the host zone when omitted). */
export function isoDateInZone(instant: Date, timeZone?: string): IsoDate {
  return dayFormat(timeZone).format(instant);
}

const stopClockFormat = zonedFormats('en-US', {
  month: '2-digit',
  day: '2-digit',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/**
 * "11/25/2026, 8:00 AM CST": an instant on a stop's own clock, its zone named, as the driver and the
 * receiver saw it (paperwork, detention evidence, detention drafts).
 */
export function stopClockTime(at: Date | string, timeZone: string): string {
  return stopClockFormat(timeZone).format(new Date(at));
}

export function addDays(date: IsoDate, days: number): IsoDate {
  const result = toUtcMidnight(date);
  result.setUTCDate(result.getUTCDate() + days);
  return fromUtcMidnight(result);
}

/** Adds calendar months, clamping to the month's last day (Mar 31 - 1 month = Feb 28). */
export function addMonths(date: IsoDate, months: number): IsoDate {
  const start = toUtcMidnight(date);
  const target = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + months, 1));
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(start.getUTCDate(), lastDay));
  return fromUtcMidnight(target);
}

/** 0 = Sunday ... 6 = Saturday, the dayOfWeek numbering of dock hours too. */
export function dayOfWeek(date: IsoDate): number {
  return toUtcMidnight(date).getUTCDay();
}

/** Weeks run Sunday to Saturday, as on US calendars. */
export function weekContaining(date: IsoDate): IsoDateRange {
  const start = addDays(date, -dayOfWeek(date));
  return [start, addDays(start, 6)];
}

/** From `days` days before today up to today. */
export function lastDays(today: IsoDate, days: number): IsoDateRange {
  return [addDays(today, -days), today];
}

/** From `months` calendar months before today up to today. */
export function lastMonths(today: IsoDate, months: number): IsoDateRange {
  return [addMonths(today, -months), today];
}
