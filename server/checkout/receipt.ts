import type { Receipt } from '../../app/lib/contract/checkout';
import { taxesAndFeesCents, type PricedDeal } from '../../app/lib/shared/pricing/deal';
import { summaryOfPricedDeal } from './summary';

// The receipt's figures (seed 002 §3 "Order receipt"), read from the priced deal the order
// stores, so the receipt prints what was accepted and charged, figure for figure.

export type ReceiptFigures = Pick<
  Receipt,
  | 'vehiclePriceCents'
  | 'downPaymentCents'
  | 'taxTitleRegistrationCents'
  | 'vehicleProtectionCents'
  | 'termMonths'
  | 'aprPercent'
  | 'financedAmountCents'
  | 'amountDueTodayCents'
  | 'monthlyPaymentCents'
  | 'lease'
>;

export function receiptFigures(priced: PricedDeal): ReceiptFigures {
  const summary = summaryOfPricedDeal(priced);
  return {
    vehiclePriceCents: priced.priceCents,
    downPaymentCents: priced.downPaymentCents,
    taxTitleRegistrationCents: taxesAndFeesCents(priced),
    vehicleProtectionCents: priced.protectionCents,
    termMonths: priced.termMonths,
    aprPercent: priced.aprPercent,
    financedAmountCents: priced.dealType === 'Finance' ? priced.amountFinancedCents : null,
    amountDueTodayCents: priced.dueTodayCents,
    monthlyPaymentCents: priced.monthlyPaymentCents,
    lease: summary.dealType === 'Lease' ? summary.lease : null,
  };
}
