import { describe, expect, it } from 'vitest';
import { DOWN_PAYMENT_HELPER_TEXT } from '~/lib/shared/payments/down-payment';
import { CREDIT_TIERS } from '~/lib/shared/payments/credit';
import { formatUsdWithCents } from '~/lib/shared/money';
import { calculatorFields, sameCalculatorInput } from './calculator-choices';
import {
  CALCULATOR_TIERS,
  calculatorOptions,
  computeCalculator,
  estimateCalculator,
  getBuyBoxPayment,
  getCalculatorSetup,
  getDownPaymentOptions,
  readCalculatorParams,
} from './payment-calculator';

const civic = { price: 19_495, msrp: 0, type: 'CPO' as const, year: 2024, mileage: 23_639 };
// A new vehicle with an MSRP, for the lease (its residual is a share of the MSRP).
const camry = { price: 30_000, msrp: 32_000, type: 'NEW' as const, year: 2026, mileage: 12 };
const ALL = ['Cash', 'Finance', 'Lease'] as const;

describe('the payment calculator', () => {
  it('offers the tenant’s purchase types, the down payments the loan-to-value rule allows, $2,500 and 48 months by default', () => {
    const setup = getCalculatorSetup(civic, [...ALL])!;
    expect(setup.dealTypes).toEqual(['Cash', 'Finance', 'Lease']);
    // Up to what keeps $5,000 financed: $19,495 + $1,364.65 + $500 - $5,000, rounded down to the dollar.
    expect(setup.optionsCents).toEqual([0, 100_000, 250_000, 500_000, 750_000, 1_000_000, 1_500_000, 1_635_900]);
    expect(setup.defaults).toEqual({
      dealType: 'Finance',
      downPaymentCents: 250_000,
      termMonths: 48,
      annualMiles: 12_000,
      tier: 'veryGood',
    });
  });

  it('leaves finance out on a vehicle too cheap to finance, and offers nothing when finance is all the tenant sells', () => {
    const cheap = { price: 2_450, msrp: 0, type: 'USED' as const, year: 1988, mileage: 262_840 };
    expect(getCalculatorSetup(cheap, ['Finance'])).toBeNull();
    expect(getCalculatorSetup(cheap, [...ALL])?.dealTypes).toEqual(['Cash', 'Lease']);
    expect(getCalculatorSetup(cheap, [...ALL])?.defaults.dealType).toBe('Cash');
  });

  it('offers the seed’s credit tiers, best first', () => {
    expect(CALCULATOR_TIERS).toEqual(CREDIT_TIERS.map((band) => band.tier));
  });

  it('answers the calculator’s question with the choices as read, the suggestions and the figures (decision 103)', () => {
    const setup = getCalculatorSetup(camry, [...ALL])!;
    const input = { ...setup.defaults, termMonths: 60, downPaymentCents: 400_000 };
    // The question the browser asks is read back as the same choices.
    const params = new URLSearchParams(calculatorFields(input));
    expect(readCalculatorParams(params, setup, camry)).toEqual(input);
    const answer = estimateCalculator(camry, input, 2026, { state: null, zip: null });
    const { deal, block } = computeCalculator(camry, input, 2026);
    expect(answer.input).toBe(input);
    expect(answer.optionsCents).toEqual(getDownPaymentOptions(camry, input));
    expect(answer.block).toEqual(block);
    // The result's lines, worded by the server: the browser only shows them.
    expect(answer.rows).toEqual([
      { term: 'Vehicle price', value: '$30,000' },
      // $30,000 × 7 % and $500.
      { term: 'Taxes and fees (est.)', value: '$2,600' },
      { term: 'Down payment', value: '$4,000' },
      { term: 'Amount financed', value: '$28,600', testId: 'calculator-financed' },
      { term: 'APR', value: '6.49%' },
      { term: 'Term', value: '60 mos' },
      {
        term: 'Monthly payment',
        value: `${formatUsdWithCents(deal!.monthlyPaymentCents!)}/mo`,
        testId: 'calculator-monthly',
      },
      { term: 'Due today', value: formatUsdWithCents(deal!.dueTodayCents), testId: 'calculator-due-today' },
    ]);
    // No zip yet: the estimate's note, and no place.
    expect(answer.note).toBe(
      'An estimate for the credit tier you pick, with taxes and fees estimated. Your payment is final once a lender approves your credit application.',
    );
    expect(answer.placeNote).toBeNull();
    expect(answer.buyBoxPayment).toEqual(getBuyBoxPayment({ deal, quote: null, block }));
  });

  it('says whose taxes and fees once the zip is known, cash then saying nothing more (issue 31 point 2)', () => {
    const setup = getCalculatorSetup(camry, [...ALL])!;
    const cash = estimateCalculator(camry, { ...setup.defaults, dealType: 'Cash' }, 2026, {
      state: 'TX',
      zip: '78704',
    });
    expect(cash.note).toBeNull();
    expect(cash.placeNote).toBe('Taxes and fees for Zip code 78704 (TX).');
    expect(cash.rows.at(-1)).toEqual({
      term: 'Due today',
      value: cash.rows.find((row) => row.term === 'Total')?.value,
      testId: 'calculator-due-today',
    });
    const lease = estimateCalculator(camry, { ...setup.defaults, dealType: 'Lease', termMonths: 36 }, 2026, {
      state: 'TX',
      zip: '78704',
    });
    expect(lease.note).toMatch(/^A lease estimate for the credit tier you pick/);
    expect(lease.unavailable).toBeNull();
  });

  it('offers the terms of each purchase type that has terms, the lease’s miles and the tiers, labelled', () => {
    const options = calculatorOptions(['Cash', 'Finance', 'Lease']);
    expect(options.terms.Cash).toBeUndefined();
    expect(options.terms.Finance?.map((term) => term.label)).toEqual([
      '24 mos',
      '36 mos',
      '48 mos',
      '60 mos',
      '72 mos',
      '84 mos',
    ]);
    expect(options.terms.Lease?.map((term) => term.value)).toEqual([24, 36, 48]);
    expect(options.annualMiles.map((miles) => miles.label)).toEqual(['10,000 mi', '12,000 mi', '15,000 mi']);
    expect(options.tiers[0]).toEqual({ value: 'excellent', label: 'Excellent (740-900)' });
  });

  it('reads its fields from the URL, clamping the down payment and ignoring what is not offered', () => {
    const setup = getCalculatorSetup(civic, [...ALL])!;
    const read = (query: string) => readCalculatorParams(new URLSearchParams(query), setup, civic);
    expect(read('')).toEqual(setup.defaults);
    expect(read('downPayment=5%2C000&term=60&creditTier=excellent')).toMatchObject({
      dealType: 'Finance',
      downPaymentCents: 500_000,
      termMonths: 60,
      tier: 'excellent',
    });
    expect(read('downPayment=999999&term=61&creditTier=platinum')).toMatchObject({
      downPaymentCents: 1_635_900,
      termMonths: 48,
      tier: 'veryGood',
    });
    expect(read('downPayment=abc').downPaymentCents).toBe(0);
    // A finance term is not a lease term: the lease's 36 months; a purchase type the tenant does not sell: the default.
    expect(read('dealType=Lease&term=72&annualMiles=15000')).toMatchObject({
      dealType: 'Lease',
      termMonths: 36,
      annualMiles: 15_000,
    });
    const financeOnly = getCalculatorSetup(civic, ['Finance'])!;
    expect(readCalculatorParams(new URLSearchParams('dealType=Lease'), financeOnly, civic).dealType).toBe('Finance');
    expect(read('dealType=Cash&downPayment=5000')).toMatchObject({ dealType: 'Cash', downPaymentCents: 0 });
  });

  it('caps a lease down payment at the largest cap cost reduction, which follows the term and miles', () => {
    // 36 months at 12,000 miles keep 56% of $32,000 = $17,920; $30,000 + the $695 acquisition
    // fee - $17,920 = $12,775 can be put down at most.
    expect(getDownPaymentOptions(camry, { dealType: 'Lease', termMonths: 36, annualMiles: 12_000 })?.at(-1)).toBe(
      1_277_500,
    );
    // 24 months keep 64%: $30,695 - $20,480 = $10,215.
    expect(getDownPaymentOptions(camry, { dealType: 'Lease', termMonths: 24, annualMiles: 12_000 })?.at(-1)).toBe(
      1_021_500,
    );
    expect(getDownPaymentOptions(camry, { dealType: 'Cash', termMonths: 48, annualMiles: 12_000 })).toBeNull();
    expect(DOWN_PAYMENT_HELPER_TEXT.lease('$12,775')).toBe(
      'Lowers your capitalized cost. Maximum for this lease: $12,775',
    );
  });

  it('switches purchase type to that type’s own term and down payment, keeping the tier', () => {
    const setup = getCalculatorSetup(camry, [...ALL])!;
    const finance = { ...setup.defaults, termMonths: 72, tier: 'excellent' as const };
    // The calculator asks for another purchase type without its term and down payment.
    const switchTo = (dealType: 'Lease' | 'Cash') =>
      readCalculatorParams(new URLSearchParams(calculatorFields({ ...finance, dealType }, true)), setup, camry);
    expect(switchTo('Lease')).toEqual({
      dealType: 'Lease',
      downPaymentCents: 250_000,
      termMonths: 36,
      annualMiles: 12_000,
      tier: 'excellent',
    });
    expect(switchTo('Cash')).toMatchObject({
      dealType: 'Cash',
      downPaymentCents: 0,
    });
  });

  it('computes the finance estimate at the tier picked, still an estimate', () => {
    const { deal, quote, block } = computeCalculator(
      civic,
      { dealType: 'Finance', downPaymentCents: 500_000, termMonths: 60, annualMiles: 12_000, tier: 'excellent' },
      2026,
    );
    // $16,359.65 at 6.49% over 60 months.
    expect(quote?.estimate).toMatchObject({
      financedCents: 1_635_965,
      aprPercent: 6.49,
      termMonths: 60,
      monthlyPaymentCents: 32_002,
    });
    // The priced deal says the same: it is what the cart prints.
    expect(deal).toMatchObject({
      amountFinancedCents: 1_635_965,
      aprPercent: 6.49,
      monthlyPaymentCents: 32_002,
      dueTodayCents: 500_000,
    });
    expect(block).toMatchObject({ kind: 'estimated', label: 'Est.' });
  });

  it('computes a lease: monthly payment with tax and due at signing', () => {
    const { deal, block } = computeCalculator(camry, {
      dealType: 'Lease',
      downPaymentCents: 250_000,
      termMonths: 36,
      annualMiles: 12_000,
      tier: 'excellent',
    });
    // Adjusted cap cost $30,000 + $695 - $2,500 = $28,195; residual $17,920.
    // Depreciation ($28,195 - $17,920) / 36 = $285.42; rent ($28,195 + $17,920) x 5.49/2400 = $105.49;
    // tax 7% of $390.91 = $27.36; monthly $418.27. Due at signing $418.27 + $2,500 + $500 fees = $3,418.27.
    expect(deal).toMatchObject({
      dealType: 'Lease',
      monthlyPaymentCents: 41_827,
      dueTodayCents: 341_827,
      amountFinancedCents: 2_819_500,
      lease: { residualCents: 1_792_000, moneyFactor: 0.0022875, monthlyTaxCents: 2_736 },
    });
    expect(block).toBeNull();
  });

  it('computes cash: the price, tax and fees, all due today', () => {
    const { deal } = computeCalculator(civic, {
      dealType: 'Cash',
      downPaymentCents: 0,
      termMonths: 48,
      annualMiles: 12_000,
      tier: 'veryGood',
    });
    // $19,495 + 7% tax $1,364.65 + $500 title and registration.
    expect(deal).toMatchObject({ totalCents: 2_135_965, dueTodayCents: 2_135_965, monthlyPaymentCents: null });
  });
});

// Issue 31 point 2: with the shopper's zip known, the page prices taxes and fees by its state (as
// the cart does), and the buy box says what the calculator's choices price, not the 48-month default.
describe('the vehicle page at the shopper’s zip', () => {
  const austin = { state: 'TX', zip: '78704' };

  it('taxes and fees follow the state of the zip instead of the 7 % and $500 estimate', () => {
    const setup = getCalculatorSetup(civic, [...ALL])!;
    const estimate = computeCalculator(civic, setup.defaults).deal!;
    const texas = computeCalculator(civic, setup.defaults, undefined, austin).deal!;
    // $19,495 × 7 % = $1,364.65 and $500; Texas: × 6.25 % = $1,218.44 and $153.
    expect(estimate).toMatchObject({ taxesCents: 136_465, feesCents: 50_000, state: null });
    expect(texas).toMatchObject({ taxesCents: 121_844, feesCents: 15_300, state: 'TX', zip: '78704' });
    // The finance block prints the priced deal's monthly.
    const block = computeCalculator(civic, setup.defaults, undefined, austin).block!;
    expect(block.kind === 'estimated' && block.terms.monthlyPaymentCents).toBe(texas.monthlyPaymentCents);
  });

  it('gives the buy box the chosen term, the lease, or the cash total', () => {
    const setup = getCalculatorSetup(camry, [...ALL])!;
    const sixty = getBuyBoxPayment(computeCalculator(camry, { ...setup.defaults, termMonths: 60 }, undefined, austin));
    expect(sixty?.kind === 'finance' && sixty.block.kind === 'estimated' && sixty.block.terms.termMonths).toBe(60);
    const leaseInput = readCalculatorParams(new URLSearchParams('dealType=Lease'), setup, camry);
    const lease = computeCalculator(camry, leaseInput, undefined, austin).deal!;
    expect(getBuyBoxPayment(computeCalculator(camry, leaseInput, undefined, austin))).toEqual({
      kind: 'lease',
      monthlyPaymentCents: lease.monthlyPaymentCents,
      termMonths: 36,
      dueAtSigningCents: lease.dueTodayCents,
    });
    const cash = computeCalculator(camry, { ...setup.defaults, dealType: 'Cash' }, undefined, austin).deal!;
    expect(
      getBuyBoxPayment(computeCalculator(camry, { ...setup.defaults, dealType: 'Cash' }, undefined, austin)),
    ).toEqual({ kind: 'cash', totalCents: cash.totalCents });
    expect(sameCalculatorInput(leaseInput, { ...leaseInput })).toBe(true);
    expect(sameCalculatorInput(leaseInput, setup.defaults)).toBe(false);
  });
});
