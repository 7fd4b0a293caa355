import { describe, expect, it } from 'vitest';
import { entriesOf, isOneOf, isRecord, keysOf } from './guards';

describe('isOneOf', () => {
  const sizes = ['small', 'large'] as const;

  it('accepts a member of the list and refuses anything else', () => {
    expect(isOneOf(sizes, 'small')).toBe(true);
    expect(isOneOf(sizes, 'Small')).toBe(false);
    expect(isOneOf(sizes, undefined)).toBe(false);
    expect(isOneOf([36, 48] as const, 48)).toBe(true);
    expect(isOneOf([36, 48] as const, '48')).toBe(false);
  });
});

describe('isRecord', () => {
  it('accepts plain objects only', () => {
    expect(isRecord({ code: 'E' })).toBe(true);
    expect(isRecord(null)).toBe(false);
    expect(isRecord([1])).toBe(false);
    expect(isRecord('text')).toBe(false);
  });
});

describe('keysOf and entriesOf', () => {
  it('list a table in its declared order', () => {
    const labels = { sedan: 'Sedan', suv: 'SUV' } as const;
    expect(keysOf(labels)).toEqual(['sedan', 'suv']);
    expect(entriesOf(labels)).toEqual([
      ['sedan', 'Sedan'],
      ['suv', 'SUV'],
    ]);
  });
});
