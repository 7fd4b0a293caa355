import { describe, expect, it } from 'vitest';
import { SandboxAppraiser, currentModelYear } from '#server/trade-in/appraiser';
import {
  CONDITION_FACTOR,
  makeForWmi,
  mileageFactor,
  modelsForVin,
  offerCents,
  regionFactor,
} from '#server/trade-in/valuation';
import { buildVin } from '#server/db/seed-data/vin';

// The sandbox appraiser's valuation model (decision 014), checked against figures worked out by hand.

const camry = {
  year: 2021,
  make: 'Toyota',
  model: 'Camry',
  trim: 'LE',
  mileage: 60_000,
  condition: 'Good' as const,
  state: 'TX',
};

describe('the valuation model', () => {
  it('values a 5-year-old Camry LE with average miles in good condition in Texas at $12,150', () => {
    // Sticker $29,450 (middle of $29,000-$29,900) × 1.025^-5 = $26,029.51; retail × 0.82 × 0.885^4
    // × 1.1 (retention) = $14,402.76; × 0.94 (good) × 1.02 (TX) × 0.88 = $12,152.24 → $12,150.
    expect(offerCents(camry, 2026)).toBe(1_215_000);
  });

  it('takes off for miles above 12,000 a year, excellent condition in the snow belt', () => {
    // 90,000 miles against 60,000 expected: factor 1 - 0.18 × 0.5 = 0.91; × 1.0 × 0.97 × 0.88 → $11,175.
    expect(mileageFactor(90_000, 5)).toBeCloseTo(0.91, 5);
    expect(offerCents({ ...camry, mileage: 90_000, condition: 'Excellent', state: 'OH' }, 2026)).toBe(1_117_500);
  });

  it('is deterministic, falls with age, miles and condition, and clamps the mileage factor', () => {
    expect(offerCents(camry, 2026)).toBe(offerCents(camry, 2026));
    expect(offerCents({ ...camry, year: 2018 }, 2026)!).toBeLessThan(offerCents(camry, 2026)!);
    expect(offerCents({ ...camry, mileage: 100_000 }, 2026)!).toBeLessThan(offerCents(camry, 2026)!);
    const byCondition = (['Excellent', 'Good', 'Fair', 'Rough'] as const).map((condition) =>
      offerCents({ ...camry, condition }, 2026)!,
    );
    expect([...byCondition].sort((a, b) => b - a)).toEqual(byCondition);
    expect(mileageFactor(0, 5)).toBe(1.12);
    expect(mileageFactor(1_000_000, 5)).toBe(0.75);
    expect(CONDITION_FACTOR.Rough).toBe(0.7);
    expect(regionFactor('MN')).toBe(0.97);
    expect(regionFactor('AZ')).toBe(1.02);
    expect(regionFactor('KS')).toBe(1);
  });

  it('knows nothing of cars outside the catalogue', () => {
    expect(offerCents({ ...camry, model: 'Model Q' }, 2026)).toBeNull();
    expect(offerCents({ ...camry, trim: 'Platinum Ultra' }, 2026)).toBeNull();
  });

  it('decodes the make from the manufacturer code and lists the models sharing it', () => {
    expect(makeForWmi('4T1')).toBe('Toyota');
    expect(makeForWmi('ZZZ')).toBeNull();
    expect(modelsForVin('5TD', 'Toyota', 2021).map((entry) => entry.model)).toEqual(['Highlander', 'Sienna']);
    expect(modelsForVin('4T1', 'Toyota', 2021)[0]).toMatchObject({ model: 'Camry', trims: ['LE', 'SE', 'XLE', 'XSE'] });
  });
});

describe('the sandbox appraiser', () => {
  const now = new Date('2026-05-05T15:00:00Z'); // Tuesday 11:00 ET
  const appraiser = new SandboxAppraiser();
  const vin = buildVin({ wmi: '4T1', descriptor: 'BF1FK', year: 2021, plant: 'U', serial: 123456 });
  const base = {
    vin,
    year: 2021,
    make: 'Toyota',
    model: 'Camry',
    trim: 'LE',
    mileage: 60_000,
    condition: 'Good' as const,
    ownership: 'Owned' as const,
    onTitle: true,
    registrationState: 'TX',
    applyToPurchase: true,
    hasLoan: false,
    amountOwedCents: null,
  };

  it('answers each outcome from the answers', async () => {
    expect(currentModelYear(now)).toBe(2026);
    expect(await appraiser.appraise(base, now)).toEqual({
      outcome: 'instant',
      offerCents: 1_215_000,
      reasons: [],
      readyAt: null,
    });
    expect(await appraiser.appraise({ ...base, onTitle: false }, now)).toMatchObject({
      outcome: 'denied',
      offerCents: null,
      reasons: ['notOnTitle'],
    });
    expect(await appraiser.appraise({ ...base, mileage: 200_001 }, now)).toMatchObject({
      outcome: 'ineligible',
      reasons: ['tooManyMiles'],
    });
    expect(await appraiser.appraise({ ...base, year: 2005 }, now)).toMatchObject({
      outcome: 'ineligible',
      reasons: ['tooOld'],
    });
    expect(await appraiser.appraise({ ...base, model: 'Cressida' }, now)).toMatchObject({
      outcome: 'ineligible',
      reasons: ['unknownVehicle'],
    });
    const review = await appraiser.appraise({ ...base, condition: 'Rough' }, now);
    expect(review).toMatchObject({ outcome: 'review', reasons: ['condition'] });
    expect(review.readyAt?.toISOString()).toBe('2026-05-05T15:05:00.000Z');
    expect(await appraiser.appraise({ ...base, mileage: 160_000 }, now)).toMatchObject({
      outcome: 'review',
      reasons: ['highMileage'],
    });
  });
});
