import { describe, expect, it } from 'vitest';
import { formatCount, formatDollars } from './numbers';

const intlDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** A seeded sequence, so a failure names values that can be run again. */
function* pseudoRandom(seed: number, count: number) {
  let state = seed;
  for (let i = 0; i < count; i++) {
    state = (state * 1103515245 + 12345) % 2147483648;
    yield state / 2147483648;
  }
}

describe('formatCount', () => {
  it('groups thousands as Intl does, signs and all', () => {
    const values = [0, 1, 12, 123, 999, 1000, 1234, 12345, 999999, 1000000, 1234567890];
    for (const value of [...values, ...values.map((v) => -v), Number.MAX_SAFE_INTEGER])
      expect(formatCount(value)).toBe(value.toLocaleString('en-US'));
  });

  it('leaves fractions and unsafe integers to Intl', () => {
    for (const value of [1234.5, 0.125, 2 ** 60, Number.NaN])
      expect(formatCount(value)).toBe(value.toLocaleString('en-US'));
  });
});

describe('formatDollars', () => {
  it('writes what Intl writes for the amounts where rounding is easy to get wrong', () => {
    const values = [
      0,
      -0,
      0.001,
      -0.001,
      0.005,
      -0.005,
      0.004999,
      1.005,
      0.285,
      2.675,
      0.125,
      999.995,
      1234.5,
      -1234.567,
      1e-7,
      -1e-7,
      0.1 + 0.2,
      1000000,
      123456789.99,
      999999999999.99,
    ];
    for (const value of values)
      expect(formatDollars(value), String(value)).toBe(intlDollars.format(value));
  });

  it('writes what Intl writes for many amounts of every size', () => {
    for (const fraction of pseudoRandom(7, 20000)) {
      const scale = 10 ** Math.floor(fraction * 12);
      const cents = Math.round(fraction * scale * 100_000) / 1000;
      for (const value of [cents, -cents, Math.round(cents * 100) / 100])
        expect(formatDollars(value), String(value)).toBe(intlDollars.format(value));
    }
  });

  it('leaves amounts past a trillion and values that are not numbers to Intl', () => {
    for (const value of [1e12, -5e15, Number.POSITIVE_INFINITY, Number.NaN])
      expect(formatDollars(value)).toBe(intlDollars.format(value));
  });
});
