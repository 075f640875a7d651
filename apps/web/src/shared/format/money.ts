import { formatDollars } from './numbers';

/** Dollars as the portal prints money: $1,234.50; a missing amount is a dash. */
export function formatMoney(dollars: number | null | undefined): string {
  if (dollars === null || dollars === undefined) return '—';
  return formatDollars(dollars);
}

/** Dollars to integer cents, for arithmetic that must not drift (balance due, totals). */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}
