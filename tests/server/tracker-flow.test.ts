import sharp from 'sharp';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderHistoryResponseSchema, orderResponseSchema } from '~/lib/contract/orders';
import {
  documentsResponseSchema,
  envelopeResponseSchema,
  idVerificationStatusSchema,
  insuranceProgressSchema,
  signingReadinessSchema,
  signingStatusSchema,
  testOrderResponseSchema,
} from '~/lib/contract/tracker';
import { NO_SHOPPER_ACTIONS, type ShopperActions } from '~/lib/tracker/actions';
import { mapPolicyStatus } from '~/lib/tracker/statuses';
import { buildTracker } from '~/lib/tracker/tracker';
import { addDays, localDate, weekdayOf } from '~/lib/shared/dealer-time';
import { APPROVED_CARD, multipart, startStepHarness, type StepHarness } from './tracker-harness';

// A finance order and a dealer-started cash order, from placed to delivery scheduled, through
// the built-in backend's API only, with the tracker's own rules (app/lib/tracker) reading the
// answers after every step the shopper takes: each step opens, completes and hands over to
// the next exactly as the seed's rules say.

let harness: StepHarness;
let owner: { userId: string; token: string };
let png: Uint8Array;
let pdf: Uint8Array;

beforeAll(async () => {
  harness = await startStepHarness({ insurancePullMs: 400 });
  owner = await harness.shopper('default', undefined, { firstName: 'Dana', lastName: 'Rivera' });
  // An earlier order gives the shopper a vehicle that the test orders reuse.
  await harness.order(owner, 'finance');
  png = new Uint8Array(
    await sharp({ create: { width: 120, height: 80, channels: 3, background: '#2255aa' } })
      .png()
      .toBuffer(),
  );
  const doc = await PDFDocument.create();
  doc.addPage([100, 100]);
  pdf = await doc.save();
});
afterAll(async () => {
  await harness.close();
});

async function get<T>(pathname: string, schema: { parse(value: unknown): T }): Promise<T> {
  const response = await harness.call(pathname, { token: owner.token });
  expect(response.status, pathname).toBe(200);
  return schema.parse(await response.json());
}

/** The tracker as the storefront's loader would build it from the API's answers. */
async function tracker(orderNumber: string, actions: ShopperActions = NO_SHOPPER_ACTIONS): Promise<string[]> {
  const { data: order } = await get(`/public/commerce/orders/${orderNumber}`, orderResponseSchema);
  const [history, idVerification, readiness, signing, insurance, documents] = await Promise.all([
    get(`/public/commerce/history/${orderNumber}`, orderHistoryResponseSchema),
    get(`/api/id-verification/doc-verification/consumer?orderId=${orderNumber}`, idVerificationStatusSchema),
    get(`/api/contracting/signing/${orderNumber}/readiness`, signingReadinessSchema),
    get(`/api/contracting/signing/${orderNumber}/status`, signingStatusSchema),
    get(`/public/insurance-verification/progress/${orderNumber}`, insuranceProgressSchema),
    get(`/api/documents/deals/${order.deal.dealRefId}/documents?excludeSystem=true`, documentsResponseSchema),
  ]);
  const state = buildTracker({
    order,
    history: history.data.history,
    idVerification,
    documents: documents.documents,
    readiness,
    signing,
    policyStatus: mapPolicyStatus(insurance.policyStatus),
    flags: { consolidateFinanceAndSigning: false, dealReviewPage: false },
    actions,
  });
  return state.steps.map(({ step, status }) => `${step}:${status}`);
}

async function post(pathname: string, json: unknown, expected = 200) {
  const response = await harness.call(pathname, { token: owner.token, json });
  expect(response.status, `${pathname}: ${await response.clone().text()}`).toBe(expected);
  return response;
}

async function verifyInsurance(orderNumber: string) {
  await post('/public/insurance-verification/consent', {
    orderNumber,
    termsVersion: 1,
    consentLanguage: 'I authorize the policy pull.',
  });
  await post('/public/insurance-verification/policy', { orderNumber, pullId: `pull-${orderNumber}` }, 202);
}

async function verifyId(orderNumber: string) {
  await post(
    '/api/id-verification/doc-verification/consumer/link',
    { orderId: orderNumber, linkBase: 'http://localhost/' },
    201,
  );
  const sms = harness.messages.sent.filter((message) => message.channel === 'sms').at(-1)!;
  const token = /capture\/([\w-]+)/.exec(sms.body)![1]!;
  const response = await harness.call(`/api/id-verification/capture/${token}`, {
    method: 'POST',
    body: multipart(
      (['front', 'back', 'selfie'] as const).map((field) => ({
        field,
        name: `${field}.png`,
        type: 'image/png',
        bytes: png,
      })),
    ),
  });
  expect(await response.json()).toEqual({ status: 'SUCCESSFUL', problems: [] });
}

async function upload(dealRefId: string, type: string) {
  const response = await harness.call(`/api/documents/deals/${dealRefId}/documents/${type}`, {
    method: 'PUT',
    token: owner.token,
    body: multipart([{ field: 'documents', name: `${type}.pdf`, type: 'application/pdf', bytes: pdf }]),
  });
  expect(response.status).toBe(201);
}

async function signContract(orderNumber: string) {
  await post(`/api/contracting/signing/${orderNumber}/prepare`, {}, 202);
  harness.clock.advance(4_000);
  const { data } = await get(`/api/contracting/signing/${orderNumber}/envelope`, envelopeResponseSchema);
  expect(data.state).toBe('READY');
  await post(`/api/contracting/signing/document/${data.signingToken}/sign`, { typedName: 'Dana Rivera', agreed: true });
  // The dealer countersigns a few seconds later.
  harness.clock.advance(5_000);
  expect(await get(`/api/contracting/signing/${orderNumber}/status`, signingStatusSchema)).toEqual({
    status: 'Signed',
    signersCompleted: { buyer: true, dealer: true },
  });
}

/** Tomorrow, or Monday when tomorrow is Sunday (the dealer is closed). */
function tomorrow(): string {
  const date = addDays(localDate(harness.clock.now(), 'America/Chicago'), 1);
  return weekdayOf(date) === 'sunday' ? addDays(date, 1) : date;
}

describe('from placed to delivery scheduled through the API', () => {
  it('a finance order', async () => {
    const created = await harness.call('/api/test/orders', { token: owner.token, json: { template: 'finance' } });
    expect(created.status).toBe(201);
    const { orderNumber, dealRefId } = testOrderResponseSchema.parse(await created.json()).data;
    const R = 'READY';
    const NR = 'NOT_READY';
    const C = 'COMPLETED';
    const steps = (ins: string, id: string, docs: string, fin: string, sign: string, pay: string, del: string) => [
      `VERIFY_INSURANCE:${ins}`,
      `VERIFY_ID:${id}`,
      `UPLOAD_DOCUMENTS:${docs}`,
      `FINANCE_DECISION:${fin}`,
      `SIGN_CONTRACT:${sign}`,
      `PAYMENT_DETAILS:${pay}`,
      `SCHEDULE_DELIVERY:${del}`,
    ];
    expect(await tracker(orderNumber)).toEqual(steps(R, R, R, NR, NR, NR, NR));

    await verifyInsurance(orderNumber);
    expect(await tracker(orderNumber)).toEqual(steps('IN_PROGRESS', R, R, NR, NR, NR, NR));
    // The insurer answers once insurancePullMs have passed, read from the row (no timer).
    harness.clock.advance(400);
    await expect.poll(() => tracker(orderNumber)).toEqual(steps(C, R, R, NR, NR, NR, NR));

    await verifyId(orderNumber);
    expect(await tracker(orderNumber)).toEqual(steps(C, C, R, NR, NR, NR, NR));

    await upload(dealRefId, 'DriversLicense');
    await upload(dealRefId, 'InsuranceCard');
    expect(await tracker(orderNumber)).toEqual(steps(C, C, 'NEEDS_ATTENTION', NR, NR, NR, NR));
    await upload(dealRefId, 'PayStub');
    expect(await tracker(orderNumber)).toEqual(steps(C, C, C, R, NR, NR, NR));

    await post(`/public/commerce/orders/${orderNumber}/decision`, { decision: 'ACCEPT' });
    expect(await tracker(orderNumber)).toEqual(steps(C, C, C, C, R, NR, NR));
    expect(await tracker(orderNumber, { contractStarted: true, cashPaid: false })).toEqual(
      steps(C, C, C, C, 'IN_PROGRESS', NR, NR),
    );

    await signContract(orderNumber);
    expect(await tracker(orderNumber)).toEqual(steps(C, C, C, C, C, R, NR));

    await post(
      `/api/payments/orders/${orderNumber}/card`,
      {
        idempotencyKey: `flow-${orderNumber}`,
        amountCents: 250_000,
        card: APPROVED_CARD,
      },
      201,
    );
    expect(await tracker(orderNumber)).toEqual(steps(C, C, C, C, C, C, R));

    await post(
      `/api/fulfillment/${orderNumber}/appointments`,
      { method: 'PICKUP', date: tomorrow(), time: '11:00', locationId: 'dealership' },
      201,
    );
    expect(await tracker(orderNumber)).toEqual(steps(C, C, C, C, C, C, C));

    const { data } = await get(`/public/commerce/history/${orderNumber}`, orderHistoryResponseSchema);
    expect(data.history.map((entry) => `${entry.values.orderStatus}/${entry.values.deal.status}`)).toEqual([
      'DRAFT/null',
      'SUBMITTED/DPEN',
      'SUBMITTED/DPEN', // ID link sent
      'ID_VERIFICATION_COMPLETED/DPEN',
      'DOCS_UPLOADED/DPEN',
      'DOCS_UPLOADED/APEN',
      'DOCS_UPLOADED/UACC',
      'CONTRACT_PENDING/UACC',
      'CONTRACT_PENDING/SIGN', // the dealer countersigned
      'SOLD/SIGN',
      'SOLD/SIGN', // pickup requested
    ]);
  });

  it('a cash order the dealer started (deal review, payment last)', async () => {
    const created = await harness.call('/api/test/orders', { token: owner.token, json: { template: 'cash-dealer' } });
    const { orderNumber, dealRefId } = testOrderResponseSchema.parse(await created.json()).data;
    const steps = (
      ins: string,
      id: string,
      docs: string,
      review: string,
      fin: string,
      sign: string,
      del: string,
      pay: string,
    ) => [
      `VERIFY_INSURANCE:${ins}`,
      `VERIFY_ID:${id}`,
      `UPLOAD_DOCUMENTS:${docs}`,
      `DEAL_REVIEW:${review}`,
      `FINANCE_DECISION:${fin}`,
      `SIGN_CONTRACT:${sign}`,
      `SCHEDULE_DELIVERY:${del}`,
      `PAYMENT_DETAILS:${pay}`,
    ];
    const [R, NR, C] = ['READY', 'NOT_READY', 'COMPLETED'];
    expect(await tracker(orderNumber)).toEqual(steps(R, R, R, NR, NR, NR, NR, NR));
    await verifyInsurance(orderNumber);
    // The insurer answers once insurancePullMs have passed, read from the row (no timer).
    harness.clock.advance(400);
    await expect.poll(() => tracker(orderNumber)).toEqual(steps(C, R, R, NR, NR, NR, NR, NR));
    await verifyId(orderNumber);
    await upload(dealRefId, 'DriversLicense');
    await upload(dealRefId, 'InsuranceCard');
    expect(await tracker(orderNumber)).toEqual(steps(C, C, C, 'NEEDS_ATTENTION', R, NR, NR, NR));
    await post(`/public/commerce/orders/${orderNumber}/decision`, { decision: 'ACCEPT' });
    expect(await tracker(orderNumber)).toEqual(steps(C, C, C, C, C, R, NR, NR));
    await signContract(orderNumber);
    expect(await tracker(orderNumber)).toEqual(steps(C, C, C, C, C, C, R, R));
    await post(
      `/api/fulfillment/${orderNumber}/appointments`,
      {
        method: 'DELIVERY',
        date: tomorrow(),
        time: '15:30',
        address: { street: '418 Oak Hollow Lane', city: 'Austin', state: 'TX', zip: '78704' },
      },
      201,
    );
    expect(await tracker(orderNumber)).toEqual(steps(C, C, C, C, C, C, C, R));
    await post(
      `/api/payments/orders/${orderNumber}/card`,
      {
        idempotencyKey: `flow-${orderNumber}`,
        amountCents: 50_000,
        card: APPROVED_CARD,
      },
      201,
    );
    // The payment step of a cash order completes with the shopper's own record that they paid.
    expect(await tracker(orderNumber, { contractStarted: true, cashPaid: true })).toEqual(
      steps(C, C, C, C, C, C, C, C),
    );
  });
});
