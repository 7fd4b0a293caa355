import { describe, expect, it } from 'vitest';
import { formatOfferDate, formatReadyAt } from './flow.server';
import {
  parsePayoffDetails,
  parsePlateForm,
  parseQuestionsForm,
  parseVehicleForm,
  parseVinForm,
  vinProblem,
} from './forms';
import { PAYOFF_TEXTS, TRADE_IN_FIELD_MESSAGES as M } from './messages';

// The offer flow's and payoff's server-side form checks (seed 002 §5, §9: VIN 17 characters).

const form = (values: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
};

describe('the VIN field', () => {
  it('says what is wrong, one message at a time', () => {
    expect(vinProblem('')).toBe(M.vinRequired);
    expect(vinProblem('4T1BF1FK9MU12345')).toBe(M.vinLength);
    expect(vinProblem('4T1BF1FK9MU12345O')).toBe(M.vinCharacters);
    expect(vinProblem('4T1BF1FK8MU123456')).toBe(M.vinCheckDigit);
    expect(vinProblem('4t1 bf1fk9-mu123456')).toBeNull();
    expect(parseVinForm(form({ vin: ' 4t1bf1fk9mu123456 ' }))).toEqual({
      ok: true,
      value: { vin: '4T1BF1FK9MU123456' },
    });
  });

  it('checks the plate and its state', () => {
    expect(parsePlateForm(form({ plate: '', plateState: '' }))).toEqual({
      ok: false,
      errors: { plate: M.plateRequired, plateState: M.plateStateRequired },
    });
    expect(parsePlateForm(form({ plate: 'TOO-LONG-PLATE', plateState: 'TX' }))).toEqual({
      ok: false,
      errors: { plate: M.plateInvalid },
    });
    expect(parsePlateForm(form({ plate: 'abc 123', plateState: 'TX' }))).toEqual({
      ok: true,
      value: { plate: 'ABC123', state: 'TX' },
    });
  });
});

describe('the car and the questions', () => {
  const models = [{ model: 'Camry', trims: ['LE', 'SE'] }];
  it('needs a listed model and trim, whole miles and a condition', () => {
    expect(parseVehicleForm(form({}), models)).toEqual({
      ok: false,
      errors: {
        model: M.modelRequired,
        trim: M.trimRequired,
        mileage: M.mileageRequired,
        condition: M.conditionRequired,
      },
    });
    expect(parseVehicleForm(form({ model: 'Camry', trim: 'XSE', mileage: '12.5', condition: 'Good' }), models)).toEqual(
      {
        ok: false,
        errors: { trim: M.trimRequired, mileage: M.mileageInvalid },
      },
    );
    expect(
      parseVehicleForm(form({ model: 'Camry', trim: 'LE', mileage: '60,000', condition: 'Good' }), models),
    ).toEqual({
      ok: true,
      value: { model: 'Camry', trim: 'LE', mileage: 60_000, condition: 'Good' },
    });
  });

  it("asks the seed's questions, and the amount owed only with a loan", () => {
    const parsed = parseQuestionsForm(form({}));
    expect(parsed.ok ? null : Object.keys(parsed.errors).sort()).toEqual([
      'applyToPurchase',
      'hasLoan',
      'onTitle',
      'ownership',
      'registrationState',
    ]);
    const base = { ownership: 'Finance', onTitle: 'yes', registrationState: 'TX', applyToPurchase: 'no' };
    expect(parseQuestionsForm(form({ ...base, hasLoan: 'yes' }))).toEqual({
      ok: false,
      errors: { amountOwed: M.owedRequired },
    });
    expect(parseQuestionsForm(form({ ...base, hasLoan: 'yes', amountOwed: 'lots' }))).toEqual({
      ok: false,
      errors: { amountOwed: M.owedInvalid },
    });
    expect(parseQuestionsForm(form({ ...base, hasLoan: 'yes', amountOwed: '$5,000' }))).toEqual({
      ok: true,
      value: {
        ownership: 'Finance',
        onTitle: true,
        registrationState: 'TX',
        applyToPurchase: false,
        hasLoan: true,
        amountOwedCents: 500_000,
      },
    });
    expect(parseQuestionsForm(form({ ...base, hasLoan: 'no', amountOwed: 'ignored' }))).toMatchObject({
      ok: true,
      value: { amountOwedCents: null },
    });
  });
});

describe('the payoff details', () => {
  const vin = '4T1BF1FK9MU123456';
  it("asks for the lender's fields and checks the VIN is the trade-in's", () => {
    expect(parsePayoffDetails(form({ vin: '4T1BF1FK8MU123456' }), ['accountLast4', 'lastName'], vin)).toEqual({
      ok: false,
      errors: {
        vin: M.vinCheckDigit,
        accountLast4: PAYOFF_TEXTS.last4Invalid,
        lastName: PAYOFF_TEXTS.lastNameRequired,
      },
    });
    expect(parsePayoffDetails(form({ vin: '1M8GDM9AXKP042788', ssnLast4: '12' }), ['ssnLast4'], vin)).toEqual({
      ok: false,
      errors: { vin: PAYOFF_TEXTS.vinMismatch, ssnLast4: PAYOFF_TEXTS.last4Invalid },
    });
    expect(
      parsePayoffDetails(
        form({ vin, ssnLast4: '6789', lastName: 'Lane', accountLast4: '9999' }),
        ['lastName', 'ssnLast4'],
        vin,
      ),
    ).toEqual({
      ok: true,
      value: { vin, ssnLast4: '6789', lastName: 'Lane' },
    });
  });
});

describe("dates of offers, in the dealer's zone", () => {
  it('shows the expiry date and when a review is ready', () => {
    expect(formatOfferDate('2026-05-12T15:00:00Z', 'America/Chicago')).toBe('May 12, 2026');
    // 03:30 UTC on the 13th is still the 12th in Chicago.
    expect(formatOfferDate('2026-05-13T03:30:00Z', 'America/Chicago')).toBe('May 12, 2026');
    expect(formatReadyAt('2026-05-05T15:05:00Z', 'America/Chicago', new Date('2026-05-05T15:00:00Z'))).toBe(
      'today at 10:05 AM CT',
    );
    expect(formatReadyAt('2026-05-06T13:05:00Z', 'America/New_York', new Date('2026-05-06T03:58:00Z'))).toBe(
      'on Wednesday, May 6, 2026 at 9:05 AM ET',
    );
  });
});
