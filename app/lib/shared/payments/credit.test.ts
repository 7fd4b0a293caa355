import { describe, expect, it } from 'vitest';
import { DEFAULT_APR_TABLE, getApr, getCreditTier, type AprTable } from './credit';

describe('getCreditTier', () => {
  it.each([
    [639, null],
    [640, 'fair'],
    [667, 'fair'],
    [668, 'good'],
    [699, 'good'],
    [700, 'veryGood'],
    [739, 'veryGood'],
    [740, 'excellent'],
    [900, 'excellent'],
  ] as const)('puts %i in %s', (score, tier) => {
    expect(getCreditTier(score)).toBe(tier);
  });

  it('does not qualify a score below 640', () => {
    expect(getCreditTier(300)).toBeNull();
    expect(getCreditTier(0)).toBeNull();
  });

  it('rejects what is not a score', () => {
    expect(getCreditTier(901)).toBeNull();
    expect(getCreditTier(Number.NaN)).toBeNull();
    expect(getCreditTier(Number.POSITIVE_INFINITY)).toBeNull();
  });

  it('keeps fractional scores between the integer bands', () => {
    expect(getCreditTier(739.5)).toBe('veryGood');
    expect(getCreditTier(639.9)).toBeNull();
  });
});

describe('getApr', () => {
  it('reads the table by tier and vehicle type', () => {
    expect(getApr('excellent', 'NEW')).toBe(5.49);
    expect(getApr('fair', 'USED')).toBe(15.99);
  });

  it('charges more for worse credit and older vehicles', () => {
    const tiers = ['excellent', 'veryGood', 'good', 'fair'] as const;
    for (const type of ['NEW', 'CPO', 'USED'] as const) {
      const rates = tiers.map((tier) => DEFAULT_APR_TABLE[tier][type]);
      expect(rates).toEqual([...rates].sort((a, b) => a - b));
    }
    for (const tier of tiers) {
      const { NEW, CPO, USED } = DEFAULT_APR_TABLE[tier];
      expect(NEW).toBeLessThan(CPO);
      expect(CPO).toBeLessThan(USED);
    }
  });

  it('takes a tenant table', () => {
    const flat = { NEW: 3, CPO: 3, USED: 3 };
    const table: AprTable = { excellent: flat, veryGood: flat, good: flat, fair: { ...flat, USED: 9 } };
    expect(getApr('fair', 'USED', table)).toBe(9);
  });
});
