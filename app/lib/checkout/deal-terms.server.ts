import type { Cart } from '~/lib/contract/checkout';
import type { DealType } from '~/lib/contract/orders';
import { logger } from '~/lib/shared/logger.server';
import { DEFAULT_DOWN_PAYMENT_CENTS } from '~/lib/shared/payments/constants';
import {
  clampDownPayment,
  describeDownPaymentAdjustment,
  getDownPaymentBounds,
} from '~/lib/shared/payments/down-payment';
import { getVehicle } from '~/lib/search/inventory.server';
import type { CheckoutContext } from './cart.server';
import { getTermsSetup, readTermsForm, type TermsPatch, type TermsSetup } from './deal-terms';

// The terms setup for a cart. A lease needs the vehicle's MSRP, which the cart does not carry:
// it is read from the inventory (a failure falls back to the price, and the API's `problems`
// still catch an amount the lease cannot take).

async function msrpCents(context: CheckoutContext, vin: string): Promise<number | undefined> {
  try {
    const vehicle = await getVehicle(context.api, vin, undefined);
    return vehicle ? vehicle.priceDetails.msrp * 100 : undefined;
  } catch (error) {
    if (error instanceof Response) throw error;
    logger.warn({ err: error }, 'checkout: the vehicle MSRP could not be read for the lease terms');
    return undefined;
  }
}

function protectionCents(cart: Cart): number {
  return cart.protection.plans.reduce((sum, plan) => sum + plan.packagePriceCents, 0);
}

/** The terms the cart's purchase type offers (or another type's, for a switch), with its current term and miles. */
export async function getCartTermsSetup(
  context: CheckoutContext,
  cart: Cart,
  dealType: DealType = cart.dealType,
  terms: { termMonths?: number; annualMiles?: number | null } = dealType === cart.dealType ? cart : {},
): Promise<TermsSetup> {
  const vehicle = cart.vehicle!;
  if (dealType !== 'Lease') return getTermsSetup(vehicle.priceCents, dealType);
  return getTermsSetup(vehicle.priceCents, dealType, {
    msrpCents: await msrpCents(context, vehicle.vin),
    termMonths: terms.termMonths,
    annualMiles: terms.annualMiles,
    protectionCents: protectionCents(cart),
  });
}

/** The down payment a switch to this purchase type starts from: the cart's (or $2,500), inside the new range. */
export function downPaymentAfterSwitch(cart: Cart, setup: TermsSetup): number | undefined {
  if (!setup.downPaymentOptionsCents) return undefined;
  const preferred = cart.dealType === 'Cash' ? DEFAULT_DOWN_PAYMENT_CENTS : cart.downPaymentCents;
  return clampDownPayment(preferred, getDownPaymentBounds(setup.downPaymentOptionsCents));
}

/**
 * Reads the terms fields of a posted form. A lease's maximum depends on the term and miles in
 * the same form, so those are read first and the down payment is clamped to their maximum.
 */
export async function readCartTermsForm(context: CheckoutContext, cart: Cart, form: FormData) {
  return (await readCartTermsFormWithNote(context, cart, form)).terms;
}

/** The terms, and why the down payment used differs from the one typed (null when it does not). */
export async function readCartTermsFormWithNote(
  context: CheckoutContext,
  cart: Cart,
  form: FormData,
): Promise<{ terms: TermsPatch; downPaymentNote: string | null }> {
  let setup = await getCartTermsSetup(context, cart);
  let terms = readTermsForm(form, setup, cart);
  if (cart.dealType === 'Lease') {
    const chosen = {
      termMonths: terms.termMonths ?? cart.termMonths,
      annualMiles: terms.annualMiles ?? cart.annualMiles,
    };
    setup = await getCartTermsSetup(context, cart, 'Lease', chosen);
    terms = readTermsForm(form, setup, cart);
  }
  const typed = form.get('downPayment');
  const downPaymentNote =
    setup.downPaymentOptionsCents && typeof typed === 'string'
      ? describeDownPaymentAdjustment(
          typed,
          getDownPaymentBounds(setup.downPaymentOptionsCents),
          cart.dealType === 'Lease' ? 'lease' : 'finance',
        )
      : null;
  return { terms, downPaymentNote };
}
