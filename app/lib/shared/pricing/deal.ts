import {
  DEFAULT_DOWN_PAYMENT_CENTS,
  DEFAULT_LEASE_ACQUISITION_FEE_CENTS,
  DEFAULT_LEASE_ANNUAL_MILES,
  DEFAULT_LEASE_TERM_MONTHS,
  DEFAULT_TERM_MONTHS,
  type VehicleType,
} from '~/lib/shared/payments/constants';
import {
  DEFAULT_APR_TABLE,
  DEFAULT_ESTIMATE_TIER,
  getApr,
  type AprTable,
  type CreditTier,
} from '~/lib/shared/payments/credit';
import { getMonthlyPaymentCents, getTaxCents } from '~/lib/shared/payments/finance';
import { estimateLease } from '~/lib/shared/payments/lease';
import { feesForState, isStateCode } from './state-fees';
import type { DealChangeReason } from './deal-change-reasons';

export type { DealChangeReason } from './deal-change-reasons';

// One priced deal (issue 12): every figure a shopper sees from the vehicle page to the signed
// contract comes out of `priceDeal`, in integer cents, in the browser and on the server alike.
// The order stores the result (orders.deal) and the tracker, the receipt and the contract read
// that snapshot instead of pricing again. The arithmetic underneath (amortisation, lease) stays
// in app/lib/shared/payments; this module decides what is taxed, financed, capitalised and due.

export type DealType = 'Cash' | 'Finance' | 'Lease';

export type TradeInInput = {
  /** The dealer's offer for the trade-in. */
  offerCents: number;
  /** What the shopper still owes on it (paid off by the dealer). */
  payoffCents: number;
  /** The shopper's state deducts the trade-in allowance before tax (and the offer says so). */
  taxCreditAllowed: boolean;
};

export type DealInput = {
  dealType: DealType;
  vehicle: {
    /** The selling price, after incentives. */
    priceCents: number;
    msrpCents?: number;
    incentivesCents?: number;
    type: VehicleType;
  };
  /** Two-letter state of the shopper (from their zip); null: the estimate table row. */
  state?: string | null;
  zip?: string | null;
  /** The dealer's own fees (documentation), on top of title and registration. */
  dealerFeesCents?: number;
  protectionCents?: number;
  tradeIn?: TradeInInput | null;
  downPaymentCents?: number;
  termMonths?: number;
  annualMiles?: number | null;
  /** The lender's APR once approved; otherwise the tier's rate. */
  aprPercent?: number | null;
  creditTier?: CreditTier;
  aprTable?: AprTable;
};

export type PricedLease = {
  annualMiles: number;
  moneyFactor: number;
  residualCents: number;
  adjustedCapCostCents: number;
  capCostReductionCents: number;
  securityDepositCents: number;
  firstPaymentCents: number;
  monthlyTaxCents: number;
  acquisitionFeeCents: number;
};

/** The priced deal: stored on the order as it was accepted, read by everything after. */
export type PricedDeal = {
  version: 1;
  dealType: DealType;
  state: string | null;
  zip: string | null;
  priceCents: number;
  msrpCents: number;
  incentivesCents: number;
  /** Tax rate applied, a fraction. */
  taxRate: number;
  /** Sales tax (finance, cash), or the tax in all the monthly payments of a lease. */
  taxesCents: number;
  titleRegistrationCents: number;
  dealerFeesCents: number;
  /** Title, registration and dealer fees. */
  feesCents: number;
  protectionCents: number;
  tradeIn: (TradeInInput & { equityCents: number }) | null;
  downPaymentCents: number;
  termMonths: number | null;
  aprPercent: number | null;
  monthlyPaymentCents: number | null;
  /** Finance: the amount financed; lease: the adjusted capitalised cost; cash: null. */
  amountFinancedCents: number | null;
  /** Price + taxes + fees + protection − trade-in equity (what a cash buyer pays). */
  totalCents: number;
  /** Collected at placement: the down payment, the lease's due at signing, or a cash total. */
  dueTodayCents: number;
  lease: PricedLease | null;
};

function tradeInOf(input: TradeInInput | null | undefined) {
  if (!input) return null;
  return { ...input, equityCents: input.offerCents - input.payoffCents };
}

/** Prices a cash, finance or lease deal. Throws a RangeError for a lease the residual cannot carry. */
export function priceDeal(input: DealInput): PricedDeal {
  const { dealType, vehicle } = input;
  const state = isStateCode(input.state) ? input.state : null;
  const fees = feesForState(state);
  const tradeIn = tradeInOf(input.tradeIn);
  const equityCents = tradeIn?.equityCents ?? 0;
  const protectionCents = input.protectionCents ?? 0;
  const dealerFeesCents = input.dealerFeesCents ?? 0;
  const feesCents = fees.titleRegistrationCents + dealerFeesCents;
  const taxableCents =
    tradeIn && tradeIn.taxCreditAllowed && fees.tradeInCredit
      ? Math.max(0, vehicle.priceCents - tradeIn.offerCents)
      : vehicle.priceCents;
  const base = {
    version: 1 as const,
    dealType,
    state,
    zip: input.zip ?? null,
    priceCents: vehicle.priceCents,
    msrpCents: vehicle.msrpCents ?? 0,
    incentivesCents: vehicle.incentivesCents ?? 0,
    taxRate: fees.taxRate,
    titleRegistrationCents: fees.titleRegistrationCents,
    dealerFeesCents,
    feesCents,
    protectionCents,
    tradeIn,
  };
  const aprPercent =
    input.aprPercent ??
    getApr(input.creditTier ?? DEFAULT_ESTIMATE_TIER, vehicle.type, input.aprTable ?? DEFAULT_APR_TABLE);

  if (dealType === 'Cash') {
    const taxesCents = getTaxCents(taxableCents, fees.taxRate);
    const totalCents = Math.max(0, vehicle.priceCents + taxesCents + feesCents + protectionCents - equityCents);
    return {
      ...base,
      taxesCents,
      downPaymentCents: 0,
      termMonths: null,
      aprPercent: null,
      monthlyPaymentCents: null,
      amountFinancedCents: null,
      totalCents,
      dueTodayCents: totalCents,
      lease: null,
    };
  }

  const downPaymentCents = input.downPaymentCents ?? DEFAULT_DOWN_PAYMENT_CENTS;
  if (dealType === 'Finance') {
    const termMonths = input.termMonths ?? DEFAULT_TERM_MONTHS;
    const taxesCents = getTaxCents(taxableCents, fees.taxRate);
    const totalCents = vehicle.priceCents + taxesCents + feesCents + protectionCents - equityCents;
    const amountFinancedCents = Math.max(0, totalCents - downPaymentCents);
    return {
      ...base,
      taxesCents,
      downPaymentCents,
      termMonths,
      aprPercent,
      monthlyPaymentCents: getMonthlyPaymentCents(amountFinancedCents, aprPercent, termMonths),
      amountFinancedCents,
      totalCents,
      dueTodayCents: downPaymentCents,
      lease: null,
    };
  }

  // Lease: protection, the acquisition fee and any negative equity are capitalised; the cash
  // down payment and positive equity reduce the cap cost; title, registration and dealer fees
  // are paid at signing; the state's tax is charged on each monthly payment.
  const termMonths = input.termMonths ?? DEFAULT_LEASE_TERM_MONTHS;
  const annualMiles = input.annualMiles ?? DEFAULT_LEASE_ANNUAL_MILES;
  const lease = estimateLease({
    priceCents: vehicle.priceCents,
    msrpCents: vehicle.msrpCents && vehicle.msrpCents > 0 ? vehicle.msrpCents : vehicle.priceCents,
    aprPercent,
    termMonths,
    annualMiles,
    capCostReductionCents: downPaymentCents + Math.max(0, equityCents),
    capitalizedFeesCents: DEFAULT_LEASE_ACQUISITION_FEE_CENTS + protectionCents + Math.max(0, -equityCents),
    upfrontFeesCents: feesCents,
    taxRate: fees.taxRate,
  });
  const dueTodayCents = lease.firstPaymentCents + downPaymentCents + lease.securityDepositCents + feesCents;
  return {
    ...base,
    taxesCents: lease.monthlyTaxCents * termMonths,
    downPaymentCents,
    termMonths,
    aprPercent,
    monthlyPaymentCents: lease.monthlyPaymentCents,
    amountFinancedCents: lease.adjustedCapCostCents,
    totalCents: vehicle.priceCents + feesCents + protectionCents - equityCents,
    dueTodayCents,
    lease: {
      annualMiles,
      moneyFactor: lease.moneyFactor,
      residualCents: lease.residualCents,
      adjustedCapCostCents: lease.adjustedCapCostCents,
      capCostReductionCents: lease.capCostReductionCents,
      securityDepositCents: lease.securityDepositCents,
      firstPaymentCents: lease.firstPaymentCents,
      monthlyTaxCents: lease.monthlyTaxCents,
      acquisitionFeeCents: DEFAULT_LEASE_ACQUISITION_FEE_CENTS,
    },
  };
}

/** Taxes and all fees together, as an order summary prints them ("Tax, title and registration"). */
export function taxesAndFeesCents(deal: Pick<PricedDeal, 'dealType' | 'taxesCents' | 'feesCents'>): number {
  // A lease's taxes are inside its monthly payment; only the fees are paid with the deal.
  return deal.dealType === 'Lease' ? deal.feesCents : deal.taxesCents + deal.feesCents;
}

export type DealChange = {
  figure: 'monthlyPaymentCents' | 'dueTodayCents' | 'taxesCents' | 'aprPercent' | 'totalCents';
  previous: number;
  current: number;
  reasons: DealChangeReason[];
};

/**
 * The figures that moved between a deal the shopper saw and the deal as priced now, each with
 * why: a zip (state) change moves the taxes, a plan added moves the protection, a lender's APR
 * differs from the estimate, the price changed, the terms were changed by the shopper.
 */
export function diffDeals(previous: PricedDeal, current: PricedDeal): DealChange[] {
  const reasons: DealChangeReason[] = [];
  if (previous.state !== current.state || previous.zip !== current.zip) reasons.push('zip');
  if (previous.protectionCents !== current.protectionCents) reasons.push('protection');
  if (previous.aprPercent !== current.aprPercent && previous.dealType === current.dealType) reasons.push('lenderApr');
  if (previous.priceCents !== current.priceCents) reasons.push('price');
  if ((previous.tradeIn?.equityCents ?? 0) !== (current.tradeIn?.equityCents ?? 0)) reasons.push('tradeIn');
  if (
    previous.dealType !== current.dealType ||
    previous.downPaymentCents !== current.downPaymentCents ||
    previous.termMonths !== current.termMonths ||
    previous.lease?.annualMiles !== current.lease?.annualMiles
  ) {
    reasons.push('terms');
  }
  const changes: DealChange[] = [];
  const figures = ['monthlyPaymentCents', 'dueTodayCents', 'taxesCents', 'aprPercent', 'totalCents'] as const;
  for (const figure of figures) {
    const before = previous[figure];
    const after = current[figure];
    if (before !== null && after !== null && before !== after)
      changes.push({ figure, previous: before, current: after, reasons });
  }
  return changes;
}
