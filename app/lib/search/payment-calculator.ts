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
import { clampDownPayment, getDownPaymentBounds, getInitialDownPayment } from '~/lib/shared/payments/down-payment';
import { quoteFinance, type FinanceQuote } from '~/lib/shared/payments/quote';
import { priceDeal, type PricedDeal } from '~/lib/shared/pricing/deal';
import { feesForState, type PricingPlace } from '~/lib/shared/pricing/state-fees';
import { isOneOf } from '../shared/guards';

// The vehicle page's payment calculator: purchase type (finance, lease or cash, as the tenant
// sells), down payment, term, annual miles (lease) and credit tier in, the priced deal out
// (issue 12 item 3). The same functions run in the loader (the GET form without JavaScript)
// and in the browser (live as the shopper changes a field), so both show the same figures, and
// they price through app/lib/shared/pricing like the cart, so the cart opens on the same figures.

export type CalculatorVehicle = Pick<VehicleCard, 'price' | 'msrp' | 'type' | 'year' | 'mileage'>;

export const CREDIT_TIER_LABELS: Record<CreditTier, string> = {
  excellent: 'Excellent (740-900)',
  veryGood: 'Very good (700-739)',
  good: 'Good (668-699)',
  fair: 'Fair (640-667)',
};

export const CALCULATOR_TERMS: readonly number[] = FINANCE_TERMS_MONTHS;
export const CALCULATOR_LEASE_TERMS: readonly number[] = LEASE_TERMS_MONTHS;
export const CALCULATOR_ANNUAL_MILES: readonly number[] = LEASE_ANNUAL_MILES;
export const CALCULATOR_TIERS: readonly CreditTier[] = CREDIT_TIERS.map((band) => band.tier);

export type CalculatorInput = {
  dealType: DealType;
  downPaymentCents: number;
  termMonths: number;
  /** Lease only; the default elsewhere. */
  annualMiles: number;
  tier: CreditTier;
};

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

/** The terms offered for a purchase type (none for cash). */
export function calculatorTerms(dealType: DealType): readonly number[] {
  return dealType === 'Lease' ? CALCULATOR_LEASE_TERMS : dealType === 'Finance' ? CALCULATOR_TERMS : [];
}

/**
 * Another purchase type picked: the term and down payment that type starts with, keeping the
 * tier and the miles. (A finance term is not a lease term, and a lease caps the down payment.)
 */
export function switchCalculatorDealType(
  vehicle: CalculatorVehicle,
  setup: CalculatorSetup,
  current: CalculatorInput,
  dealType: DealType,
): CalculatorInput {
  const fresh = defaultsFor(vehicle, dealType, setup.optionsCents);
  return { ...fresh, tier: current.tier, annualMiles: current.annualMiles };
}

/**
 * The choices the calculator's form holds when they differ from its state: the calculator hydrates
 * only when it nears the screen or is touched (decision 047), and a purchase type, term, annual
 * miles or credit tier picked before that is in the DOM alone. A purchase type other than the
 * state's is taken as its radio's change would (the other fields then still show the old type's
 * choices); else each select that holds another usable value. The same object when nothing differs.
 */
export function adoptCalculatorChoices(
  vehicle: CalculatorVehicle,
  setup: CalculatorSetup,
  current: CalculatorInput,
  form: { get(name: string): FormDataEntryValue | null },
): CalculatorInput {
  const requested = form.get('dealType');
  const dealType = setup.dealTypes.find((type) => type === requested);
  if (dealType && dealType !== current.dealType) return switchCalculatorDealType(vehicle, setup, current, dealType);
  const term = Number(form.get('term'));
  const miles = Number(form.get('annualMiles'));
  const tier = form.get('creditTier');
  const next: CalculatorInput = {
    ...current,
    termMonths: calculatorTerms(current.dealType).includes(term) ? term : current.termMonths,
    annualMiles: current.dealType === 'Lease' && CALCULATOR_ANNUAL_MILES.includes(miles) ? miles : current.annualMiles,
    tier: typeof tier === 'string' && isTier(tier) ? tier : current.tier,
  };
  const same =
    next.termMonths === current.termMonths && next.annualMiles === current.annualMiles && next.tier === current.tier;
  return same ? current : next;
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

/** Whether two sets of calculator choices are the same. */
export function sameCalculatorInput(a: CalculatorInput, b: CalculatorInput): boolean {
  return (
    a.dealType === b.dealType &&
    a.downPaymentCents === b.downPaymentCents &&
    a.termMonths === b.termMonths &&
    a.annualMiles === b.annualMiles &&
    a.tier === b.tier
  );
}
