import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom/server';
import { describe, expect, it } from 'vitest';
import { PAYMENT_TEXTS, PaymentBlock } from '~/components/vehicles/payment-block';
import type { VehicleCard } from '~/lib/contract/inventory';
import { toPublicTenant } from '~/lib/shared/tenant/schema';
import { getTenants } from '~/lib/shared/tenant/tenants.server';
import { priceDeal } from '~/lib/shared/pricing/deal';
import { getCardPayment, getPriceNote, similarVehiclesHref, toCardModel, vehicleName } from './card-model';
import { computeCalculator, getCalculatorSetup } from './payment-calculator';

/** No zip given yet: the fee table's estimate row. */
const NOWHERE = { state: null, zip: null };

describe('the card price note (seed 001 §2)', () => {
  it('shows incentives on a new vehicle as -$N Incentives', () => {
    expect(getPriceNote({ type: 'NEW', msrp: 22_665, incentivesTotal: 750 })).toEqual({
      kind: 'incentives',
      text: '-$750 Incentives',
    });
  });

  it('shows the MSRP of a new vehicle without incentives, unless it is zero', () => {
    expect(getPriceNote({ type: 'NEW', msrp: 92_635, incentivesTotal: 0 })).toEqual({
      kind: 'msrp',
      text: 'MSRP $92,635',
    });
    expect(getPriceNote({ type: 'NEW', msrp: 0, incentivesTotal: 0 })).toBeNull();
  });

  it('shows neither on certified and used vehicles', () => {
    expect(getPriceNote({ type: 'CPO', msrp: 23_485, incentivesTotal: 500 })).toBeNull();
    expect(getPriceNote({ type: 'USED', msrp: 23_485, incentivesTotal: 0 })).toBeNull();
  });
});

describe('the card payment (seed 001 §4, §9)', () => {
  it('is the priced deal of app/lib/shared/pricing, the figures the calculator and the cart print (issue 12 item 1)', () => {
    const card = { price: 19_495, msrp: 0, type: 'CPO' as const, year: 2024, mileage: 23_639 };
    const block = getCardPayment(card, 2026, null, NOWHERE);
    const deal = priceDeal({ dealType: 'Finance', vehicle: { priceCents: 1_949_500, type: 'CPO' } });
    const calculator = computeCalculator(card, getCalculatorSetup(card, ['Finance'])!.defaults, 2026).deal!;
    if (block.kind !== 'estimated') throw new Error('expected an estimate');
    expect(block.terms.monthlyPaymentCents).toBe(deal.monthlyPaymentCents);
    expect(block.terms.monthlyPaymentCents).toBe(calculator.monthlyPaymentCents);
    expect(block.terms.downPaymentCents).toBe(deal.dueTodayCents);
  });

  it('is an estimate, Est., at $2,500 down over 48 months for a shopper without a score', () => {
    // $19,495 + 7% tax ($1,364.65) + $500 fees - $2,500 = $18,859.65 at 7.49% (very good, CPO) over 48 months.
    expect(getCardPayment({ price: 19_495, type: 'CPO', year: 2024, mileage: 23_639 }, 2026, null, NOWHERE)).toEqual({
      kind: 'estimated',
      label: 'Est.',
      terms: { monthlyPaymentCents: 45_592, aprPercent: 7.49, termMonths: 48, downPaymentCents: 250_000 },
    });
  });

  it("prices at the shopper's zip as the vehicle page and the cart do, not at 7% and $500 (issue 31, decision 105)", () => {
    const card = { price: 19_495, msrp: 0, type: 'CPO' as const, year: 2024, mileage: 23_639 };
    const austin = { state: 'TX', zip: '78704' };
    // Texas: 6.25% of $19,495 = $1,218.44 tax and $153 title and registration; $2,500 down (seed
    // 001 §9): $18,366.44 financed at 7.49% (very good, CPO) over 48 months is $443.99 a month.
    const block = getCardPayment(card, 2026, null, austin);
    expect(block).toEqual({
      kind: 'estimated',
      label: 'Est.',
      terms: { monthlyPaymentCents: 44_399, aprPercent: 7.49, termMonths: 48, downPaymentCents: 250_000 },
    });
    // The vehicle page's calculator at its defaults at the same zip (the cart: tests/unit/one-price-at-zip.test.ts).
    const calculator = computeCalculator(card, getCalculatorSetup(card, ['Finance'])!.defaults, 2026, austin);
    expect(calculator.block).toEqual(block);
    // Without a zip the card keeps the estimate row: $455.92.
    expect(getCardPayment(card, 2026, null, NOWHERE)).toMatchObject({ terms: { monthlyPaymentCents: 45_592 } });
  });

  it('asks for a lower down payment when too little would be financed', () => {
    expect(
      getCardPayment({ price: 5_895, type: 'USED', year: 2014, mileage: 72_740 }, 2026, null, NOWHERE),
    ).toMatchObject({
      kind: 'noPayment',
      variant: 'adjust',
      direction: 'lower',
    });
  });

  it('is not qualified for a vehicle lenders do not finance', () => {
    expect(getCardPayment({ price: 2_450, type: 'USED', year: 1988, mileage: 262_840 }, 2026, null, NOWHERE)).toEqual({
      kind: 'noPayment',
      variant: 'notQualified',
    });
  });
});

describe("the personalised card payment (issue 3: the shopper's soft pull, seed 001 §1, §4)", () => {
  const civic = { price: 19_495, type: 'CPO', year: 2024, mileage: 23_639 } as const;
  const tenant = toPublicTenant(getTenants().byId.get('default')!);

  /** The block as the card draws it, as text: what the shopper reads. */
  function cardText(score: number | null): string {
    const block = getCardPayment(civic, 2026, score, NOWHERE);
    const html = renderToStaticMarkup(
      createElement(
        StaticRouter,
        { location: '/search' },
        createElement(PaymentBlock, { block, tenant, vehicleName: '2024 Honda Civic' }),
      ),
    );
    return html
      .replace(/<!-- -->/g, '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ');
  }

  it("is the shopper's own monthly payment at their tier, with APR and term, and no 'Est.'", () => {
    // Score 780 is excellent: 6.49% on a CPO vehicle. $18,859.65 financed over 48 months.
    expect(getCardPayment(civic, 2026, 780, NOWHERE)).toEqual({
      kind: 'personalized',
      terms: { monthlyPaymentCents: 44_717, aprPercent: 6.49, termMonths: 48, downPaymentCents: 250_000 },
    });
    const text = cardText(780);
    expect(text).toContain('$447 /mo');
    expect(text).toContain('6.49% APR · 48 mos · $2,500 down');
    expect(text).not.toContain(PAYMENT_TEXTS.estimated);
    // The same card for a shopper without a score is the estimate at the default tier.
    expect(cardText(null)).toContain('Est. $456 /mo');
  });

  it('takes the tier of the score: 640 is the lowest qualifying score (fair)', () => {
    expect(getCardPayment(civic, 2026, 640, NOWHERE)).toMatchObject({
      kind: 'personalized',
      terms: { aprPercent: 13.49, termMonths: 48 },
    });
    expect(getCardPayment(civic, 2026, 720, NOWHERE)).toMatchObject({
      kind: 'personalized',
      terms: { aprPercent: 7.49 },
    });
  });

  it('is not qualified below the minimum qualifying score, with the dealer to call', () => {
    expect(getCardPayment(civic, 2026, 639, NOWHERE)).toEqual({ kind: 'noPayment', variant: 'notQualified' });
    expect(getCardPayment(civic, 2026, 600, NOWHERE)).toEqual({ kind: 'noPayment', variant: 'notQualified' });
    const text = cardText(600);
    expect(text).toContain(PAYMENT_TEXTS.noPayment);
    expect(text).toContain(PAYMENT_TEXTS.notQualified);
    expect(text).toContain('Call (512) 555 - 0142');
    expect(text).not.toContain('/mo');
  });

  it('keeps the vehicle limits: a vehicle lenders do not finance has no payment whatever the score', () => {
    expect(getCardPayment({ price: 2_450, type: 'USED', year: 1988, mileage: 262_840 }, 2026, 820, NOWHERE)).toEqual({
      kind: 'noPayment',
      variant: 'notQualified',
    });
  });

  it('builds the card model with the score', () => {
    const card = { vin: '2HGXR4ELXRH000063', make: 'Honda', model: 'Civic', ...civic } as unknown as VehicleCard;
    expect(toCardModel(card, 2026, 780, NOWHERE).payment.kind).toBe('personalized');
    expect(toCardModel(card, 2026, null, NOWHERE).payment.kind).toBe('estimated');
  });
});

describe('names and links', () => {
  it('names the vehicle as the card anchor does, and points sold cards at similar vehicles', () => {
    expect(vehicleName({ year: 2024, make: 'Honda', model: 'Civic' })).toBe('2024 Honda Civic');
    expect(similarVehiclesHref('2HGXR4ELXRH000063')).toBe('/vehicles/2HGXR4ELXRH000063#similar-vehicles');
  });
});
