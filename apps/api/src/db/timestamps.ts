/**
 * A `timestamptz` as PostgreSQL writes it in text (DateStyle ISO: `2026-11-29 20:08:55.123456+00`,
 * the zone's offset as `±HH`, `±HH:MM` or `±HH:MM:SS`), read into a Date from its characters. The
 * PostgreSQL driver's own reader matches it with regular expressions, two to three times the cost
 * (docs/benchmarks.md); a list page reads a few hundred of them. Anything else (infinity, BC dates,
 * years before 100 or after 9999) goes to `fallback`, the driver's own reader.
 */
export function timestamptzReader(fallback: (text: string) => unknown) {
  return (text: string): unknown => readTimestamptz(text) ?? fallback(text);
}

const HYPHEN = 45;
const SPACE = 32;
const COLON = 58;
const DOT = 46;
const PLUS = 43;
const ZERO = 48;
const FRACTION_PLACES = [100, 10, 1] as const;
const OFFSET_UNITS = [60, 1] as const;

/** The number written in text[start, end), or -1 where a character is not a digit. */
function digits(text: string, start: number, end: number): number {
  let value = 0;
  for (let index = start; index < end; index++) {
    const digit = text.charCodeAt(index) - ZERO;
    if (!(digit >= 0 && digit <= 9)) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/** The Date, or undefined when the text is not of the one shape read here. */
export function readTimestamptz(text: string): Date | undefined {
  const length = text.length;
  if (
    length < 22 ||
    text.charCodeAt(4) !== HYPHEN ||
    text.charCodeAt(7) !== HYPHEN ||
    text.charCodeAt(10) !== SPACE ||
    text.charCodeAt(13) !== COLON ||
    text.charCodeAt(16) !== COLON
  )
    return undefined;
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 7);
  const day = digits(text, 8, 10);
  const hour = digits(text, 11, 13);
  const minute = digits(text, 14, 16);
  const second = digits(text, 17, 19);
  // Date.UTC reads years 0 to 99 as 1900 to 1999.
  if (year < 100 || month < 0 || day < 0 || hour < 0 || minute < 0 || second < 0) return undefined;
  let index = 19;
  // Microseconds: a Date holds milliseconds, and the rest is dropped, as the drivers' readers do.
  let milliseconds = 0;
  if (text.charCodeAt(index) === DOT) {
    const first = ++index;
    for (; index < length; index++) {
      const digit = text.charCodeAt(index) - ZERO;
      if (!(digit >= 0 && digit <= 9)) break;
      if (index - first < 3) milliseconds += digit * FRACTION_PLACES[index - first]!;
    }
    if (index === first) return undefined;
  }
  const sign = text.charCodeAt(index);
  if (sign !== PLUS && sign !== HYPHEN) return undefined;
  let offsetSeconds = digits(text, index + 1, index + 3) * 3600;
  index += 3;
  for (const unit of OFFSET_UNITS) {
    if (index >= length || offsetSeconds < 0) break;
    const part = text.charCodeAt(index) === COLON ? digits(text, index + 1, index + 3) : -1;
    if (part < 0) return undefined;
    offsetSeconds += part * unit;
    index += 3;
  }
  if (index !== length || offsetSeconds < 0) return undefined;
  const offset = (sign === HYPHEN ? -1 : 1) * offsetSeconds * 1000;
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second, milliseconds) - offset);
}
