import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dealDecisionResponseSchema,
  dealTermsResponseSchema,
  envelopeResponseSchema,
  signingDocumentResponseSchema,
  signingReadinessSchema,
  signingStatusSchema,
} from '~/lib/contract/tracker';
import { orders, signings } from '#server/db/schema';
import { errorCode, startStepHarness, type StepHarness } from './tracker-harness';

// Deal review, the finance decision and contract signing on the built-in backend: the
// decision moves the deal (UACC or UDEC) with history; the contract is prepared in a few
// seconds (or times out after 3 minutes with an e-mail), signed in the embedded page by typing
// the buyer's name with the e-mail tied to the order, and countersigned by the dealer.

let harness: StepHarness;
let owner: { userId: string; token: string };

beforeAll(async () => {
  harness = await startStepHarness();
  owner = await harness.shopper('default', undefined, { firstName: 'Dana', lastName: 'Rivera' });
});
afterAll(async () => {
  await harness.close();
});

async function pendingOrder(template: 'finance' | 'cash-dealer') {
  const order = await harness.order(owner, template);
  await harness.database.db
    .update(orders)
    .set({ dealStatus: 'APEN', orderStatus: 'DOCS_UPLOADED' })
    .where(eq(orders.orderNumber, order.orderNumber));
  return order;
}

function decide(orderNumber: string, decision: 'ACCEPT' | 'DECLINE', token = owner.token) {
  return harness.call(`/public/commerce/orders/${orderNumber}/decision`, { token, json: { decision } });
}

async function envelope(orderNumber: string, token = owner.token) {
  const response = await harness.call(`/api/contracting/signing/${orderNumber}/envelope`, { token });
  expect(response.status).toBe(200);
  return envelopeResponseSchema.parse(await response.json()).data;
}

async function signingStatus(orderNumber: string) {
  const response = await harness.call(`/api/contracting/signing/${orderNumber}/status`, { token: owner.token });
  return signingStatusSchema.parse(await response.json());
}

describe('deal terms and decision', () => {
  it('shows the sandbox lender’s terms for a finance deal', async () => {
    const { orderNumber } = await pendingOrder('finance');
    const response = await harness.call(`/public/commerce/orders/${orderNumber}/terms`, { token: owner.token });
    const { data } = dealTermsResponseSchema.parse(await response.json());
    expect(data).toMatchObject({
      orderNumber,
      dealType: 'Finance',
      buyer: { firstName: 'Dana', lastName: 'Rivera' },
      downPaymentCents: 250_000,
      termMonths: 60,
      aprPercent: 8.49,
    });
    expect(data.amountFinancedCents).toBe(data.priceCents + data.taxesCents + data.feesCents - data.downPaymentCents);
    expect(data.dueCents).toBe(250_000);
    expect(data.monthlyPaymentCents).toBeGreaterThan(0);
  });

  it('accepts a pending offer: UACC, CONTRACT_PENDING, ready for a contract, with history', async () => {
    const { orderNumber } = await pendingOrder('finance');
    const response = await decide(orderNumber, 'ACCEPT');
    expect(response.status).toBe(200);
    expect(dealDecisionResponseSchema.parse(await response.json()).data).toEqual({
      dealStatus: 'UACC',
      orderStatus: 'CONTRACT_PENDING',
    });
    expect((await harness.history(orderNumber)).slice(-2)).toEqual([
      { orderStatus: 'DOCS_UPLOADED', dealStatus: 'UACC' },
      { orderStatus: 'CONTRACT_PENDING', dealStatus: 'UACC' },
    ]);
    const readiness = await harness.call(`/api/contracting/signing/${orderNumber}/readiness`, { token: owner.token });
    expect(signingReadinessSchema.parse(await readiness.json()).ready).toBe(true);
    // Decided once: a second answer is refused.
    const again = await decide(orderNumber, 'DECLINE');
    expect(again.status).toBe(409);
    expect(await errorCode(again)).toBe('error.deal.notPending');
  });

  it('declines a pending deal review: UDEC with history, and no contract can be prepared', async () => {
    const { orderNumber } = await pendingOrder('cash-dealer');
    expect(dealDecisionResponseSchema.parse(await (await decide(orderNumber, 'DECLINE')).json()).data.dealStatus).toBe(
      'UDEC',
    );
    expect((await harness.history(orderNumber)).at(-1)).toEqual({ orderStatus: 'DOCS_UPLOADED', dealStatus: 'UDEC' });
    const prepare = await harness.call(`/api/contracting/signing/${orderNumber}/prepare`, {
      method: 'POST',
      token: owner.token,
    });
    expect(prepare.status).toBe(409);
    expect(await errorCode(prepare)).toBe('error.contract.notAvailable');
  });

  it('refuses a decision on a deal that is not pending, and another shopper’s order', async () => {
    const { orderNumber } = await harness.order(owner, 'finance');
    expect((await decide(orderNumber, 'ACCEPT')).status).toBe(409);
    const stranger = await harness.shopper();
    const pending = await pendingOrder('finance');
    const theirs = await decide(pending.orderNumber, 'ACCEPT', stranger.token);
    expect(theirs.status).toBe(404);
    expect(
      (await harness.call(`/public/commerce/orders/${pending.orderNumber}/terms`, { token: stranger.token })).status,
    ).toBe(404);
    expect((await decide(pending.orderNumber, 'MAYBE' as 'ACCEPT')).status).toBe(400);
  });
});

describe('contract signing', () => {
  async function acceptedOrder() {
    const order = await pendingOrder('finance');
    await decide(order.orderNumber, 'ACCEPT');
    return order;
  }

  it('prepares the contract, e-mails when it is ready, signs with the typed name, and the dealer countersigns', async () => {
    const { orderNumber } = await acceptedOrder();
    expect((await envelope(orderNumber)).state).toBe('NOT_STARTED');
    const prepared = await harness.call(`/api/contracting/signing/${orderNumber}/prepare`, {
      method: 'POST',
      token: owner.token,
    });
    expect(prepared.status).toBe(202);
    expect(envelopeResponseSchema.parse(await prepared.json()).data).toMatchObject({
      state: 'PREPARING',
      timeoutSeconds: 180,
      signingToken: null,
    });

    harness.clock.advance(3_999);
    expect((await envelope(orderNumber)).state).toBe('PREPARING');
    const sent = harness.messages.sent.length;
    harness.clock.advance(1);
    const ready = await envelope(orderNumber);
    expect(ready).toMatchObject({ state: 'READY', buyerSigned: false });
    expect(ready.signingToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const mails = harness.messages.sent.slice(sent);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ channel: 'email', subject: 'Showroom: your contract is ready to sign' });
    expect(mails[0]!.body).toContain(`/signing?orderNumber=${orderNumber}`);
    expect(await signingStatus(orderNumber)).toEqual({
      status: 'Sent',
      signersCompleted: { buyer: false, dealer: false },
    });
    // Read again: still one e-mail.
    await envelope(orderNumber);
    expect(harness.messages.sent.length).toBe(sent + 1);

    const token = ready.signingToken!;
    const document = await harness.call(`/api/contracting/signing/document/${token}`, { token: owner.token });
    expect(signingDocumentResponseSchema.parse(await document.json()).data).toMatchObject({
      orderNumber,
      state: 'READY',
      buyerName: 'Dana Rivera',
    });

    const pdfResponse = await harness.call(`/api/contracting/signing/document/${token}/pdf`, { token: owner.token });
    expect(pdfResponse.headers.get('content-type')).toBe('application/pdf');
    const pdf = await PDFDocument.load(new Uint8Array(await pdfResponse.arrayBuffer()));
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toBe(`Retail Installment Sale Contract – order ${orderNumber}`);
    expect(pdf.getSubject()).toBe(`Order ${orderNumber}`);

    const wrongName = await harness.call(`/api/contracting/signing/document/${token}/sign`, {
      token: owner.token,
      json: { typedName: 'Someone Else', agreed: true },
    });
    expect(wrongName.status).toBe(422);
    expect(await errorCode(wrongName)).toBe('error.contract.nameMismatch');
    const notAgreed = await harness.call(`/api/contracting/signing/document/${token}/sign`, {
      token: owner.token,
      json: { typedName: 'Dana Rivera', agreed: false },
    });
    expect(notAgreed.status).toBe(400);

    const signed = await harness.call(`/api/contracting/signing/document/${token}/sign`, {
      token: owner.token,
      json: { typedName: '  dana   RIVERA ', agreed: true },
    });
    expect(signed.status).toBe(200);
    expect(envelopeResponseSchema.parse(await signed.json()).data).toMatchObject({
      state: 'SIGNED',
      buyerSigned: true,
      dealerSigned: false,
    });
    expect(await signingStatus(orderNumber)).toEqual({
      status: 'Sent',
      signersCompleted: { buyer: true, dealer: false },
    });
    const twice = await harness.call(`/api/contracting/signing/document/${token}/sign`, {
      token: owner.token,
      json: { typedName: 'Dana Rivera', agreed: true },
    });
    expect(await errorCode(twice)).toBe('error.contract.alreadySigned');

    harness.clock.advance(5_000);
    expect(await signingStatus(orderNumber)).toEqual({
      status: 'Signed',
      signersCompleted: { buyer: true, dealer: true },
    });
    expect(await harness.orderRow(orderNumber)).toMatchObject({ dealStatus: 'SIGN', orderStatus: 'CONTRACT_PENDING' });
    expect((await harness.history(orderNumber)).at(-1)).toEqual({
      orderStatus: 'CONTRACT_PENDING',
      dealStatus: 'SIGN',
    });
    expect(harness.messages.sent.at(-1)?.subject).toBe('Showroom: your contract is complete');
  });

  it('times out after 3 minutes with one follow-up e-mail, and can be prepared again', async () => {
    const slow = await startStepHarness({ contractPreparationMs: 10 * 60_000 });
    try {
      const shopper = await slow.shopper();
      const { orderNumber } = await slow.order(shopper, 'cash');
      await slow.database.db
        .insert(signings)
        .values({ orderNumber: `${orderNumber}`, ready: true })
        .onConflictDoUpdate({ target: signings.orderNumber, set: { ready: true } });
      const read = async () =>
        envelopeResponseSchema.parse(
          await (await slow.call(`/api/contracting/signing/${orderNumber}/envelope`, { token: shopper.token })).json(),
        ).data;
      await slow.call(`/api/contracting/signing/${orderNumber}/prepare`, { method: 'POST', token: shopper.token });
      slow.clock.advance(179_000);
      expect((await read()).state).toBe('PREPARING');
      const before = slow.messages.sent.length;
      slow.clock.advance(1_000);
      expect((await read()).state).toBe('TIMED_OUT');
      await read();
      const followUps = slow.messages.sent.slice(before);
      expect(followUps.map((message) => message.subject)).toEqual([
        'Showroom: your contract is taking longer than usual',
      ]);
      const again = await slow.call(`/api/contracting/signing/${orderNumber}/prepare`, {
        method: 'POST',
        token: shopper.token,
      });
      expect(envelopeResponseSchema.parse(await again.json()).data.state).toBe('PREPARING');
    } finally {
      await slow.close();
    }
  });

  it('tells a shopper signed in with another e-mail that the contract is not theirs, and refuses broken or expired links', async () => {
    const { orderNumber } = await acceptedOrder();
    await harness.call(`/api/contracting/signing/${orderNumber}/prepare`, { method: 'POST', token: owner.token });
    harness.clock.advance(4_000);
    const token = (await envelope(orderNumber)).signingToken!;
    const other = await harness.shopper();
    const differentEmail = await harness.call(`/api/contracting/signing/document/${token}`, { token: other.token });
    expect(differentEmail.status).toBe(403);
    expect(await errorCode(differentEmail)).toBe('error.contract.differentEmail');
    const signAsOther = await harness.call(`/api/contracting/signing/document/${token}/sign`, {
      token: other.token,
      json: { typedName: 'Avery Lane', agreed: true },
    });
    expect(signAsOther.status).toBe(403);
    const signedOut = await harness.call(`/api/contracting/signing/document/${token}`);
    expect(signedOut.status).toBe(401);
    const broken = await harness.call(`/api/contracting/signing/document/${token.slice(0, -4)}abcd`, {
      token: owner.token,
    });
    expect(await errorCode(broken)).toBe('error.contract.linkBroken');
    const otherTenant = await harness.call(`/api/contracting/signing/document/${token}`, {
      token: owner.token,
      tenantId: 'northside',
    });
    expect(otherTenant.status).toBeGreaterThanOrEqual(400);
    harness.clock.advance(2 * 60 * 60 * 1000 + 1);
    const expired = await harness.call(`/api/contracting/signing/document/${token}`, { token: owner.token });
    expect(expired.status).toBe(410);
    expect(await errorCode(expired)).toBe('error.contract.linkExpired');
    harness.clock.set(new Date());
  });

  it('answers a cancelled package with wrongPackageStatus and another shopper with 404', async () => {
    const { orderNumber } = await acceptedOrder();
    await harness.database.db
      .update(signings)
      .set({ status: 'Cancelled' })
      .where(eq(signings.orderNumber, orderNumber));
    const prepare = await harness.call(`/api/contracting/signing/${orderNumber}/prepare`, {
      method: 'POST',
      token: owner.token,
    });
    expect(prepare.status).toBe(409);
    expect(await errorCode(prepare)).toBe('error.validation.wrongPackageStatus');
    const stranger = await harness.shopper();
    for (const pathname of ['envelope', 'status', 'readiness']) {
      expect(
        (await harness.call(`/api/contracting/signing/${orderNumber}/${pathname}`, { token: stranger.token })).status,
      ).toBe(404);
    }
    expect(
      (await harness.call(`/api/contracting/signing/${orderNumber}/prepare`, { method: 'POST', token: stranger.token }))
        .status,
    ).toBe(404);
  });
});
