import type { Cart } from '~/lib/contract/checkout';
import type { DealType } from '~/lib/contract/orders';
import {
  DEFAULT_FEES_CENTS,
  DEFAULT_LEASE_ACQUISITION_FEE_CENTS,
  DEFAULT_LEASE_ANNUAL_MILES,
  DEFAULT_LEASE_TERM_MONTHS,
  DEFAULT_TAX_RATE,
  DEFAULT_TERM_MONTHS,
  FINANCE_TERMS_MONTHS,
  LEASE_ANNUAL_MILES,
  LEASE_TERMS_MONTHS,
  MIN_FINANCED_CENTS,
} from '~/lib/shared/payments/constants';
import {
  buildDownPaymentOptions,
  getDownPaymentBounds,
  parseDownPaymentField,
} from '~/lib/shared/payments/down-payment';
import { getTaxCents } from '~/lib/shared/payments/finance';
import { getMaxCapCostReductionCents } from '~/lib/shared/payments/lease';
import { leaseRefusal, type LeaseVehicle } from '~/lib/shared/payments/lease-eligibility';
import { getDownPaymentLimits, getFinancedRange } from '~/lib/shared/payments/loan-to-value';
import { formatUsd } from '~/lib/shared/money';
import { isOneOf } from '../shared/guards';

// The deal terms a shopper sets in the cart and on Order Details: purchase type, down payment,
// finance term, lease term and annual miles. The down-payment range follows the loan-to-value
// rule (seed 002 §4-5) for finance and the largest cap cost reduction for a lease, exactly as
// the vehicle page's calculator offers it, so the cart never suggests an amount the lender
// would refuse. The API still has the last word: its `problems` carry the seed's messages.

export { DEAL_TYPE_LABELS } from './deal-type-labels';

/** The purchase types this tenant sells with (its `contracting` config), in the seed's order. */
export function allowedDealTypes(contracting: { cash: boolean; finance: boolean; lease: boolean }): DealType[] {
  const types: DealType[] = [];
  if (contracting.cash) types.push('Cash');
  if (contracting.finance) types.push('Finance');
  if (contracting.lease) types.push('Lease');
  return types;
}

/**
 * The purchase types this vehicle can be bought with (issue 18): Finance only when its price can
 * carry the lender's minimum financed amount (the loan-to-value rule), Lease only when the lender
 * would lease it (its age and price, issue 35 point 5), so a shopper never picks a deal that
 * cannot work and learns it at the cart. `note` says what is missing and why.
 */
export function purchaseTypesForVehicle(
  contracting: { cash: boolean; finance: boolean; lease: boolean },
  vehicle: LeaseVehicle,
): { dealTypes: DealType[]; note: string | null } {
  const types = allowedDealTypes(contracting);
  const financeUnavailable = types.includes('Finance') && getFinancedRange(vehicle.priceCents) === null;
  const leaseUnavailable = types.includes('Lease') ? leaseRefusal(vehicle) : null;
  const dealTypes = types.filter(
    (type) => !(type === 'Finance' && financeUnavailable) && !(type === 'Lease' && leaseUnavailable),
  );
  const notes = [financeUnavailable ? financeUnavailableText() : null, leaseUnavailable].filter(Boolean);
  return { dealTypes, note: notes.length ? notes.join(' ') : null };
}

/** Why Finance is missing for a vehicle, said before the cart. */
export function financeUnavailableText(minFinancedCents: number = MIN_FINANCED_CENTS): string {
  return `Financing is not offered on this vehicle: its price is below what our lender finances (at least ${formatUsd(minFinancedCents)}).`;
}

/** The purchase type to start with: the one asked for when allowed, else Finance, else the first allowed. */
export function pickDealType(requested: unknown, allowed: readonly DealType[]): DealType | null {
  if (isOneOf(allowed, requested)) return requested;
  if (allowed.includes('Finance')) return 'Finance';
  return allowed[0] ?? null;
}

export type TermsSetup = {
  dealType: DealType;
  /** Down-payment suggestions in cents (first the minimum, last the maximum), or null (cash, or not financeable). */
  downPaymentOptionsCents: number[] | null;
  termOptions: readonly number[];
  annualMilesOptions: readonly number[] | null;
};

/** What a lease's largest cap cost reduction depends on besides the price (as the API computes it). */
export type LeaseFacts = {
  msrpCents?: number;
  termMonths?: number;
  annualMiles?: number | null;
  protectionCents?: number;
};

/**
 * What the terms form offers for a vehicle price and purchase type. A lease's maximum follows
 * the residual (MSRP, term, miles) and what is capitalised (the acquisition fee and protection),
 * the same inputs the API's order summary uses, so the field never offers more than it takes.
 */
export function getTermsSetup(priceCents: number, dealType: DealType, lease: LeaseFacts = {}): TermsSetup {
  if (dealType === 'Cash')
    return { dealType, downPaymentOptionsCents: null, termOptions: [], annualMilesOptions: null };
  if (dealType === 'Lease') {
    const maxCents = getMaxCapCostReductionCents({
      priceCents,
      msrpCents: lease.msrpCents && lease.msrpCents > 0 ? lease.msrpCents : priceCents,
      termMonths: lease.termMonths ?? DEFAULT_LEASE_TERM_MONTHS,
      annualMiles: lease.annualMiles ?? DEFAULT_LEASE_ANNUAL_MILES,
      capitalizedFeesCents: DEFAULT_LEASE_ACQUISITION_FEE_CENTS + (lease.protectionCents ?? 0),
    });
    return {
      dealType,
      // Even a maximum of $0 keeps the field, so a down payment the lease cannot take can be lowered.
      downPaymentOptionsCents: buildDownPaymentOptions({ minCents: 0, maxCents }),
      termOptions: LEASE_TERMS_MONTHS,
      annualMilesOptions: LEASE_ANNUAL_MILES,
    };
  }
  const limits = getDownPaymentLimits({
    priceCents,
    taxesCents: getTaxCents(priceCents, DEFAULT_TAX_RATE),
    feesCents: DEFAULT_FEES_CENTS,
    tradeInEquityCents: 0,
  });
  return {
    dealType,
    downPaymentOptionsCents: limits ? buildDownPaymentOptions(limits) : null,
    termOptions: FINANCE_TERMS_MONTHS,
    annualMilesOptions: null,
  };
}

export type TermsPatch = { downPaymentCents?: number; termMonths?: number; annualMiles?: number };

/**
 * A posted whole number, or null: what `z.coerce.number().int()` accepted, without zod, so the
 * pages that read only the labels and rules here (the vehicle page) load no zod (issue 17).
 */
function readInteger(value: FormDataEntryValue | null): number | null {
  const number = Number(value);
  return Number.isInteger(number) ? number : null;
}

/**
 * Reads the terms fields of a posted form for the cart's purchase type: the down payment is
 * clamped like the input does without JavaScript; a term or mileage outside the offered list
 * keeps the cart's value (a tampered form changes nothing).
 */
export function readTermsForm(
  form: FormData,
  setup: TermsSetup,
  current: Pick<Cart, 'termMonths' | 'annualMiles'>,
): TermsPatch {
  const patch: TermsPatch = {};
  if (setup.downPaymentOptionsCents && form.has('downPayment')) {
    patch.downPaymentCents = parseDownPaymentField(
      form.get('downPayment'),
      getDownPaymentBounds(setup.downPaymentOptionsCents),
    );
  }
  const term = readInteger(form.get('termMonths'));
  if (term !== null && setup.termOptions.includes(term)) patch.termMonths = term;
  else if (setup.termOptions.length > 0 && !setup.termOptions.includes(current.termMonths)) {
    patch.termMonths = setup.dealType === 'Lease' ? DEFAULT_LEASE_TERM_MONTHS : DEFAULT_TERM_MONTHS;
  }
  if (setup.annualMilesOptions) {
    const miles = readInteger(form.get('annualMiles'));
    if (miles !== null && setup.annualMilesOptions.includes(miles)) patch.annualMiles = miles;
    else if (current.annualMiles === null || !setup.annualMilesOptions.includes(current.annualMiles))
      patch.annualMiles = DEFAULT_LEASE_ANNUAL_MILES;
  }
  return patch;
}
