const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Dollars as the portal prints money: $1,234.50. */
export function formatMoney(dollars: number): string {
  return usd.format(dollars);
}

/** Dollars to integer cents, for arithmetic that must not drift (balance due, totals). */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}
