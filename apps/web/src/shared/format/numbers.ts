// Counts and dollars are written here rather than by Intl: a page's first Intl number format loads
// the locale's data, 60 to 100 ms of a phone's main thread on the dashboard's first load (decision
// 246). The portal prints en-US only; numbers.test.ts holds these to Intl's output.

/** Digits grouped by thousands: "1234567" → "1,234,567". */
function groupThousands(digits: string): string {
  let grouped = '';
  let end = digits.length;
  while (end > 3) {
    grouped = `,${digits.slice(end - 3, end)}${grouped}`;
    end -= 3;
  }
  return digits.slice(0, end) + grouped;
}

/** A count as the portal prints it: 1,234. Fractions, and counts past 2^53, go to Intl. */
export function formatCount(count: number): string {
  if (!Number.isSafeInteger(count)) return count.toLocaleString('en-US');
  const grouped = groupThousands(String(Math.abs(count)));
  return count < 0 || Object.is(count, -0) ? `-${grouped}` : grouped;
}

let usd: Intl.NumberFormat | undefined;

/**
 * Dollars with cents as Intl's en-US currency format writes them: -$1,234.50. Like Intl, it rounds
 * the number's shortest decimal form (the one String() writes) half away from zero: 1.005 is $1.01.
 * Amounts of a trillion dollars or more, and values that are not finite, go to Intl.
 */
export function formatDollars(dollars: number): string {
  if (!Number.isFinite(dollars) || Math.abs(dollars) >= 1e12) {
    usd ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    return usd.format(dollars);
  }
  const sign = dollars < 0 || Object.is(dollars, -0) ? '-' : '';
  const magnitude = Math.abs(dollars);
  // Below a millionth String() writes an exponent; such an amount is $0.00 in any case.
  const [whole = '0', fraction = ''] = (magnitude < 1e-6 ? '0' : String(magnitude)).split('.');
  const digits = fraction.padEnd(3, '0');
  const cents = Number(whole) * 100 + Number(digits.slice(0, 2)) + (digits[2]! >= '5' ? 1 : 0);
  const shownCents = String(cents % 100).padStart(2, '0');
  return `${sign}$${groupThousands(String(Math.floor(cents / 100)))}.${shownCents}`;
}
