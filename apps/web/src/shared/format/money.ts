const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** An amount in US dollars as the screens show it: $1,234.50. */
export function formatMoney(amount: number): string {
  return dollars.format(amount);
}
