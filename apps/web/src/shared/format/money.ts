const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Dollars as the screens show them ($1,234.50); a missing amount is a dash. */
export function formatUsd(dollars: number | null | undefined): string {
  return dollars === null || dollars === undefined ? '—' : USD.format(dollars);
}
