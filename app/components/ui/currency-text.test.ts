import { describe, expect, it } from 'vitest';
import { CAPPED_CURRENCY_LIMIT_CENTS, getCurrencyTextOnBlur, normalizeCurrencyText } from './currency-text';

describe('normalizeCurrencyText', () => {
  it('adds thousands separators as digits arrive, keeping the caret after the last one typed', () => {
    expect(normalizeCurrencyText('2500', 4)).toEqual({ text: '2,500', caret: 5 });
    expect(normalizeCurrencyText('1234567', 7)).toEqual({ text: '1,234,567', caret: 9 });
  });

  it('keeps the caret beside the digit typed in the middle', () => {
    // '2,000' with the caret after the 2; typing 5 gives '25,000' with the caret after the 5.
    expect(normalizeCurrencyText('25,000', 2)).toEqual({ text: '25,000', caret: 2 });
    // '2,000' with the caret after the separator; typing 5 gives '2,5000' → '25,000', caret still after the 5.
    expect(normalizeCurrencyText('2,5000', 3)).toEqual({ text: '25,000', caret: 2 });
  });

  it('keeps the caret beside a deletion', () => {
    // '12,345' with the caret after the 3; Backspace leaves '12,45' with the caret at 3 → '1,245', caret after the 2.
    expect(normalizeCurrencyText('12,45', 3)).toEqual({ text: '1,245', caret: 3 });
  });

  it('drops what is not a digit or a decimal point', () => {
    expect(normalizeCurrencyText('$2,500')).toEqual({ text: '2,500', caret: 5 });
    expect(normalizeCurrencyText('1a2b3')).toEqual({ text: '123', caret: 3 });
    expect(normalizeCurrencyText('-50')).toEqual({ text: '50', caret: 2 });
    expect(normalizeCurrencyText('abc')).toEqual({ text: '', caret: 0 });
    expect(normalizeCurrencyText('')).toEqual({ text: '', caret: 0 });
  });

  it('drops leading zeros but keeps a lone zero', () => {
    expect(normalizeCurrencyText('007', 3)).toEqual({ text: '7', caret: 1 });
    expect(normalizeCurrencyText('05', 1)).toEqual({ text: '5', caret: 0 });
    expect(normalizeCurrencyText('0')).toEqual({ text: '0', caret: 1 });
    expect(normalizeCurrencyText('000')).toEqual({ text: '0', caret: 1 });
  });

  it('allows two decimals, and gives a bare point its zero', () => {
    expect(normalizeCurrencyText('1234.567')).toEqual({ text: '1,234.56', caret: 8 });
    expect(normalizeCurrencyText('1234.')).toEqual({ text: '1,234.', caret: 6 });
    expect(normalizeCurrencyText('.5')).toEqual({ text: '0.5', caret: 3 });
    expect(normalizeCurrencyText('.', 1)).toEqual({ text: '0.', caret: 2 });
    expect(normalizeCurrencyText('1.2.3')).toEqual({ text: '1.23', caret: 4 });
  });

  it('has no decimals in the whole-dollar variant', () => {
    expect(normalizeCurrencyText('2500.75', 7, { wholeDollars: true })).toEqual({ text: '2,500', caret: 5 });
    expect(normalizeCurrencyText('2500.', 5, { wholeDollars: true })).toEqual({ text: '2,500', caret: 5 });
  });

  it('stops at the maximum', () => {
    expect(normalizeCurrencyText('17000', 5, { wholeDollars: true, maxCents: 1_690_000 })).toEqual({
      text: '16,900',
      caret: 6,
    });
    expect(normalizeCurrencyText('16900', 5, { wholeDollars: true, maxCents: 1_690_000 })).toEqual({
      text: '16,900',
      caret: 6,
    });
    expect(normalizeCurrencyText('1000.01', 7, { maxCents: 100_000 })).toEqual({ text: '1,000', caret: 5 });
  });

  it('stops the capped variant at $999,999', () => {
    expect(CAPPED_CURRENCY_LIMIT_CENTS).toBe(99_999_900);
    expect(normalizeCurrencyText('1000000', 7, { maxCents: CAPPED_CURRENCY_LIMIT_CENTS })).toEqual({
      text: '999,999',
      caret: 7,
    });
    expect(normalizeCurrencyText('999999', 6, { maxCents: CAPPED_CURRENCY_LIMIT_CENTS })).toEqual({
      text: '999,999',
      caret: 7,
    });
  });
});

describe('getCurrencyTextOnBlur', () => {
  it('turns an empty field into the default, 0 unless given', () => {
    expect(getCurrencyTextOnBlur('')).toBe('0');
    expect(getCurrencyTextOnBlur('', { defaultCents: 250_000 })).toBe('2,500');
  });

  it('settles a dangling point or a single decimal', () => {
    expect(getCurrencyTextOnBlur('2,500.')).toBe('2,500');
    expect(getCurrencyTextOnBlur('1.5')).toBe('1.50');
    expect(getCurrencyTextOnBlur('1.5', { wholeDollars: true })).toBe('2');
  });

  it('caps at the maximum', () => {
    expect(getCurrencyTextOnBlur('5,000', { maxCents: 100_000 })).toBe('1,000');
  });
});
