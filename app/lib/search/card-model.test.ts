import { describe, expect, it } from 'vitest';
import { getCardPayment, getPriceNote, similarVehiclesHref, vehicleName } from './card-model';

describe('the card price note (seed 001 §2)', () => {
  it('shows incentives on a new vehicle as -$N Incentives', () => {
    expect(getPriceNote({ type: 'NEW', msrp: 22_665, incentivesTotal: 750 })).toEqual({ kind: 'incentives', text: '-$750 Incentives' });
  });

  it('shows the MSRP of a new vehicle without incentives, unless it is zero', () => {
    expect(getPriceNote({ type: 'NEW', msrp: 92_635, incentivesTotal: 0 })).toEqual({ kind: 'msrp', text: 'MSRP $92,635' });
    expect(getPriceNote({ type: 'NEW', msrp: 0, incentivesTotal: 0 })).toBeNull();
  });

  it('shows neither on certified and used vehicles', () => {
    expect(getPriceNote({ type: 'CPO', msrp: 23_485, incentivesTotal: 500 })).toBeNull();
    expect(getPriceNote({ type: 'USED', msrp: 23_485, incentivesTotal: 0 })).toBeNull();
  });
});

describe('the card payment (seed 001 §4, §9)', () => {
  it('is an estimate, Est., at $2,500 down over 48 months for a shopper without a score', () => {
    // $19,495 + 7% tax ($1,364.65) + $500 fees - $2,500 = $18,859.65 at 7.49% (very good, CPO) over 48 months.
    expect(getCardPayment({ price: 19_495, type: 'CPO', year: 2024, mileage: 23_639 }, 2026)).toEqual({
      kind: 'estimated',
      label: 'Est.',
      terms: { monthlyPaymentCents: 45_592, aprPercent: 7.49, termMonths: 48, downPaymentCents: 250_000 },
    });
  });

  it('asks for a lower down payment when too little would be financed', () => {
    expect(getCardPayment({ price: 5_895, type: 'USED', year: 2014, mileage: 72_740 }, 2026)).toMatchObject({
      kind: 'noPayment',
      variant: 'adjust',
      direction: 'lower',
    });
  });

  it('is not qualified for a vehicle lenders do not finance', () => {
    expect(getCardPayment({ price: 2_450, type: 'USED', year: 1988, mileage: 262_840 }, 2026)).toEqual({ kind: 'noPayment', variant: 'notQualified' });
  });
});

describe('names and links', () => {
  it('names the vehicle as the card anchor does, and points sold cards at similar vehicles', () => {
    expect(vehicleName({ year: 2024, make: 'Honda', model: 'Civic' })).toBe('2024 Honda Civic');
    expect(similarVehiclesHref('2HGXR4ELXRH000063')).toBe('/vehicles/2HGXR4ELXRH000063#similar-vehicles');
  });
});
