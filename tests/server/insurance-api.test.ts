import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  insuranceConsentResponseSchema,
  insurancePolicyErrorResponseSchema,
  insurancePolicyResponseSchema,
  insuranceProgressDetailSchema,
} from '~/lib/contract/tracker';
import { errorCode, startStepHarness, type StepHarness } from './tracker-harness';

// Insurance verification on the built-in backend: consent (terms version 1), a policy pull that
// the sandbox insurer answers a moment later, and the error report that marks it not verified.

let harness: StepHarness;
let owner: { userId: string; token: string };
let stranger: { userId: string; token: string };

const CONSENT =
  'I authorize the dealer to retrieve my auto insurance policy details to verify coverage for this purchase.';

beforeAll(async () => {
  harness = await startStepHarness({ insurancePullMs: 30 });
  owner = await harness.shopper();
  stranger = await harness.shopper();
});
afterAll(async () => {
  await harness.close();
});

async function progress(orderNumber: string, token = owner.token) {
  const response = await harness.call(`/public/insurance-verification/progress/${orderNumber}`, { token });
  expect(response.status).toBe(200);
  return insuranceProgressDetailSchema.parse(await response.json()).policyStatus;
}

function consent(orderNumber: string, token = owner.token, body: Record<string, unknown> = {}) {
  return harness.call('/public/insurance-verification/consent', {
    token,
    json: { orderNumber, termsVersion: 1, consentLanguage: CONSENT, ...body },
  });
}

function pull(orderNumber: string, pullId: string, token = owner.token) {
  return harness.call('/public/insurance-verification/policy', { token, json: { orderNumber, pullId } });
}

describe('insurance verification', () => {
  it('takes the consent, pulls the policy and reads ACTIVE once the insurer answers', async () => {
    const { orderNumber } = await harness.order(owner, 'finance');
    expect(await progress(orderNumber)).toBe('NOT_INITIATED');

    const consented = await consent(orderNumber);
    expect(consented.status).toBe(200);
    expect(insuranceConsentResponseSchema.parse(await consented.json())).toMatchObject({
      orderNumber,
      termsVersion: 1,
    });

    const started = await pull(orderNumber, 'pull-0001');
    expect(started.status).toBe(202);
    expect(insurancePolicyResponseSchema.parse(await started.json())).toEqual({
      orderNumber,
      pullId: 'pull-0001',
      policyStatus: 'IN_PROGRESS',
    });
    expect(await progress(orderNumber)).toBe('IN_PROGRESS');

    // The insurer's answer is read from the row once insurancePullMs have passed (no timer).
    harness.clock.advance(30);
    await expect.poll(() => progress(orderNumber), { timeout: 2_000 }).toBe('ACTIVE');
    // Verified: another pull is refused.
    const again = await pull(orderNumber, 'pull-0002');
    expect(again.status).toBe(409);
    expect(await errorCode(again)).toBe('error.insurance.alreadyVerified');
  });

  it('refuses a pull without consent, and a consent with another terms version', async () => {
    const { orderNumber } = await harness.order(owner, 'finance');
    const early = await pull(orderNumber, 'pull-0003');
    expect(early.status).toBe(409);
    expect(await errorCode(early)).toBe('error.insurance.consentRequired');
    const wrongTerms = await consent(orderNumber, owner.token, { termsVersion: 2 });
    expect(wrongTerms.status).toBe(400);
    expect(await errorCode(wrongTerms)).toBe('error.validation.invalidRequest');
  });

  it('reads a reported pull error as not verified (CANCELLED), and a new consent and pull can still verify it', async () => {
    const { orderNumber } = await harness.order(owner, 'cash');
    await consent(orderNumber);
    const reported = await harness.call('/public/insurance-verification/policy/error', {
      token: owner.token,
      json: { orderNumber, reason: 'The shopper closed the insurer window' },
    });
    expect(reported.status).toBe(200);
    expect(insurancePolicyErrorResponseSchema.parse(await reported.json()).policyStatus).toBe('CANCELLED');
    expect(await progress(orderNumber)).toBe('CANCELLED');

    await consent(orderNumber);
    expect((await pull(orderNumber, 'pull-0004')).status).toBe(202);
    // The insurer's answer is read from the row once insurancePullMs have passed (no timer).
    harness.clock.advance(30);
    await expect.poll(() => progress(orderNumber), { timeout: 2_000 }).toBe('ACTIVE');
  });

  it('answers only the latest pull: a restarted pull is not overwritten by the old one', async () => {
    const slow = await startStepHarness({ insurancePullMs: 150 });
    try {
      const shopper = await slow.shopper();
      const { orderNumber } = await slow.order(shopper, 'finance');
      await slow.call('/public/insurance-verification/consent', {
        token: shopper.token,
        json: { orderNumber, termsVersion: 1, consentLanguage: CONSENT },
      });
      await slow.call('/public/insurance-verification/policy', {
        token: shopper.token,
        json: { orderNumber, pullId: 'first-pull' },
      });
      await slow.call('/public/insurance-verification/policy/error', {
        token: shopper.token,
        json: { orderNumber, reason: 'timeout' },
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      const answer = await slow.call(`/public/insurance-verification/progress/${orderNumber}`, {
        token: shopper.token,
      });
      expect((await answer.json()).policyStatus).toBe('CANCELLED');
    } finally {
      await slow.close();
    }
  });

  it('answers another shopper with 404 on every call', async () => {
    const { orderNumber } = await harness.order(owner, 'finance');
    const calls = [
      harness.call(`/public/insurance-verification/progress/${orderNumber}`, { token: stranger.token }),
      consent(orderNumber, stranger.token),
      pull(orderNumber, 'pull-0005', stranger.token),
      harness.call('/public/insurance-verification/policy/error', {
        token: stranger.token,
        json: { orderNumber, reason: 'x' },
      }),
      harness.call('/public/insurance-verification/consent', {
        json: { orderNumber, termsVersion: 1, consentLanguage: CONSENT },
      }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.status).toBe(404);
      expect(await errorCode(response)).toBe('error.order.notFound');
    }
  });

  it('answers a body that is not JSON with the contract error, not a stack trace', async () => {
    const response = await harness.call('/public/insurance-verification/consent', {
      token: owner.token,
      body: '{"orderNumber": "SR',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(await errorCode(response)).toBe('error.validation.invalidRequest');
  });
});
