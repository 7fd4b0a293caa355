import { describe, expect, it } from 'vitest';
import {
  DOWN_PAYMENT_DEBOUNCE_MS,
  buildDownPaymentOptions,
  clampDownPayment,
  describeDownPaymentAdjustment,
  getDownPaymentBounds,
  getDownPaymentHelperText,
  getDownPaymentTextOnBlur,
  getInitialDownPayment,
  parseDownPaymentField,
} from './down-payment';

const options = [100_000, 250_000, 500_000, 1_000_000, 1_690_000];
const bounds = { minCents: 100_000, maxCents: 1_690_000 };

describe('getDownPaymentBounds', () => {
  it('takes the first option as the minimum and the last as the maximum', () => {
    expect(getDownPaymentBounds(options)).toEqual(bounds);
    expect(getDownPaymentBounds([250_000])).toEqual({ minCents: 250_000, maxCents: 250_000 });
  });

  it('refuses an empty or backwards list', () => {
    expect(() => getDownPaymentBounds([])).toThrow(RangeError);
    expect(() => getDownPaymentBounds([500_000, 100_000])).toThrow(RangeError);
  });
});

describe('clampDownPayment', () => {
  it.each([
    ['an empty value', ''],
    ['blank text', '   '],
    ['no value', null],
    ['an absent value', undefined],
    ['non-numeric text', 'lots'],
    ['half-numeric text', '12abc'],
    ['a negative amount', '-500'],
    ['NaN', Number.NaN],
  ])('turns %s into the minimum', (_label, value) => {
    expect(clampDownPayment(value, bounds)).toBe(100_000);
  });

  it('raises an amount below the minimum to the minimum', () => {
    expect(clampDownPayment('500', bounds)).toBe(100_000);
    expect(clampDownPayment(99_900, bounds)).toBe(100_000);
  });

  it('lowers an amount above the maximum to the maximum', () => {
    expect(clampDownPayment('$99,999', bounds)).toBe(1_690_000);
    expect(clampDownPayment(1_690_100, bounds)).toBe(1_690_000);
  });

  it('keeps an amount inside the range, in whole dollars', () => {
    expect(clampDownPayment('$3,250', bounds)).toBe(325_000);
    expect(clampDownPayment('3250', bounds)).toBe(325_000);
    expect(clampDownPayment('3,250.49', bounds)).toBe(325_000);
    expect(clampDownPayment('3,250.50', bounds)).toBe(325_100);
    expect(clampDownPayment('1000', bounds)).toBe(100_000);
    expect(clampDownPayment('16900', bounds)).toBe(1_690_000);
  });
});

describe('parseDownPaymentField', () => {
  it('clamps the posted field as the input would', () => {
    const form = new FormData();
    form.set('downPayment', '2,500');
    expect(parseDownPaymentField(form.get('downPayment'), bounds)).toBe(250_000);
    form.set('downPayment', '100000');
    expect(parseDownPaymentField(form.get('downPayment'), bounds)).toBe(1_690_000);
  });

  it('treats a missing field or a file as empty', () => {
    const form = new FormData();
    expect(parseDownPaymentField(form.get('downPayment'), bounds)).toBe(100_000);
    form.set('downPayment', new File(['2500'], 'amount.txt'));
    expect(parseDownPaymentField(form.get('downPayment'), bounds)).toBe(100_000);
  });
});

describe('getDownPaymentTextOnBlur', () => {
  it('resets an empty input to the minimum', () => {
    expect(getDownPaymentTextOnBlur('', bounds)).toBe('1,000');
    expect(getDownPaymentTextOnBlur('  ', bounds)).toBe('1,000');
  });

  it('settles other text on the amount it stands for', () => {
    expect(getDownPaymentTextOnBlur('3250', bounds)).toBe('3,250');
    expect(getDownPaymentTextOnBlur('50', bounds)).toBe('1,000');
    expect(getDownPaymentTextOnBlur('99,999', bounds)).toBe('16,900');
  });
});

describe('getInitialDownPayment', () => {
  it('starts at $2,500 when the range allows it', () => {
    expect(getInitialDownPayment(bounds)).toBe(250_000);
  });

  it('pulls the default inside the range', () => {
    expect(getInitialDownPayment({ minCents: 290_000, maxCents: 2_290_000 })).toBe(290_000);
    expect(getInitialDownPayment({ minCents: 0, maxCents: 100_000 })).toBe(100_000);
    expect(getInitialDownPayment(bounds, 500_000)).toBe(500_000);
  });
});

describe('getDownPaymentHelperText', () => {
  it('shows the maximum allowed', () => {
    expect(getDownPaymentHelperText(bounds)).toBe('Maximum down payment: $16,900');
    expect(getDownPaymentHelperText(bounds, 'finance')).toBe('Maximum down payment: $16,900');
  });

  it('has its own wording for a lease', () => {
    expect(getDownPaymentHelperText(bounds, 'lease')).toBe(
      'Lowers your capitalized cost. Maximum for this lease: $16,900',
    );
  });
});

describe('buildDownPaymentOptions', () => {
  it('lists the minimum, the round amounts inside, and the maximum', () => {
    expect(buildDownPaymentOptions(bounds)).toEqual([
      100_000, 250_000, 500_000, 750_000, 1_000_000, 1_500_000, 1_690_000,
    ]);
    expect(getDownPaymentBounds(buildDownPaymentOptions(bounds))).toEqual(bounds);
  });

  it('lists a single amount once', () => {
    expect(buildDownPaymentOptions({ minCents: 290_000, maxCents: 290_000 })).toEqual([290_000]);
  });

  it('takes other presets', () => {
    expect(buildDownPaymentOptions({ minCents: 0, maxCents: 300_000 }, [200_000, 100_000, 100_000])).toEqual([
      0, 100_000, 200_000, 300_000,
    ]);
  });
});

it('debounces listeners by 1000 ms (seed 000 §9)', () => {
  expect(DOWN_PAYMENT_DEBOUNCE_MS).toBe(1000);
});

describe('a down payment is never changed silently (issue 18)', () => {
  const bounds = { minCents: 100_000, maxCents: 1_690_000 };

  it('reads 2,500.75 as dollars and cents and says it became whole dollars', () => {
    expect(clampDownPayment('2,500.75', bounds)).toBe(250_100);
    expect(describeDownPaymentAdjustment('2,500.75', bounds)).toBe(
      'Down payments are in whole dollars, so $2,500.75 became $2,501.',
    );
  });

  it('says why an amount above the maximum or below the minimum was moved', () => {
    expect(describeDownPaymentAdjustment('20,000', bounds)).toBe(
      '$20,000 is more than this loan allows, so we used the maximum of $16,900.',
    );
    expect(describeDownPaymentAdjustment('20,000', bounds, 'lease')).toContain('more than this lease allows');
    expect(describeDownPaymentAdjustment('500', bounds)).toBe(
      '$500 is less than the minimum down payment, so we used $1,000.',
    );
    expect(describeDownPaymentAdjustment('abc', bounds)).toBe(
      'We could not read “abc” as an amount, so we used the minimum of $1,000.',
    );
  });

  it('says nothing when the amount is used as typed, or the field was left empty', () => {
    expect(describeDownPaymentAdjustment('2,500', bounds)).toBeNull();
    expect(describeDownPaymentAdjustment('$16,900', bounds)).toBeNull();
    expect(describeDownPaymentAdjustment('', bounds)).toBeNull();
  });
});
