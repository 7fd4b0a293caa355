import type { DealType } from '../../app/lib/contract/orders';
import { DEFAULT_APR_TABLE, getApr, getCreditTier } from '../../app/lib/shared/payments/credit';
import { checkLoanToValue } from '../../app/lib/shared/payments/loan-to-value';
import type { CartDecision } from '../db/schema';
import { priceSummaryDeal, type SummaryDeal, type SummaryVehicle } from './summary';

// The built-in lender (seed 002 §2, issue 6 item 6): a decision from the credit tier of the
// soft pull (app/lib/shared/payments/credit.ts), the loan-to-value rule (checkLoanToValue) and the
// shopper's income against the payment. Rules, in order (docs/sandbox-partners.md):
//
//   no score, or below 640 (no tier)                        → DECLINED
//   a financed amount outside the loan-to-value range       → DECLINED
//   payment above 20% of gross monthly income               → DECLINED
//   fair tier, or payment above 15% of gross monthly income → PENDING (a person reviews it)
//   otherwise                                               → APPROVED at the tier's APR

export const MAX_PAYMENT_TO_INCOME = 0.2;
export const REVIEW_PAYMENT_TO_INCOME = 0.15;

const LENDERS = { prime: 'Summit Auto Credit', nearPrime: 'Harbor Community Lending' } as const;

export type LenderInput = {
  vehicle: SummaryVehicle;
  deal: SummaryDeal & { dealType: Exclude<DealType, 'Cash'> };
  score: number | null;
  /** Gross annual income in dollars, plus any additional monthly income in dollars. */
  annualIncomeDollars: number;
  additionalMonthlyIncomeDollars: number;
  now: Date;
};

export function decide(input: LenderInput): CartDecision {
  const decidedAt = input.now.toISOString();
  const declined = (reason: string, extra: Partial<CartDecision> = {}): CartDecision => ({
    status: 'DECLINED',
    lenderName: null,
    creditTier: null,
    aprPercent: null,
    termMonths: null,
    monthlyPaymentCents: null,
    financedCents: null,
    shopperAnswer: null,
    reasons: [reason],
    decidedAt,
    ...extra,
  });
  const tier = input.score === null ? null : getCreditTier(input.score);
  if (!tier) return declined('credit');
  const aprPercent = getApr(tier, input.vehicle.type, DEFAULT_APR_TABLE);

  // The same priced deal (app/lib/shared/pricing) the cart shows and the order stores, at the tier's APR.
  const priced = priceSummaryDeal(input.vehicle, { ...input.deal, aprPercent });
  if (!priced || priced.monthlyPaymentCents === null || priced.amountFinancedCents === null)
    return declined('loanToValue', { creditTier: tier });
  if (input.deal.dealType === 'Finance') {
    const ltv = checkLoanToValue({
      priceCents: priced.priceCents,
      taxesCents: priced.taxesCents,
      feesCents: priced.feesCents + priced.protectionCents,
      downPaymentCents: priced.downPaymentCents,
      tradeInEquityCents: priced.tradeIn?.equityCents ?? 0,
    });
    if (!ltv.ok) return declined('loanToValue', { creditTier: tier });
  }
  const monthlyPaymentCents = priced.monthlyPaymentCents;
  const financedCents = priced.amountFinancedCents;
  const monthlyIncomeCents = Math.round(
    (input.annualIncomeDollars * 100) / 12 + input.additionalMonthlyIncomeDollars * 100,
  );
  const ratio = monthlyIncomeCents > 0 ? monthlyPaymentCents / monthlyIncomeCents : Number.POSITIVE_INFINITY;
  if (ratio > MAX_PAYMENT_TO_INCOME) return declined('income', { creditTier: tier });

  const pending = tier === 'fair' || ratio > REVIEW_PAYMENT_TO_INCOME;
  return {
    status: pending ? 'PENDING' : 'APPROVED',
    lenderName: tier === 'excellent' || tier === 'veryGood' ? LENDERS.prime : LENDERS.nearPrime,
    creditTier: tier,
    aprPercent: pending ? null : aprPercent,
    termMonths: input.deal.termMonths,
    monthlyPaymentCents: pending ? null : monthlyPaymentCents,
    financedCents: pending ? null : financedCents,
    shopperAnswer: null,
    reasons: pending ? [tier === 'fair' ? 'creditReview' : 'incomeReview'] : [],
    decidedAt,
  };
}
