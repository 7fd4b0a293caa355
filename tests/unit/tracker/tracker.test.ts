import { describe, expect, it } from 'vitest';
import { NO_SHOPPER_ACTIONS } from '~/lib/tracker/actions';
import { mapPolicyStatus } from '~/lib/tracker/statuses';
import { buildTracker, type TrackerFlags, type TrackerInput } from '~/lib/tracker/tracker';
import { SCENARIOS, WORK_STEPS as SEED_WORK_STEPS, type Scenario } from '../../../server/db/seed-data/scenarios';
import { WORK_STEPS } from '~/lib/tracker/steps';
import { scenarioAnswers } from './scenario-data';

const SHIPPED_FLAGS: TrackerFlags = { consolidateFinanceAndSigning: false, dealReviewPage: false };

function inputFor(scenario: Scenario, overrides: Partial<TrackerInput> = {}): TrackerInput {
  const answers = scenarioAnswers(scenario);
  return {
    order: answers.order,
    history: answers.history,
    idVerification: answers.idVerification,
    documents: answers.documents,
    readiness: answers.readiness,
    signing: answers.signing,
    policyStatus: mapPolicyStatus(answers.policyStatus),
    flags: SHIPPED_FLAGS,
    actions: NO_SHOPPER_ACTIONS,
    ...overrides,
  };
}

function scenario(key: string): Scenario {
  const found = SCENARIOS.find((item) => item.key === key);
  if (!found) throw new Error(`no scenario ${key}`);
  return found;
}

describe('buildTracker against every seeded scenario', () => {
  it('the seed and the storefront name the same steps in the same order', () => {
    expect([...WORK_STEPS]).toEqual([...SEED_WORK_STEPS]);
  });

  const placed = SCENARIOS.filter((item) => item.expected.activeStep !== null);
  it.each(placed.map((item) => [item.key, item] as const))('%s', (_key, item) => {
    const tracker = buildTracker(inputFor(item));
    expect(Object.fromEntries(tracker.steps.map(({ step, status }) => [step, status]))).toEqual(item.expected.steps);
    // Sequence order, not only the same keys.
    expect(tracker.steps.map(({ step }) => step)).toEqual(Object.keys(item.expected.steps));
    expect(tracker.activeStep).toBe(item.expected.activeStep);
  });
});

describe('buildTracker: flags and recorded actions', () => {
  it('consolidate-finance-and-signing removes FINANCE_DECISION and DEAL_REVIEW', () => {
    const tracker = buildTracker(
      inputFor(scenario('cash-dealer-deal-review'), {
        flags: { ...SHIPPED_FLAGS, consolidateFinanceAndSigning: true },
      }),
    );
    expect(tracker.steps.map(({ step }) => step)).toEqual([
      'VERIFY_INSURANCE',
      'VERIFY_ID',
      'UPLOAD_DOCUMENTS',
      'SIGN_CONTRACT',
      'SCHEDULE_DELIVERY',
      'PAYMENT_DETAILS',
    ]);
    // The finance step is out of the sequence, so it cannot count towards signing.
    expect(tracker.statuses.FINANCE_DECISION).toBe('NOT_READY');
  });

  it('contract started in this browser: signing IN_PROGRESS', () => {
    const tracker = buildTracker(
      inputFor(scenario('signing-sent'), { actions: { contractStarted: true, cashPaid: false } }),
    );
    expect(tracker.statuses.SIGN_CONTRACT).toBe('IN_PROGRESS');
    expect(tracker.activeStep).toBe('SIGN_CONTRACT');
  });

  it('cash order paid in this browser: payment COMPLETED', () => {
    const tracker = buildTracker(
      inputFor(scenario('cash-pickup-balance-due'), { actions: { contractStarted: false, cashPaid: true } }),
    );
    expect(tracker.statuses.PAYMENT_DETAILS).toBe('COMPLETED');
    expect(tracker.activeStep).toBe('PAYMENT_DETAILS');
  });

  it('deal-review-page on: signing also waits for the insurance card', () => {
    const base = inputFor(scenario('documents-partial'));
    const ready = { ...base, readiness: { ready: true, isSigningNotificationSent: false } };
    expect(buildTracker(ready).statuses.SIGN_CONTRACT).toBe('READY');
    expect(buildTracker({ ...ready, flags: { ...SHIPPED_FLAGS, dealReviewPage: true } }).statuses.SIGN_CONTRACT).toBe(
      'NOT_READY',
    );
  });

  it('an unknown insurance policy status needs attention', () => {
    const tracker = buildTracker(inputFor(scenario('finance-new'), { policyStatus: mapPolicyStatus('SOMETHING_NEW') }));
    expect(tracker.statuses.VERIFY_INSURANCE).toBe('NEEDS_ATTENTION');
  });

  it('reports off-ramp and signing complete', () => {
    const offRamp = buildTracker(inputFor(scenario('offramp-signed')));
    expect(offRamp.offRamp).toBe(true);
    expect(offRamp.signingComplete).toBe(true);
    const fresh = buildTracker(inputFor(scenario('finance-new')));
    expect(fresh.offRamp).toBe(false);
    expect(fresh.signingComplete).toBe(false);
  });
});
