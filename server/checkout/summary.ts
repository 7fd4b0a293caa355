import type { OrderSummary, SummaryChange } from '../../app/lib/contract/checkout';
import type { DealType } from '../../app/lib/contract/orders';
import { formatUsd } from '../../app/lib/shared/money';
import { getAdjustSuggestionText, getCardPaymentBlock } from '../../app/lib/shared/payments/card-payment-block';
import {
  DEFAULT_FEES_CENTS,
  DEFAULT_LEASE_ACQUISITION_FEE_CENTS,
  DEFAULT_TAX_RATE,
  MIN_FINANCED_CENTS,
  type VehicleType,
} from '../../app/lib/shared/payments/constants';
import {
  DEFAULT_APR_TABLE,
  DEFAULT_ESTIMATE_TIER,
  getApr,
  type CreditTier,
} from '../../app/lib/shared/payments/credit';
import { getCashPriceCents, getTaxCents } from '../../app/lib/shared/payments/finance';
import { getMaxCapCostReductionCents } from '../../app/lib/shared/payments/lease';
import { checkLoanToValue, getFinancedRange } from '../../app/lib/shared/payments/loan-to-value';
import {
  diffDeals,
  priceDeal,
  taxesAndFeesCents,
  type DealChange,
  type PricedDeal,
  type TradeInInput,
} from '../../app/lib/shared/pricing/deal';
import { feesForState } from '../../app/lib/shared/pricing/state-fees';

// The order summary of each purchase type (seed 002 §2-3) and the down-payment and
// loan-to-value problems of seed 002 §4-5, all computed with app/lib/shared/payments so the cart, the
// vehicle page and the tracker print the same numbers. Protection is paid with the deal: added
// to the amount financed, capitalised on a lease, part of the total for cash.

export type SummaryVehicle = {
  priceCents: number;
  msrpCents: number;
  type: VehicleType;
  mileage: number;
  year: number;
};
export type SummaryDeal = {
  dealType: DealType;
  downPaymentCents: number;
  termMonths: number;
  annualMiles: number | null;
  protectionCents: number;
  /** The lender's APR once approved; before that the estimate tier's. */
  aprPercent?: number | null;
  /** The tier the estimate is priced at (the vehicle page calculator's); absent: DEFAULT_ESTIMATE_TIER. */
  creditTier?: CreditTier | null;
  tradeInEquityCents?: number;
  /** The shopper's state and zip (Order Details); absent: the estimate row of the fee table. */
  state?: string | null;
  zip?: string | null;
  tradeIn?: TradeInInput | null;
};
export type DealProblem = {
  code: 'downPaymentTooHigh' | 'financedBelowMinimum' | 'tradeInEquityTooHigh' | 'loanToValue';
  message: string;
};

/** Seed 002 §5 "Down payment must not exceed the maximum", with the maximum the input shows. */
export function downPaymentTooHighMessage(maxCents: number): string {
  return `Down payment must not exceed the maximum of ${formatUsd(maxCents)}.`;
}
/** Seed 002 §5: "Financed amount below the minimum: decrease the down payment or remove the trade-in". */
export function financedBelowMinimumMessage(minCents: number = MIN_FINANCED_CENTS): string {
  return `The amount financed is below the minimum of ${formatUsd(minCents)}. Decrease your down payment or remove your trade-in.`;
}
/** Seed 002 §5: "Trade-in equity that exceeds the financed amount: lower the down payment or remove the trade-in". */
export const TRADE_IN_EQUITY_MESSAGE =
  'Your trade-in equity exceeds the amount financed. Lower your down payment or remove your trade-in.';

export function estimateApr(vehicle: Pick<SummaryVehicle, 'type'>, tier?: CreditTier | null): number {
  return getApr(tier ?? DEFAULT_ESTIMATE_TIER, vehicle.type, DEFAULT_APR_TABLE);
}

function taxes(vehicle: SummaryVehicle, deal?: Pick<SummaryDeal, 'state'>): number {
  return getTaxCents(vehicle.priceCents, deal?.state ? feesForState(deal.state).taxRate : DEFAULT_TAX_RATE);
}

function fees(deal: Pick<SummaryDeal, 'state'>): number {
  return deal.state ? feesForState(deal.state).titleRegistrationCents : DEFAULT_FEES_CENTS;
}

function tradeInOf(deal: SummaryDeal): TradeInInput | null {
  if (deal.tradeIn) return deal.tradeIn;
  const equity = deal.tradeInEquityCents ?? 0;
  return equity
    ? { offerCents: Math.max(0, equity), payoffCents: Math.max(0, -equity), taxCreditAllowed: false }
    : null;
}

/** The deal priced by app/lib/shared/pricing: what the summary shows and the order stores. Null for a lease the residual cannot carry. */
export function priceSummaryDeal(vehicle: SummaryVehicle, deal: SummaryDeal): PricedDeal | null {
  try {
    return priceDeal({
      dealType: deal.dealType,
      vehicle: { priceCents: vehicle.priceCents, msrpCents: msrp(vehicle), type: vehicle.type },
      state: deal.state ?? null,
      zip: deal.zip ?? null,
      protectionCents: deal.protectionCents,
      tradeIn: tradeInOf(deal),
      downPaymentCents: deal.downPaymentCents,
      termMonths: deal.termMonths,
      annualMiles: deal.annualMiles,
      aprPercent: deal.aprPercent ?? estimateApr(vehicle, deal.creditTier),
    });
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
}

function msrp(vehicle: SummaryVehicle): number {
  return vehicle.msrpCents > 0 ? vehicle.msrpCents : vehicle.priceCents;
}

/** The largest cap cost reduction this lease takes (the down-payment input's maximum). */
export function getLeaseMaxDownPaymentCents(vehicle: SummaryVehicle, deal: SummaryDeal): number {
  return getMaxCapCostReductionCents({
    priceCents: vehicle.priceCents,
    msrpCents: msrp(vehicle),
    termMonths: deal.termMonths,
    annualMiles: deal.annualMiles ?? undefined,
    capitalizedFeesCents: DEFAULT_LEASE_ACQUISITION_FEE_CENTS + deal.protectionCents,
  });
}

export function getDealProblems(vehicle: SummaryVehicle, deal: SummaryDeal): DealProblem[] {
  if (deal.dealType === 'Cash') return [];
  if (deal.dealType === 'Lease') {
    const maxCents = getLeaseMaxDownPaymentCents(vehicle, deal);
    return deal.downPaymentCents > maxCents
      ? [{ code: 'downPaymentTooHigh', message: downPaymentTooHighMessage(maxCents) }]
      : [];
  }
  // The tax of the priced deal: after the trade-in credit where the state gives one (issue 31).
  const taxesCents = priceSummaryDeal(vehicle, deal)?.taxesCents ?? taxes(vehicle, deal);
  const feesCents = fees(deal) + deal.protectionCents;
  const cashPriceCents = getCashPriceCents({ priceCents: vehicle.priceCents, taxesCents, feesCents });
  if (deal.downPaymentCents > cashPriceCents)
    return [{ code: 'downPaymentTooHigh', message: downPaymentTooHighMessage(cashPriceCents) }];
  if (!getFinancedRange(vehicle.priceCents))
    return [{ code: 'financedBelowMinimum', message: financedBelowMinimumMessage() }];
  const tradeInEquityCents = deal.tradeInEquityCents ?? 0;
  const ltv = checkLoanToValue({
    priceCents: vehicle.priceCents,
    taxesCents,
    feesCents,
    downPaymentCents: deal.downPaymentCents,
    tradeInEquityCents,
  });
  if (ltv.ok) return [];
  if (ltv.reason === 'tradeEquityExceedsFinanced')
    return [{ code: 'tradeInEquityTooHigh', message: TRADE_IN_EQUITY_MESSAGE }];
  if (ltv.reason === 'financedBelowMinimum')
    return [{ code: 'financedBelowMinimum', message: financedBelowMinimumMessage() }];
  // Above the maximum loan-to-value: the vehicle card's own suggestion ("Raise your down payment to $X …").
  const block = getCardPaymentBlock({
    quality: {
      state: 'ltvIssue',
      reason: ltv.reason,
      suggestedDownPaymentCents: ltv.suggestedDownPaymentCents,
      suggestedTradeRemoval: ltv.suggestedTradeRemoval,
    },
  });
  const message =
    getAdjustSuggestionText(block) ??
    'The amount financed is above what lenders allow for this vehicle. Raise your down payment.';
  return [{ code: 'loanToValue', message }];
}

/** The order summary of a priced deal (the cart's, or the one stored on an order). */
export function summaryOfPricedDeal(priced: PricedDeal): OrderSummary {
  if (priced.dealType === 'Cash') {
    return {
      dealType: 'Cash',
      cash: {
        priceCents: priced.priceCents,
        taxesAndFeesCents: taxesAndFeesCents(priced),
        protectionCents: priced.protectionCents,
        totalCents: priced.totalCents,
        dueTodayCents: priced.dueTodayCents,
      },
    };
  }
  if (priced.dealType === 'Finance') {
    return {
      dealType: 'Finance',
      finance: {
        priceCents: priced.priceCents,
        downPaymentCents: priced.downPaymentCents,
        taxesAndFeesCents: taxesAndFeesCents(priced),
        protectionCents: priced.protectionCents,
        termMonths: priced.termMonths!,
        aprPercent: priced.aprPercent!,
        financedCents: priced.amountFinancedCents!,
        monthlyPaymentCents: priced.monthlyPaymentCents!,
        dueTodayCents: priced.dueTodayCents,
      },
    };
  }
  const lease = priced.lease!;
  return {
    dealType: 'Lease',
    lease: {
      priceCents: priced.priceCents,
      monthlyPaymentCents: priced.monthlyPaymentCents!,
      termMonths: priced.termMonths!,
      annualMiles: lease.annualMiles,
      dueAtSigningCents: priced.dueTodayCents,
      capCostReductionCents: lease.capCostReductionCents,
      securityDepositCents: lease.securityDepositCents,
      firstPaymentCents: lease.firstPaymentCents,
      adjustedCapCostCents: lease.adjustedCapCostCents,
      protectionCents: priced.protectionCents,
    },
  };
}

const CHANGE_ROWS: Record<DealChange['figure'], (dealType: DealType) => string | null> = {
  monthlyPaymentCents: () => 'monthly',
  dueTodayCents: (dealType) => (dealType === 'Lease' ? 'dueAtSigning' : 'dueToday'),
  taxesCents: (dealType) => (dealType === 'Lease' ? null : 'taxTitleRegistration'),
  aprPercent: (dealType) => (dealType === 'Finance' ? 'apr' : null),
  totalCents: (dealType) => (dealType === 'Cash' ? 'total' : null),
};

/**
 * What moved since the estimate the shopper started from on the vehicle page (priced at the zip
 * the purchase started with, `start`, or with no state known; no protection, the estimate tier's APR, the same purchase type and terms), with the reasons.
 * Once the shopper has acknowledged the changes, what moved since the deal they acknowledged
 * (`acknowledged`): an acknowledged figure is no longer flagged, a later move is, with the
 * acknowledged value as the previous one.
 */
export function getSummaryChanges(
  vehicle: SummaryVehicle,
  deal: SummaryDeal,
  acknowledged?: PricedDeal | null,
  start: Pick<SummaryDeal, 'state' | 'zip'> = { state: null, zip: null },
): SummaryChange[] {
  const current = priceSummaryDeal(vehicle, deal);
  const estimate =
    acknowledged ??
    priceSummaryDeal(vehicle, {
      ...deal,
      state: start.state ?? null,
      zip: start.zip ?? null,
      protectionCents: 0,
      aprPercent: null,
    });
  if (!current || !estimate) return [];
  const since = acknowledged ? 'acknowledged' : 'estimate';
  const changes: SummaryChange[] = [];
  for (const change of diffDeals(estimate, current)) {
    const row = CHANGE_ROWS[change.figure](deal.dealType);
    if (row) changes.push({ row, previous: change.previous, current: change.current, reasons: change.reasons, since });
  }
  // Taxes and fees move together on the summary's one row: compare that row, not the tax alone.
  const taxRow = changes.find((change) => change.row === 'taxTitleRegistration');
  if (taxRow) {
    taxRow.previous = taxesAndFeesCents(estimate);
    taxRow.current = taxesAndFeesCents(current);
  } else if (deal.dealType !== 'Lease' && taxesAndFeesCents(estimate) !== taxesAndFeesCents(current)) {
    changes.push({
      row: 'taxTitleRegistration',
      previous: taxesAndFeesCents(estimate),
      current: taxesAndFeesCents(current),
      reasons: ['zip'],
      since,
    });
  }
  return changes;
}

/** What the shopper pays at placement for this summary. */
export function getDueTodayCents(summary: OrderSummary): number {
  if (summary.dealType === 'Cash') return summary.cash.dueTodayCents;
  if (summary.dealType === 'Finance') return summary.finance.dueTodayCents;
  return summary.lease.dueAtSigningCents;
}
