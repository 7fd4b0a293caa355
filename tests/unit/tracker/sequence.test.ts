import { describe, expect, it } from 'vitest';
import { getStepSequence, hasDealReview, type SequenceInput } from '~/lib/tracker/sequence';

const finance: SequenceInput = {
  dealType: 'Finance',
  dealSource: 'ConsumerInitiated',
  isOrderStatusReset: false,
  offRamp: false,
  consolidateFinanceAndSigning: false,
};

describe('step sequence (seed 000 §4.2)', () => {
  it('a finance order: every step but DEAL_REVIEW, in the full order', () => {
    expect(getStepSequence(finance)).toEqual([
      'VERIFY_INSURANCE',
      'VERIFY_ID',
      'UPLOAD_DOCUMENTS',
      'FINANCE_DECISION',
      'SIGN_CONTRACT',
      'PAYMENT_DETAILS',
      'SCHEDULE_DELIVERY',
    ]);
  });

  it('a dealer-initiated finance order still has no DEAL_REVIEW (Finance removes it)', () => {
    expect(getStepSequence({ ...finance, dealSource: 'DealerInitiated', isOrderStatusReset: true })).not.toContain(
      'DEAL_REVIEW',
    );
  });

  it('a lease follows the finance rules: no DEAL_REVIEW, payment before delivery', () => {
    expect(getStepSequence({ ...finance, dealType: 'Lease', dealSource: 'DealerInitiated' })).toEqual(
      getStepSequence(finance),
    );
  });

  it('a consumer-initiated cash order that was not reset: no DEAL_REVIEW, payment moved last', () => {
    expect(getStepSequence({ ...finance, dealType: 'Cash' })).toEqual([
      'VERIFY_INSURANCE',
      'VERIFY_ID',
      'UPLOAD_DOCUMENTS',
      'FINANCE_DECISION',
      'SIGN_CONTRACT',
      'SCHEDULE_DELIVERY',
      'PAYMENT_DETAILS',
    ]);
  });

  it('a dealer-initiated cash order keeps DEAL_REVIEW before FINANCE_DECISION', () => {
    expect(getStepSequence({ ...finance, dealType: 'Cash', dealSource: 'DealerInitiated' })).toEqual([
      'VERIFY_INSURANCE',
      'VERIFY_ID',
      'UPLOAD_DOCUMENTS',
      'DEAL_REVIEW',
      'FINANCE_DECISION',
      'SIGN_CONTRACT',
      'SCHEDULE_DELIVERY',
      'PAYMENT_DETAILS',
    ]);
  });

  it('a reset cash order keeps DEAL_REVIEW', () => {
    expect(getStepSequence({ ...finance, dealType: 'Cash', isOrderStatusReset: true })).toContain('DEAL_REVIEW');
  });

  it('consolidate-finance-and-signing removes FINANCE_DECISION and DEAL_REVIEW', () => {
    const steps = getStepSequence({
      ...finance,
      dealType: 'Cash',
      dealSource: 'DealerInitiated',
      consolidateFinanceAndSigning: true,
    });
    expect(steps).toEqual([
      'VERIFY_INSURANCE',
      'VERIFY_ID',
      'UPLOAD_DOCUMENTS',
      'SIGN_CONTRACT',
      'SCHEDULE_DELIVERY',
      'PAYMENT_DETAILS',
    ]);
    expect(getStepSequence({ ...finance, consolidateFinanceAndSigning: true })).not.toContain('FINANCE_DECISION');
  });

  it('an off-ramp finance order drops FINANCE_DECISION and PAYMENT_DETAILS', () => {
    expect(getStepSequence({ ...finance, offRamp: true })).toEqual([
      'VERIFY_INSURANCE',
      'VERIFY_ID',
      'UPLOAD_DOCUMENTS',
      'SIGN_CONTRACT',
      'SCHEDULE_DELIVERY',
    ]);
  });

  it('an off-ramp cash order drops DEAL_REVIEW too, and has no payment to move', () => {
    expect(getStepSequence({ ...finance, dealType: 'Cash', dealSource: 'DealerInitiated', offRamp: true })).toEqual([
      'VERIFY_INSURANCE',
      'VERIFY_ID',
      'UPLOAD_DOCUMENTS',
      'SIGN_CONTRACT',
      'SCHEDULE_DELIVERY',
    ]);
  });

  it('hasDealReview: only cash, not off-ramp, dealer-initiated or reset', () => {
    expect(hasDealReview({ ...finance, dealType: 'Cash', dealSource: 'DealerInitiated' })).toBe(true);
    expect(hasDealReview({ ...finance, dealType: 'Cash', isOrderStatusReset: true })).toBe(true);
    expect(hasDealReview({ ...finance, dealType: 'Cash' })).toBe(false);
    expect(hasDealReview({ ...finance, dealType: 'Cash', dealSource: 'DealerInitiated', offRamp: true })).toBe(false);
    expect(hasDealReview({ ...finance, dealSource: 'DealerInitiated' })).toBe(false);
  });
});
