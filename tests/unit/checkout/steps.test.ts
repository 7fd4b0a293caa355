import { describe, expect, it } from 'vitest';
import {
  canVisitStep,
  firstOpenStep,
  nextStep,
  previousStep,
  resumeStep,
  stepIndicatorItems,
  stepOfPath,
  stepPath,
  stepsFor,
} from '~/lib/checkout/steps';

// The checkout's step order (seed 002 §2) and the rules the indicator, loaders and actions share.

describe('checkout steps', () => {
  it('finance and lease go through all six steps in the seed order', () => {
    const labels = ['cart', 'coverage', 'account', 'order-details', 'credit-application', 'overview'];
    expect(stepsFor('Finance')).toEqual(labels);
    expect(stepsFor('Lease')).toEqual(labels);
  });

  it('cash skips the credit application', () => {
    expect(stepsFor('Cash')).toEqual(['cart', 'coverage', 'account', 'order-details', 'overview']);
  });

  it('the next step after Order Details is the credit application for finance and lease, the overview for cash', () => {
    expect(nextStep('order-details', 'Finance')).toBe('credit-application');
    expect(nextStep('order-details', 'Lease')).toBe('credit-application');
    expect(nextStep('order-details', 'Cash')).toBe('overview');
    expect(nextStep('cart', 'Cash')).toBe('coverage');
    expect(nextStep('overview', 'Finance')).toBeNull();
  });

  it('a cash cart on the credit application goes on to the overview', () => {
    expect(nextStep('credit-application', 'Cash')).toBe('overview');
    expect(previousStep('overview', 'Cash')).toBe('order-details');
    expect(previousStep('overview', 'Finance')).toBe('credit-application');
    expect(previousStep('cart', 'Finance')).toBeNull();
  });

  it('maps steps to their pages and back', () => {
    expect(stepPath('cart')).toBe('/checkout/cart');
    expect(stepPath('credit-application')).toBe('/checkout/credit-application/personal');
    expect(stepOfPath('/checkout/credit-application/housing')).toBe('credit-application');
    expect(stepOfPath('/checkout/order-details')).toBe('order-details');
    expect(stepOfPath('/checkout/1HGCV1F34PA000001')).toBeNull();
    expect(stepOfPath('/search')).toBeNull();
  });

  it('a step may be opened once every step before it is completed', () => {
    const cart = { dealType: 'Finance' as const, completedSteps: ['cart' as const, 'coverage' as const] };
    expect(canVisitStep(cart, 'cart')).toBe(true);
    expect(canVisitStep(cart, 'account')).toBe(true);
    expect(canVisitStep(cart, 'order-details')).toBe(false);
    expect(canVisitStep({ dealType: 'Cash', completedSteps: [] }, 'credit-application')).toBe(false);
    expect(firstOpenStep(cart)).toBe('account');
  });

  it('resumes at the saved step, or the first open one when the saved step is out of reach', () => {
    expect(resumeStep({ dealType: 'Finance', completedSteps: ['cart', 'coverage'], step: 'account' })).toBe('account');
    expect(
      resumeStep({
        dealType: 'Finance',
        completedSteps: ['cart', 'coverage', 'account', 'order-details'],
        step: 'coverage',
      }),
    ).toBe('coverage');
    // A switch to cash leaves a saved credit-application step behind.
    expect(
      resumeStep({
        dealType: 'Cash',
        completedSteps: ['cart', 'coverage', 'account', 'order-details'],
        step: 'credit-application',
      }),
    ).toBe('overview');
    expect(resumeStep({ dealType: 'Finance', completedSteps: [], step: 'overview' })).toBe('cart');
  });

  it('builds the indicator: the seed labels, the current step, links only where the shopper may go', () => {
    const items = stepIndicatorItems({ dealType: 'Finance', completedSteps: ['cart'] }, 'coverage');
    expect(items.map((item) => item.label)).toEqual([
      'Shopping Cart',
      'Coverage',
      'Account',
      'Order Details',
      'Credit Application',
      'Overview',
    ]);
    expect(items.map((item) => item.state)).toEqual([
      'complete',
      'current',
      'upcoming',
      'upcoming',
      'upcoming',
      'upcoming',
    ]);
    expect(items.map((item) => item.href)).toEqual(['/checkout/cart', null, null, null, null, null]);
    const cash = stepIndicatorItems({ dealType: 'Cash', completedSteps: ['cart', 'coverage'] }, 'cart');
    expect(cash.map((item) => item.label)).not.toContain('Credit Application');
    expect(cash.find((item) => item.step === 'account')?.href).toBe('/checkout/account');
  });

  it('does not mark a declined credit application as completed (issue 18)', () => {
    const completedSteps = ['cart', 'coverage', 'account', 'order-details', 'credit-application'] as const;
    const stateOf = (decision: { status: 'APPROVED' | 'DECLINED'; shopperAnswer: 'declined' | null } | null) =>
      stepIndicatorItems({ dealType: 'Finance', completedSteps: [...completedSteps], decision }, 'cart').find(
        (item) => item.step === 'credit-application',
      )?.state;
    expect(stateOf(null)).toBe('complete');
    expect(stateOf({ status: 'APPROVED', shopperAnswer: null })).toBe('complete');
    expect(stateOf({ status: 'DECLINED', shopperAnswer: null })).toBe('upcoming');
    expect(stateOf({ status: 'APPROVED', shopperAnswer: 'declined' })).toBe('upcoming');
  });
});
