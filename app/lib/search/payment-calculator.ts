import { getTermsSetup } from '~/lib/checkout/deal-terms';
import type { VehicleCard } from '~/lib/contract/inventory';
import type { DealType } from '~/lib/contract/orders';
import { getCardPaymentBlockForQuote, type CardPaymentBlock } from '~/lib/shared/payments/card-payment-block';
import {
  DEFAULT_LEASE_ANNUAL_MILES,
  DEFAULT_LEASE_TERM_MONTHS,
  DEFAULT_TERM_MONTHS,
  FINANCE_TERMS_MONTHS,
  LEASE_ANNUAL_MILES,
  LEASE_TERMS_MONTHS,
} from '~/lib/shared/payments/constants';
import { CREDIT_TIERS, DEFAULT_ESTIMATE_TIER, type CreditTier } from '~/lib/shared/payments/credit';
import { formatApr, formatMiles, formatTerm, formatUsd, formatUsdWithCents } from '~/lib/shared/money';
import type { CalculatorInput, CalculatorOptions, CalculatorRow } from './calculator-choices';
import { clampDownPayment, getDownPaymentBounds, getInitialDownPayment } from '~/lib/shared/payments/down-payment';
import { quoteFinance, type FinanceQuote } from '~/lib/shared/payments/quote';
import { priceDeal, taxesAndFeesCents, type PricedDeal } from '~/lib/shared/pricing/deal';
import { feesForState, type PricingPlace } from '~/lib/shared/pricing/state-fees';
import { isOneOf } from '../shared/guards';

// The vehicle page's payment calculator: purchase type (finance, lease or cash, as the tenant
// sells), down payment, term, annual miles (lease) and credit tier in, the priced deal out
// (issue 12 item 3). They run on the server only: in the page's loader (the first figures, and
// the GET form without JavaScript) and in /resources/payment-estimate, which the calculator asks
// as the shopper changes a field (decision 103); they price through app/lib/shared/pricing like
// the cart, so the cart opens on the same figures. The fields' options, the result's lines and
// its notes are worded here too: the browser only shows them.

export const CREDIT_TIER_LABELS: Record<CreditTier, string> = {
  excellent: 'Excellent (740-900)',
  veryGood: 'Very good (700-739)',
  good: 'Good (668-699)',
  fair: 'Fair (640-667)',
};

/** Best first, as seed 001 §9 lists them. */
export const CALCULATOR_TIERS: readonly CreditTier[] = ['excellent', 'veryGood', 'good', 'fair'];
const CALCULATOR_ANNUAL_MILES: readonly number[] = LEASE_ANNUAL_MILES;

/** The terms offered for a purchase type (none for cash). */
function calculatorTerms(dealType: DealType): readonly number[] {
  return dealType === 'Lease' ? LEASE_TERMS_MONTHS : dealType === 'Finance' ? FINANCE_TERMS_MONTHS : [];
}

/** The options of the calculator's fields for the purchase types offered, with their labels. */
export function calculatorOptions(dealTypes: readonly DealType[]): CalculatorOptions {
  const terms: CalculatorOptions['terms'] = {};
  for (const type of dealTypes) {
    const months = calculatorTerms(type);
    if (months.length > 0) terms[type] = months.map((value) => ({ value, label: formatTerm(value) }));
  }
  return {
    terms,
    annualMiles: CALCULATOR_ANNUAL_MILES.map((value) => ({ value, label: formatMiles(value) })),
    tiers: CALCULATOR_TIERS.map((value) => ({ value, label: CREDIT_TIER_LABELS[value] })),
  };
}

/** The notes under the calculator's result. */
export const CALCULATOR_NOTES = {
  Finance:
    'An estimate for the credit tier you pick, with taxes and fees estimated. Your payment is final once a lender approves your credit application.',
  Lease:
    'A lease estimate for the credit tier you pick, with the tax in each payment and fees estimated. Your payment is final once a lender approves your credit application.',
  Cash: 'Taxes and fees are estimated until we know your Zip code.',
  /** Said instead of the estimate note once the zip is known: `Taxes and fees for Zip code 78704 (TX).` */
  place: (place: { state: string; zip: string }) => `Taxes and fees for Zip code ${place.zip} (${place.state}).`,
  noLease: 'A lease estimate is not available for this vehicle with these terms.',
} as const satisfies Record<DealType, string> & Record<string, unknown>;

export type CalculatorVehicle = Pick<VehicleCard, 'price' | 'msrp' | 'type' | 'year' | 'mileage'>;

export type CalculatorSetup = {
  /** The purchase types offered for this vehicle: the tenant's, less finance when no loan fits. */
  dealTypes: DealType[];
  /** The finance down-payment suggestions (first the minimum, last the maximum), or null. */
  optionsCents: number[] | null;
  defaults: CalculatorInput;
};

/**
 * What the calculator offers for a vehicle: the purchase types the tenant sells with, the
 * finance down payments the loan-to-value rule allows (seed 002 §4) and the defaults of seed
 * 001 §9. Null when nothing can be offered (only finance sold and the vehicle too cheap for
 * the smallest loan).
 */
export function getCalculatorSetup(
  vehicle: CalculatorVehicle,
  tenantDealTypes: readonly DealType[] = ['Finance'],
): CalculatorSetup | null {
  const optionsCents = getTermsSetup(vehicle.price * 100, 'Finance').downPaymentOptionsCents;
  const dealTypes = tenantDealTypes.filter((type) => type !== 'Finance' || optionsCents !== null);
  const dealType: DealType | undefined = dealTypes.includes('Finance') ? 'Finance' : dealTypes[0];
  if (!dealType) return null;
  return { dealTypes, optionsCents, defaults: defaultsFor(vehicle, dealType, optionsCents) };
}

function defaultsFor(vehicle: CalculatorVehicle, dealType: DealType, financeOptions: number[] | null): CalculatorInput {
  const base = { dealType, tier: DEFAULT_ESTIMATE_TIER, annualMiles: DEFAULT_LEASE_ANNUAL_MILES };
  if (dealType === 'Lease') {
    const options = getDownPaymentOptions(vehicle, { ...base, termMonths: DEFAULT_LEASE_TERM_MONTHS });
    return {
      ...base,
      termMonths: DEFAULT_LEASE_TERM_MONTHS,
      downPaymentCents: options ? getInitialDownPayment(getDownPaymentBounds(options)) : 0,
    };
  }
  return {
    ...base,
    termMonths: DEFAULT_TERM_MONTHS,
    downPaymentCents:
      dealType === 'Finance' && financeOptions ? getInitialDownPayment(getDownPaymentBounds(financeOptions)) : 0,
  };
}

/**
 * The down-payment suggestions for the chosen purchase type: the loan-to-value range for
 * finance, up to the largest cap cost reduction for a lease (it follows the term and the
 * miles), none for cash.
 */
export function getDownPaymentOptions(
  vehicle: CalculatorVehicle,
  input: Pick<CalculatorInput, 'dealType' | 'termMonths' | 'annualMiles'>,
): number[] | null {
  return getTermsSetup(vehicle.price * 100, input.dealType, {
    msrpCents: vehicle.msrp * 100,
    termMonths: input.termMonths,
    annualMiles: input.annualMiles,
  }).downPaymentOptionsCents;
}

function isTier(value: string | null): value is CreditTier {
  return isOneOf(CALCULATOR_TIERS, value);
}

/** The calculator's fields from the URL; anything missing or unusable takes its default. */
export function readCalculatorParams(
  params: URLSearchParams,
  setup: CalculatorSetup,
  vehicle: CalculatorVehicle,
): CalculatorInput {
  const requested = params.get('dealType');
  const dealType = setup.dealTypes.find((type) => type === requested) ?? setup.defaults.dealType;
  const defaults =
    dealType === setup.defaults.dealType ? setup.defaults : defaultsFor(vehicle, dealType, setup.optionsCents);
  const term = Number(params.get('term'));
  const miles = Number(params.get('annualMiles'));
  const tier = params.get('creditTier');
  const termMonths = calculatorTerms(dealType).includes(term) ? term : defaults.termMonths;
  const annualMiles = CALCULATOR_ANNUAL_MILES.includes(miles) ? miles : defaults.annualMiles;
  const options = getDownPaymentOptions(vehicle, { dealType, termMonths, annualMiles });
  const downPayment = params.get('downPayment');
  return {
    dealType,
    downPaymentCents:
      !options || downPayment === null
        ? options
          ? clampDownPayment(defaults.downPaymentCents, getDownPaymentBounds(options))
          : 0
        : clampDownPayment(downPayment, getDownPaymentBounds(options)),
    termMonths,
    annualMiles,
    tier: isTier(tier) ? tier : defaults.tier,
  };
}

export type CalculatorResult = {
  /** The priced deal, or null when there is no payment to show (finance outside the lenders' rules, a lease the residual cannot carry). */
  deal: PricedDeal | null;
  /** Finance only: the quote whose quality says why there is no payment. */
  quote: FinanceQuote | null;
  /** Finance only: the card's payment block for the quote. */
  block: CardPaymentBlock | null;
};

/**
 * The estimate for the chosen purchase type at the chosen tier, priced by priceDeal with the
 * shopper's place when their zip is known (the fee table's row for their state, as the cart
 * prices), else with the estimate row. Nothing has been checked with a lender, so a finance
 * result stays an estimate ('Est.').
 */
export function computeCalculator(
  vehicle: CalculatorVehicle,
  input: CalculatorInput,
  currentYear?: number,
  place: PricingPlace = { state: null, zip: null },
): CalculatorResult {
  const pricedVehicle = { priceCents: vehicle.price * 100, msrpCents: vehicle.msrp * 100, type: vehicle.type };
  const where = { state: place.state, zip: place.zip };
  if (input.dealType === 'Cash') {
    return { deal: priceDeal({ dealType: 'Cash', vehicle: pricedVehicle, ...where }), quote: null, block: null };
  }
  if (input.dealType === 'Lease') {
    try {
      const deal = priceDeal({
        dealType: 'Lease',
        vehicle: pricedVehicle,
        ...where,
        downPaymentCents: input.downPaymentCents,
        termMonths: input.termMonths,
        annualMiles: input.annualMiles,
        creditTier: input.tier,
      });
      return { deal, quote: null, block: null };
    } catch (error) {
      if (error instanceof RangeError) return { deal: null, quote: null, block: null };
      throw error;
    }
  }
  const fees = feesForState(place.state);
  const floor = CREDIT_TIERS.find((band) => band.tier === input.tier)?.minScore ?? null;
  const quote: FinanceQuote = {
    ...quoteFinance({
      vehicle: {
        priceCents: pricedVehicle.priceCents,
        type: vehicle.type,
        year: vehicle.year,
        mileage: vehicle.mileage,
      },
      creditScore: floor,
      downPaymentCents: input.downPaymentCents,
      termMonths: input.termMonths,
      taxRate: fees.taxRate,
      feesCents: fees.titleRegistrationCents,
      currentYear,
    }),
    kind: 'estimated',
  };
  const deal = quote.estimate
    ? priceDeal({
        dealType: 'Finance',
        vehicle: pricedVehicle,
        ...where,
        downPaymentCents: input.downPaymentCents,
        termMonths: input.termMonths,
        creditTier: input.tier,
      })
    : null;
  return { deal, quote, block: getCardPaymentBlockForQuote(quote, deal) };
}

/**
 * The payment the buy box shows for the calculator's choices (issue 31 point 2): the finance
 * block, the lease's monthly with its term and due at signing, or the cash total; null when the
 * choices give no figure. The same result as the calculator's, so the two never disagree.
 */
export type BuyBoxPayment =
  | { kind: 'finance'; block: CardPaymentBlock }
  | { kind: 'lease'; monthlyPaymentCents: number; termMonths: number; dueAtSigningCents: number }
  | { kind: 'cash'; totalCents: number };

export function getBuyBoxPayment(result: CalculatorResult): BuyBoxPayment | null {
  if (result.block) return { kind: 'finance', block: result.block };
  const { deal } = result;
  if (!deal) return null;
  if (deal.dealType === 'Lease' && deal.monthlyPaymentCents !== null && deal.termMonths !== null)
    return {
      kind: 'lease',
      monthlyPaymentCents: deal.monthlyPaymentCents,
      termMonths: deal.termMonths,
      dueAtSigningCents: deal.dueTodayCents,
    };
  return deal.dealType === 'Cash' ? { kind: 'cash', totalCents: deal.totalCents } : null;
}

/** The calculator's result for a priced deal, line by line, as the page shows it. */
function calculatorRows(deal: PricedDeal, input: CalculatorInput): CalculatorRow[] {
  const rows: CalculatorRow[] = [{ term: 'Vehicle price', value: formatUsd(deal.priceCents) }];
  if (deal.dealType === 'Lease') {
    rows.push(
      { term: 'Fees at signing (est.)', value: formatUsd(deal.feesCents) },
      { term: 'Cap cost reduction', value: formatUsd(deal.downPaymentCents) },
      { term: 'Annual miles', value: formatMiles(deal.lease?.annualMiles ?? input.annualMiles) },
    );
  } else {
    rows.push({ term: 'Taxes and fees (est.)', value: formatUsd(taxesAndFeesCents(deal)) });
  }
  if (deal.dealType === 'Finance') {
    rows.push(
      { term: 'Down payment', value: formatUsd(deal.downPaymentCents) },
      { term: 'Amount financed', value: formatUsd(deal.amountFinancedCents ?? 0), testId: 'calculator-financed' },
      { term: 'APR', value: formatApr(deal.aprPercent ?? 0) },
    );
  }
  if (deal.termMonths !== null && deal.monthlyPaymentCents !== null) {
    rows.push(
      { term: 'Term', value: formatTerm(deal.termMonths) },
      {
        term: 'Monthly payment',
        value: `${formatUsdWithCents(deal.monthlyPaymentCents)}/mo`,
        testId: 'calculator-monthly',
      },
    );
  } else {
    rows.push({ term: 'Total', value: formatUsdWithCents(deal.totalCents), testId: 'calculator-total' });
  }
  rows.push({
    term: deal.dealType === 'Lease' ? 'Due at signing' : 'Due today',
    value: formatUsdWithCents(deal.dueTodayCents),
    testId: 'calculator-due-today',
  });
  return rows;
}

/**
 * The calculator's answer for a set of choices (the loader's first one and each of
 * /resources/payment-estimate): the choices as the server read them (a purchase type's own
 * term, a down payment kept inside its range), the down-payment suggestions for them, the
 * result's lines and notes, the finance payment block and what the buy box says.
 */
export type CalculatorEstimate = {
  input: CalculatorInput;
  optionsCents: number[] | null;
  /** The priced deal's lines; none when the choices give no figure. */
  rows: CalculatorRow[];
  /** Why there are no lines for a lease the residual cannot carry, else null. */
  unavailable: string | null;
  /** How far the figures are estimates; null for cash once the zip says it all. */
  note: string | null;
  /** Whose taxes and fees these are, once the shopper's zip is known. */
  placeNote: string | null;
  block: CardPaymentBlock | null;
  buyBoxPayment: BuyBoxPayment | null;
};

export function estimateCalculator(
  vehicle: CalculatorVehicle,
  input: CalculatorInput,
  currentYear: number,
  place: PricingPlace,
): CalculatorEstimate {
  const result = computeCalculator(vehicle, input, currentYear, place);
  const { deal } = result;
  const known = place.state && place.zip ? { state: place.state, zip: place.zip } : null;
  return {
    input,
    optionsCents: getDownPaymentOptions(vehicle, input),
    rows: deal ? calculatorRows(deal, input) : [],
    unavailable: input.dealType === 'Lease' && !deal ? CALCULATOR_NOTES.noLease : null,
    // Cash's note is only about the zip: once it is known, the zip's note says it all.
    note: known && input.dealType === 'Cash' ? null : CALCULATOR_NOTES[input.dealType],
    placeNote: known ? CALCULATOR_NOTES.place(known) : null,
    block: result.block,
    buyBoxPayment: getBuyBoxPayment(result),
  };
}
