import {
  CHECKOUT_STEPS,
  CHECKOUT_STEP_LABELS,
  type Cart,
  type CheckoutStep,
  type LenderDecision,
} from '~/lib/contract/checkout';
import type { DealType } from '~/lib/contract/orders';
import { isFinancingDeclined } from '~/lib/shared/financing-decision';
import { isOneOf } from '../shared/guards';

// The order of the checkout steps and where a shopper goes next (seed 002 §2). Pure, so the
// step indicator, the loaders and the actions all agree, and unit tests can pin it down.

export const CHECKOUT_STEP_PATHS: Record<CheckoutStep, string> = {
  cart: '/checkout/cart',
  coverage: '/checkout/coverage',
  account: '/checkout/account',
  'order-details': '/checkout/order-details',
  'credit-application': '/checkout/credit-application/personal',
  overview: '/checkout/overview',
};

/** The steps a cart of this purchase type goes through: cash skips the credit application. */
export function stepsFor(dealType: DealType): CheckoutStep[] {
  return CHECKOUT_STEPS.filter((step) => dealType !== 'Cash' || step !== 'credit-application');
}

/** The step after this one for the purchase type, or null after the last (Overview). */
export function nextStep(step: CheckoutStep, dealType: DealType): CheckoutStep | null {
  const steps = stepsFor(dealType);
  const index = steps.indexOf(step);
  if (index === -1) {
    // A step the purchase type skips (a cash cart on the credit application): go on from its place.
    const order = CHECKOUT_STEPS.indexOf(step);
    return steps.find((candidate) => CHECKOUT_STEPS.indexOf(candidate) > order) ?? null;
  }
  return steps[index + 1] ?? null;
}

/** The step before this one, or null on the first. */
export function previousStep(step: CheckoutStep, dealType: DealType): CheckoutStep | null {
  const steps = stepsFor(dealType);
  const order = CHECKOUT_STEPS.indexOf(step);
  return [...steps].reverse().find((candidate) => CHECKOUT_STEPS.indexOf(candidate) < order) ?? null;
}

/** The page of a step. */
export function stepPath(step: CheckoutStep): string {
  return CHECKOUT_STEP_PATHS[step];
}

/** The path a pathname belongs to, e.g. /checkout/credit-application/housing → credit-application. */
export function stepOfPath(pathname: string): CheckoutStep | null {
  const match = /^\/checkout\/([^/]+)/.exec(pathname);
  if (!match) return null;
  const segment = match[1];
  return isOneOf(CHECKOUT_STEPS, segment) ? segment : null;
}

/**
 * The first step the shopper has not completed yet, in the purchase type's order: the furthest
 * a shopper may go. Steps before it may be revisited.
 */
export function firstOpenStep(cart: Pick<Cart, 'dealType' | 'completedSteps'>): CheckoutStep {
  const steps = stepsFor(cart.dealType);
  return steps.find((step) => !cart.completedSteps.includes(step)) ?? steps[steps.length - 1] ?? 'cart';
}

/** May the shopper open this step now? Every step before it must be completed. */
export function canVisitStep(cart: Pick<Cart, 'dealType' | 'completedSteps'>, step: CheckoutStep): boolean {
  const steps = stepsFor(cart.dealType);
  const index = steps.indexOf(step);
  if (index === -1) return false;
  return steps.slice(0, index).every((before) => cart.completedSteps.includes(before));
}

/**
 * Where a shopper resumes: the step saved on the cart when they may open it, else the first
 * open step (a saved step can be out of reach after a purchase-type switch).
 */
export function resumeStep(cart: Pick<Cart, 'dealType' | 'completedSteps' | 'step'>): CheckoutStep {
  return canVisitStep(cart, cart.step) ? cart.step : firstOpenStep(cart);
}

export type StepIndicatorItem = {
  step: CheckoutStep;
  label: string;
  state: 'complete' | 'current' | 'upcoming';
  /** A link when the shopper may go there (a completed or reachable step other than the current one). */
  href: string | null;
};

/** The step indicator's items for a cart on a given page. */
export function stepIndicatorItems(
  cart: Pick<Cart, 'dealType' | 'completedSteps'> & {
    decision?: Pick<LenderDecision, 'status' | 'shopperAnswer'> | null;
  },
  current: CheckoutStep,
): StepIndicatorItem[] {
  // After a declined application the Credit Application is not "completed" (issue 18).
  const declined = isFinancingDeclined(cart);
  return stepsFor(cart.dealType).map((step) => {
    const done = cart.completedSteps.includes(step) && !(declined && step === 'credit-application');
    const state = step === current ? 'current' : done ? 'complete' : 'upcoming';
    return {
      step,
      label: CHECKOUT_STEP_LABELS[step],
      state,
      href: state !== 'current' && canVisitStep(cart, step) ? stepPath(step) : null,
    };
  });
}
