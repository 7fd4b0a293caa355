import { getTermsSetup } from '~/lib/checkout/deal-terms';
import type { VehicleCard } from '~/lib/contract/inventory';
import type { DealType } from '~/lib/contract/orders';
import { getCardPaymentBlockForQuote, type CardPaymentBlock } from '~/lib/shared/payments/card-payment-block';
import {
  DEFAULT_LEASE_ANNUAL_MILES,
  DEFAULT_LEASE_TERM_MONTHS,
  DEFAULT_TERM_MONTHS,
} from '~/lib/shared/payments/constants';
import { CREDIT_TIERS, DEFAULT_ESTIMATE_TIER, type CreditTier } from '~/lib/shared/payments/credit';
import { CALCULATOR_ANNUAL_MILES, CALCULATOR_TIERS, calculatorTerms, type CalculatorInput } from './calculator-choices';
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
// the cart, so the cart opens on the same figures.

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

/** What the calculator shows of the priced deal: its figures, worked out here. */
type CalculatorFigures = {
  dealType: DealType;
  priceCents: number;
  feesCents: number;
  downPaymentCents: number;
  annualMiles: number;
  taxesAndFeesCents: number;
  amountFinancedCents: number;
  aprPercent: number;
  termMonths: number | null;
  monthlyPaymentCents: number | null;
  totalCents: number;
  dueTodayCents: number;
};

/**
 * The calculator's answer for a set of choices (the loader's first one and each of
 * /resources/payment-estimate): the choices as the server read them (a purchase type's own
 * term, a down payment kept inside its range), the down-payment suggestions for them, the
 * figures, the finance payment block and what the buy box says.
 */
export type CalculatorEstimate = {
  input: CalculatorInput;
  optionsCents: number[] | null;
  figures: CalculatorFigures | null;
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
  return {
    input,
    optionsCents: getDownPaymentOptions(vehicle, input),
    block: result.block,
    buyBoxPayment: getBuyBoxPayment(result),
    figures: deal
      ? {
          dealType: deal.dealType,
          priceCents: deal.priceCents,
          feesCents: deal.feesCents,
          downPaymentCents: deal.downPaymentCents,
          annualMiles: deal.lease?.annualMiles ?? input.annualMiles,
          taxesAndFeesCents: taxesAndFeesCents(deal),
          amountFinancedCents: deal.amountFinancedCents ?? 0,
          aprPercent: deal.aprPercent ?? 0,
          termMonths: deal.termMonths,
          monthlyPaymentCents: deal.monthlyPaymentCents,
          totalCents: deal.totalCents,
          dueTodayCents: deal.dueTodayCents,
        }
      : null,
  };
}
