import { describe, expect, it } from 'vitest';
import type { StepState } from '~/lib/tracker/active-step';
import { getTrackerRedirect, keepForcedFlags, parseTrackerPath } from '~/lib/tracker/paths';
import { STEP_SUB_PAGES, stepForSegment, stepPath } from '~/lib/tracker/steps';

const order = 'SR-DEFAULT-10001';

describe('tracker paths', () => {
  it('step routes of commerce-api.md', () => {
    expect(stepPath(order, 'VERIFY_INSURANCE')).toBe(`/progress/${order}/insurance-verification`);
    expect(stepPath(order, 'VERIFY_ID')).toBe(`/progress/${order}/id-verification`);
    expect(stepPath(order, 'UPLOAD_DOCUMENTS')).toBe(`/progress/${order}/doc-upload`);
    expect(stepPath(order, 'DEAL_REVIEW')).toBe(`/progress/${order}/deal-review`);
    expect(stepPath(order, 'FINANCE_DECISION')).toBe(`/progress/${order}/finance-decision`);
    expect(stepPath(order, 'SIGN_CONTRACT')).toBe(`/progress/${order}/signing`);
    expect(stepPath(order, 'PAYMENT_DETAILS')).toBe(`/progress/${order}/payment`);
    expect(stepPath(order, 'SCHEDULE_DELIVERY')).toBe(`/fulfillment/${order}`);
    expect(stepPath(order, 'SIGN_CONTRACT', 'thank-you')).toBe(`/progress/${order}/signing/thank-you`);
    expect(stepForSegment('fulfillment')).toBeNull();
  });

  it('the sub-pages of seed 000 §2.1', () => {
    expect(STEP_SUB_PAGES).toEqual({
      VERIFY_ID: ['complete', 'incomplete', 'next-steps'],
      UPLOAD_DOCUMENTS: ['summary'],
      FINANCE_DECISION: ['accepted', 'declined', 'pending'],
      SIGN_CONTRACT: ['review', 'hello-again', 'thank-you', 'contract-ready'],
    });
  });

  it('reads the base, steps, sub-pages and the fulfillment page', () => {
    expect(parseTrackerPath(`/progress/${order}`, order)).toEqual({ kind: 'base' });
    expect(parseTrackerPath(`/progress/${order}/`, order)).toEqual({ kind: 'base' });
    expect(parseTrackerPath(`/progress/${order}/doc-upload`, order)).toEqual({
      kind: 'step',
      step: 'UPLOAD_DOCUMENTS',
      subPage: null,
    });
    expect(parseTrackerPath(`/progress/${order}/doc-upload/summary`, order)).toEqual({
      kind: 'step',
      step: 'UPLOAD_DOCUMENTS',
      subPage: 'summary',
    });
    expect(parseTrackerPath(`/fulfillment/${order}`, order)).toEqual({
      kind: 'step',
      step: 'SCHEDULE_DELIVERY',
      subPage: null,
    });
    expect(parseTrackerPath(`/progress/SR%2DX/payment`, 'SR-X')).toEqual({
      kind: 'step',
      step: 'PAYMENT_DETAILS',
      subPage: null,
    });
  });

  it('anything else is unknown', () => {
    for (const path of [
      `/progress/${order}/nowhere`,
      `/progress/${order}/doc-upload/nowhere`,
      `/progress/${order}/payment/summary`,
      `/progress/${order}/signing/review/extra`,
      `/progress/${order}/fulfillment`,
      `/fulfillment/${order}/extra`,
      `/progress/OTHER/payment`,
      `/elsewhere/${order}`,
    ]) {
      expect(parseTrackerPath(path, order), path).toEqual({ kind: 'unknown' });
    }
  });
});

describe('tracker redirects (seed 000 §2.2)', () => {
  const steps: StepState[] = [
    { step: 'VERIFY_INSURANCE', status: 'COMPLETED' },
    { step: 'VERIFY_ID', status: 'IN_PROGRESS' },
    { step: 'UPLOAD_DOCUMENTS', status: 'READY' },
    { step: 'SIGN_CONTRACT', status: 'NOT_READY' },
    { step: 'SCHEDULE_DELIVERY', status: 'NOT_READY' },
  ];
  const input = { orderNumber: order, steps, activeStep: 'VERIFY_ID' } as const;
  const active = `/progress/${order}/id-verification`;

  it('the base and unknown paths go to the active step', () => {
    expect(getTrackerRedirect({ kind: 'base' }, input)).toBe(active);
    expect(getTrackerRedirect({ kind: 'unknown' }, input)).toBe(active);
  });
  it('a step that is not ready goes to the active step', () => {
    expect(getTrackerRedirect({ kind: 'step', step: 'SIGN_CONTRACT', subPage: null }, input)).toBe(active);
    expect(getTrackerRedirect({ kind: 'step', step: 'SCHEDULE_DELIVERY', subPage: null }, input)).toBe(active);
  });
  it('a step the order does not have goes to the active step', () => {
    expect(getTrackerRedirect({ kind: 'step', step: 'FINANCE_DECISION', subPage: 'accepted' }, input)).toBe(active);
  });
  it('an outcome page of an undecided deal goes to the active step (issue 18)', () => {
    const deciding = [...steps, { step: 'FINANCE_DECISION', status: 'READY' }] as StepState[];
    const undecided = { ...input, steps: deciding };
    expect(getTrackerRedirect({ kind: 'step', step: 'FINANCE_DECISION', subPage: 'accepted' }, undecided)).toBe(active);
    expect(getTrackerRedirect({ kind: 'step', step: 'FINANCE_DECISION', subPage: 'declined' }, undecided)).toBe(active);
    expect(getTrackerRedirect({ kind: 'step', step: 'FINANCE_DECISION', subPage: 'pending' }, undecided)).toBeNull();
    const accepted = [...steps, { step: 'FINANCE_DECISION', status: 'COMPLETED' }] as StepState[];
    expect(
      getTrackerRedirect(
        { kind: 'step', step: 'FINANCE_DECISION', subPage: 'accepted' },
        { ...input, steps: accepted },
      ),
    ).toBeNull();
    expect(
      getTrackerRedirect(
        { kind: 'step', step: 'FINANCE_DECISION', subPage: 'declined' },
        { ...input, steps: accepted },
      ),
    ).toBe(active);
    const declined = [...steps, { step: 'FINANCE_DECISION', status: 'NEEDS_ATTENTION' }] as StepState[];
    expect(
      getTrackerRedirect(
        { kind: 'step', step: 'FINANCE_DECISION', subPage: 'declined' },
        { ...input, steps: declined },
      ),
    ).toBeNull();
  });
  it('an open or completed step is shown', () => {
    expect(getTrackerRedirect({ kind: 'step', step: 'VERIFY_INSURANCE', subPage: null }, input)).toBeNull();
    expect(getTrackerRedirect({ kind: 'step', step: 'UPLOAD_DOCUMENTS', subPage: 'summary' }, input)).toBeNull();
  });
  it('SCHEDULE_DELIVERY as the active step goes to /fulfillment', () => {
    expect(getTrackerRedirect({ kind: 'base' }, { ...input, activeStep: 'SCHEDULE_DELIVERY' })).toBe(
      `/fulfillment/${order}`,
    );
  });
  it('keeps forceFlag on the redirect, and nothing else', () => {
    expect(
      keepForcedFlags('/progress/X/id-verification', 'http://localhost/progress/X?forceFlag=a&x=1&forceFlag=b:c'),
    ).toBe('/progress/X/id-verification?forceFlag=a&forceFlag=b%3Ac');
    expect(keepForcedFlags('/progress/X/id-verification', 'http://localhost/progress/X?x=1')).toBe(
      '/progress/X/id-verification',
    );
  });
});
