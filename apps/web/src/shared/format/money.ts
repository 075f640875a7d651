// Built on first use: creating a number format is costly (tens of microseconds, more on a phone,
// and the first one loads the locale's data), formatting with one is not.
let usd: Intl.NumberFormat | undefined;

/** Dollars as the portal prints money: $1,234.50; a missing amount is a dash. */
export function formatMoney(dollars: number | null | undefined): string {
  if (dollars === null || dollars === undefined) return '—';
  usd ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
  return usd.format(dollars);
}

/** Dollars to integer cents, for arithmetic that must not drift (balance due, totals). */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}
