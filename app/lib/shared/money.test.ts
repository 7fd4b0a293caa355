import { describe, expect, it } from 'vitest';
import {
  formatApr,
  formatAprLabel,
  formatCurrencyInputValue,
  formatMiles,
  formatMonthlyPayment,
  formatTerm,
  formatUsd,
  formatUsdWithCents,
  parseCurrencyInput,
  roundHalfAwayFromZero,
} from './money';

describe('formatUsd', () => {
  it('prints dollars without cents, with thousands separators', () => {
    expect(formatUsd(2_799_500)).toBe('$27,995');
    expect(formatUsd(0)).toBe('$0');
    expect(formatUsd(123_456_789_00)).toBe('$123,456,789');
  });

  it('rounds half a dollar away from zero and never prints -$0', () => {
    expect(formatUsd(57_998)).toBe('$580');
    expect(formatUsd(150)).toBe('$2');
    expect(formatUsd(149)).toBe('$1');
    expect(formatUsd(-150_050)).toBe('-$1,501');
    expect(formatUsd(-40)).toBe('$0');
  });

  it('refuses anything but integer cents', () => {
    expect(() => formatUsd(12.5)).toThrow(RangeError);
    expect(() => formatUsd(Number.NaN)).toThrow(RangeError);
  });
});

describe('other money formats', () => {
  it('prints cents when asked', () => {
    expect(formatUsdWithCents(57_998)).toBe('$579.98');
    expect(formatUsdWithCents(250_000)).toBe('$2,500.00');
  });

  it('prints a monthly payment in whole dollars', () => {
    expect(formatMonthlyPayment(57_998)).toBe('$580/mo');
  });

  it('prints miles with separators', () => {
    expect(formatMiles(18_250)).toBe('18,250 mi');
    expect(formatMiles(0)).toBe('0 mi');
    expect(formatMiles(900_000)).toBe('900,000 mi');
  });

  it('prints an APR with two decimals', () => {
    expect(formatApr(5.49)).toBe('5.49%');
    expect(formatApr(6)).toBe('6.00%');
    expect(formatApr(0)).toBe('0.00%');
    expect(formatAprLabel(5.49)).toBe('5.49% APR');
  });

  it('prints terms in months', () => {
    expect(formatTerm(48)).toBe('48 mos');
    expect(formatTerm(1)).toBe('1 mo');
  });

  it('prints the text of a currency input', () => {
    expect(formatCurrencyInputValue(250_000)).toBe('2,500');
    expect(formatCurrencyInputValue(250_050)).toBe('2,500.50');
    expect(formatCurrencyInputValue(250_050, { wholeDollars: true })).toBe('2,501');
    expect(formatCurrencyInputValue(0)).toBe('0');
  });
});

describe('roundHalfAwayFromZero', () => {
  it('rounds halves away from zero', () => {
    expect(roundHalfAwayFromZero(2.5)).toBe(3);
    expect(roundHalfAwayFromZero(-2.5)).toBe(-3);
    expect(roundHalfAwayFromZero(2.4999)).toBe(2);
  });

  it('is not fooled by binary float noise', () => {
    // 1050 × 0.07 is 73.5 on paper but 73.50000000000001 in floats; 0.145 × 100 is 14.499999999999998.
    expect(roundHalfAwayFromZero(1050 * 0.07)).toBe(74);
    expect(roundHalfAwayFromZero(0.145 * 100)).toBe(15);
  });

  it('never answers -0', () => {
    expect(Object.is(roundHalfAwayFromZero(-0.2), 0)).toBe(true);
  });
});

describe('parseCurrencyInput', () => {
  it.each([
    ['27995', 2_799_500],
    ['$27,995', 2_799_500],
    [' $ 2,500 ', 250_000],
    ['1,234.5', 123_450],
    ['1234.56', 123_456],
    ['.99', 99],
    ['5.', 500],
    ['0', 0],
    ['1.005', 101],
    ['1.004', 100],
  ])('reads %j as %i cents', (text, cents) => {
    expect(parseCurrencyInput(text)).toBe(cents);
  });

  it.each([[''], ['   '], ['$'], ['abc'], ['12abc'], ['-500'], ['1.2.3'], ['.'], [null], [undefined]])(
    'answers null for %j',
    (text) => {
      expect(parseCurrencyInput(text)).toBeNull();
    },
  );

  it('answers null past the safe integer range', () => {
    expect(parseCurrencyInput('99999999999999999999')).toBeNull();
  });
});

describe('formatUsdAmount', () => {
  it('prints whole dollars without cents and any other amount to the cent', async () => {
    const { formatUsdAmount } = await import('./money');
    expect(formatUsdAmount(250_000)).toBe('$2,500');
    expect(formatUsdAmount(224_665)).toBe('$2,246.65');
    expect(formatUsdAmount(5)).toBe('$0.05');
  });
});

// The formats are written out rather than asked of Intl (decision 065): they must print what
// Intl's en-US formats print, for every amount we handle.
describe('the same strings as Intl', () => {
  const wholeUsd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
  const usdWithCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
  const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
  const twoDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  // Amounts around every length of digit group, negatives, and a pseudo-random spread.
  const cents = [
    0, 1, 5, 99, 100, 101, 999_99, 1_000_00, 1_000_01, 12_345_67, 999_999_99, 1_000_000_00, 123_456_789_01,
  ];
  let seed = 7;
  for (let index = 0; index < 500; index += 1) {
    seed = (seed * 48_271) % 2_147_483_647;
    cents.push(seed % 10 ** (1 + (index % 11)));
  }
  const amounts = [...cents, ...cents.map((value) => -value).filter((value) => value !== 0)];

  it('prints dollars, dollars and cents, and currency input values as Intl does', () => {
    for (const amount of amounts) {
      const dollars = amount / 100;
      if (amount % 100 === 0) expect(formatUsd(amount), String(amount)).toBe(wholeUsd.format(dollars));
      expect(formatUsdWithCents(amount), String(amount)).toBe(usdWithCents.format(dollars));
      const inputValue = amount % 100 === 0 ? whole.format(dollars) : twoDecimals.format(dollars);
      expect(formatCurrencyInputValue(amount), String(amount)).toBe(inputValue);
    }
  });

  it('prints miles and rates as Intl does', () => {
    for (const amount of amounts) {
      expect(formatMiles(amount), String(amount)).toBe(`${whole.format(amount)} mi`);
      const rate = Math.abs(amount % 3_000) / 100;
      expect(formatApr(rate), String(rate)).toBe(`${twoDecimals.format(rate)}%`);
    }
  });
});
