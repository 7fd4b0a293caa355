import type { DealType } from '../contract/orders';
import { isCashDeal } from './deal';
import { WORK_STEPS, type WorkStep } from './steps';

export type SequenceInput = {
  dealType: DealType;
  dealSource: 'DealerInitiated' | 'ConsumerInitiated';
  isOrderStatusReset: boolean;
  offRamp: boolean;
  /** The consolidate-finance-and-signing flag, forceFlag included. */
  consolidateFinanceAndSigning: boolean;
};

/** Whether the order has a DEAL_REVIEW step before the flags are applied (seed 000 §4.2). */
export function hasDealReview(
  input: Pick<SequenceInput, 'dealType' | 'dealSource' | 'isOrderStatusReset' | 'offRamp'>,
): boolean {
  if (!isCashDeal(input.dealType)) return false;
  if (input.offRamp) return false;
  return input.dealSource === 'DealerInitiated' || input.isOrderStatusReset;
}

/** The order's steps, in the order the tracker shows them (seed 000 §4.2). */
export function getStepSequence(input: SequenceInput): WorkStep[] {
  const removed = new Set<WorkStep>();
  if (!hasDealReview(input)) removed.add('DEAL_REVIEW');
  if (input.consolidateFinanceAndSigning) {
    removed.add('FINANCE_DECISION');
    removed.add('DEAL_REVIEW');
  }
  if (input.offRamp) {
    removed.add('FINANCE_DECISION');
    removed.add('PAYMENT_DETAILS');
  }
  const steps = WORK_STEPS.filter((step) => !removed.has(step));
  // A cash buyer pays last: PAYMENT_DETAILS moves after SCHEDULE_DELIVERY.
  if (isCashDeal(input.dealType) && !input.offRamp) {
    return [...steps.filter((step) => step !== 'PAYMENT_DETAILS'), 'PAYMENT_DETAILS'];
  }
  return steps;
}
