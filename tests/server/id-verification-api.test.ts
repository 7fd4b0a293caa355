import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  idCaptureResultSchema,
  idCaptureStateSchema,
  idVerificationLinkResponseSchema,
  idVerificationStatusSchema,
} from '~/lib/contract/tracker';
import { isIdCaptureOffered } from '~/lib/shared/id-capture';
import { carts } from '#server/db/schema';
import { getIdVerificationStepStatus } from '~/lib/tracker/statuses';
import { errorCode, multipart, startStepHarness, type StepHarness } from './tracker-harness';

// ID verification on the built-in backend: the text link (an SMS with the capture page's
// address, 24 hours), the capture from the phone without a sign-in, the verifier's rule (three
// readable pictures) and what it does to the order.

let harness: StepHarness;
let owner: { userId: string; token: string };
let png: Uint8Array;
let jpeg: Uint8Array;

beforeAll(async () => {
  harness = await startStepHarness();
  owner = await harness.shopper();
  const image = sharp({ create: { width: 64, height: 40, channels: 3, background: '#3366aa' } });
  png = new Uint8Array(await image.clone().png().toBuffer());
  jpeg = new Uint8Array(await image.clone().jpeg().toBuffer());
});
afterAll(async () => {
  await harness.close();
});

async function sendLink(orderNumber: string, token = owner.token, linkBase = 'http://localhost:3000/') {
  return harness.call('/api/id-verification/doc-verification/consumer/link', {
    token,
    json: { orderId: orderNumber, linkBase },
  });
}

/** The token of the last link texted (read from the SMS, as the shopper's phone would). */
function lastLinkToken(): string {
  const sms = harness.messages.sent.filter((message) => message.channel === 'sms').at(-1);
  const match = /\/progress\/id-verification\/capture\/([A-Za-z0-9_-]+)/.exec(sms?.body ?? '');
  if (!match) throw new Error('no capture link texted');
  return match[1]!;
}

async function status(orderNumber: string) {
  const response = await harness.call(`/api/id-verification/doc-verification/consumer?orderId=${orderNumber}`, {
    token: owner.token,
  });
  return idVerificationStatusSchema.parse(await response.json());
}

function capture(token: string, parts: Array<'front' | 'back' | 'selfie'>, bytes: Uint8Array = png) {
  return harness.call(`/api/id-verification/capture/${token}`, {
    method: 'POST',
    body: multipart(parts.map((field) => ({ field, name: `${field}.png`, type: 'image/png', bytes }))),
  });
}

describe('ID verification', () => {
  it('texts a capture link that expires in 24 hours to the shopper’s phone', async () => {
    const { orderNumber } = await harness.order(owner, 'finance');
    const response = await sendLink(orderNumber);
    expect(response.status).toBe(201);
    const body = idVerificationLinkResponseSchema.parse(await response.json());
    expect(body.sentTo).toBe('(•••) •••-0147');
    expect(Date.parse(body.expiresAt) - harness.clock.now().getTime()).toBe(24 * 60 * 60 * 1000);
    const sms = harness.messages.sent.at(-1)!;
    expect(sms).toMatchObject({ channel: 'sms', to: '5125550147', tenantId: 'default' });
    expect(sms.body).toMatch(
      /^Showroom: verify your ID for order .+ Open http:\/\/localhost:3000\/progress\/id-verification\/capture\/[A-Za-z0-9_-]+ on your phone/,
    );
    expect(sms.body).toContain('expires in 24 hours');
    expect(await status(orderNumber)).toEqual({
      status: 'INITIATED',
      isExpired: false,
      transactionsAmount: 0,
      captureOffered: true,
    });
    expect((await harness.orderRow(orderNumber)).idVerificationStatus).toBe('INITIATED');
  });

  it('verifies three readable pictures: SUCCESSFUL, the order COMPLETED and ID_VERIFICATION_COMPLETED in its history', async () => {
    const { orderNumber } = await harness.order(owner, 'finance');
    await sendLink(orderNumber);
    const token = lastLinkToken();
    const state = await harness.call(`/api/id-verification/capture/${token}`);
    expect(idCaptureStateSchema.parse(await state.json())).toMatchObject({ state: 'OPEN', lastStatus: 'INITIATED' });

    const response = await harness.call(`/api/id-verification/capture/${token}`, {
      method: 'POST',
      body: multipart([
        { field: 'front', name: 'front.jpg', type: 'image/jpeg', bytes: jpeg },
        { field: 'back', name: 'back.png', type: 'image/png', bytes: png },
        { field: 'selfie', name: 'selfie.jpg', type: 'image/jpeg', bytes: jpeg },
      ]),
    });
    expect(response.status).toBe(200);
    expect(idCaptureResultSchema.parse(await response.json())).toEqual({ status: 'SUCCESSFUL', problems: [] });
    expect(await status(orderNumber)).toEqual({
      status: 'SUCCESSFUL',
      isExpired: false,
      transactionsAmount: 1,
      captureOffered: true,
    });
    const row = await harness.orderRow(orderNumber);
    expect(row).toMatchObject({ idVerificationStatus: 'COMPLETED', orderStatus: 'ID_VERIFICATION_COMPLETED' });
    expect((await harness.history(orderNumber)).at(-1)).toEqual({
      orderStatus: 'ID_VERIFICATION_COMPLETED',
      dealStatus: 'DPEN',
    });

    // The link is spent: the page says so and another capture is refused.
    const after = await harness.call(`/api/id-verification/capture/${token}`);
    expect(idCaptureStateSchema.parse(await after.json()).state).toBe('COMPLETED');
    const again = await capture(token, ['front', 'back', 'selfie']);
    expect(again.status).toBe(409);
    expect(await errorCode(again)).toBe('error.idVerification.alreadyVerified');
    const newLink = await sendLink(orderNumber);
    expect(newLink.status).toBe(409);
  });

  it('fails a capture with a missing or unreadable picture, keeps the link open for another try', async () => {
    const { orderNumber } = await harness.order(owner, 'finance');
    await sendLink(orderNumber);
    const token = lastLinkToken();
    const missing = await capture(token, ['front', 'back']);
    expect(idCaptureResultSchema.parse(await missing.json())).toEqual({ status: 'FAILED', problems: ['selfie'] });
    expect((await harness.orderRow(orderNumber)).idVerificationStatus).toBe('ERROR');

    const broken = await harness.call(`/api/id-verification/capture/${token}`, {
      method: 'POST',
      body: multipart([
        { field: 'front', name: 'front.png', type: 'image/png', bytes: png },
        { field: 'back', name: 'back.png', type: 'image/png', bytes: png.slice(0, 40) },
        {
          field: 'selfie',
          name: 'selfie.txt',
          type: 'image/png',
          bytes: new TextEncoder().encode('not a picture at all'),
        },
      ]),
    });
    expect(idCaptureResultSchema.parse(await broken.json())).toEqual({
      status: 'FAILED',
      problems: ['back', 'selfie'],
    });
    expect(await status(orderNumber)).toMatchObject({ status: 'FAILED', transactionsAmount: 2 });

    const good = await capture(token, ['front', 'back', 'selfie']);
    expect(idCaptureResultSchema.parse(await good.json()).status).toBe('SUCCESSFUL');
    expect(await status(orderNumber)).toMatchObject({ status: 'SUCCESSFUL', transactionsAmount: 3 });
  });

  it('expires the link after 24 hours: isExpired, and the capture is refused with 410', async () => {
    const { orderNumber } = await harness.order(owner, 'finance');
    await sendLink(orderNumber);
    const token = lastLinkToken();
    harness.clock.advance(24 * 60 * 60 * 1000 + 1);
    try {
      expect(await status(orderNumber)).toEqual({
        status: 'INITIATED',
        isExpired: true,
        transactionsAmount: 0,
        captureOffered: true,
      });
      const state = await harness.call(`/api/id-verification/capture/${token}`);
      expect(idCaptureStateSchema.parse(await state.json()).state).toBe('EXPIRED');
      const late = await capture(token, ['front', 'back', 'selfie']);
      expect(late.status).toBe(410);
      expect(await errorCode(late)).toBe('error.idVerification.linkExpired');
      // A new link starts the 24 hours again.
      await sendLink(orderNumber);
      expect(await status(orderNumber)).toMatchObject({ status: 'INITIATED', isExpired: false });
    } finally {
      harness.clock.set(new Date());
    }
  });

  it('refuses links to another site, shoppers without a phone, strangers, and unknown or other-tenant tokens', async () => {
    const { orderNumber } = await harness.order(owner, 'finance');
    const phishing = await sendLink(orderNumber, owner.token, 'https://evil.example/');
    expect(phishing.status).toBe(400);
    expect(await errorCode(phishing)).toBe('error.validation.linkBase');

    const noPhone = await harness.shopper('default', undefined, { phone: null });
    const theirs = await harness.order(noPhone, 'cash');
    const unreachable = await sendLink(theirs.orderNumber, noPhone.token);
    expect(unreachable.status).toBe(422);
    expect(await errorCode(unreachable)).toBe('error.idVerification.noPhone');

    const stranger = await harness.shopper();
    const notTheirs = await sendLink(orderNumber, stranger.token);
    expect(notTheirs.status).toBe(404);
    expect(await errorCode(notTheirs)).toBe('error.order.notFound');

    await sendLink(orderNumber);
    const token = lastLinkToken();
    expect((await harness.call('/api/id-verification/capture/not-a-token-we-issued-xyz')).status).toBe(404);
    const otherTenant = await harness.call(`/api/id-verification/capture/${token}`, { tenantId: 'northside' });
    expect(otherTenant.status).toBe(404);
    expect(await errorCode(otherTenant)).toBe('error.idVerification.linkNotFound');
  });
});

describe('Illinois residents (seed 002 §5: "Illinois residents cannot use ID capture")', () => {
  /** A test order whose cart carries the buyer's home address from the credit application. */
  async function orderLivingIn(state: string) {
    const order = await harness.order(owner, 'finance');
    const row = await harness.orderRow(order.orderNumber);
    await harness.database.db.insert(carts).values({
      tenantId: row.tenantId,
      userId: owner.userId,
      status: 'placed',
      vehicleId: row.vehicleId,
      dealType: 'Finance',
      termMonths: 60,
      orderNumber: order.orderNumber,
      creditAnswers: {
        personal: { address: { addressLine1: '233 S Wacker Dr', city: 'Chicago', state, zip: '60606' } },
      },
    });
    return order;
  }

  it('decides residence from the address state, in any case', () => {
    expect(isIdCaptureOffered('IL')).toBe(false);
    expect(isIdCaptureOffered(' il ')).toBe(false);
    expect(isIdCaptureOffered('WI')).toBe(true);
    expect(isIdCaptureOffered(null)).toBe(true);
  });

  it('are not offered capture: no link is texted, the status says so, and the ID rules still hold', async () => {
    const { orderNumber } = await orderLivingIn('IL');
    const texted = harness.messages.sent.length;
    const refused = await sendLink(orderNumber);
    expect(refused.status).toBe(409);
    expect(await errorCode(refused)).toBe('error.idVerification.captureNotOffered');
    expect(harness.messages.sent).toHaveLength(texted);
    const check = await status(orderNumber);
    expect(check).toEqual({ status: 'NOT_STARTED', isExpired: false, transactionsAmount: 0, captureOffered: false });
    // The step's status follows seed 000 §4.3 as for everyone: READY until the order's check completes.
    const row = await harness.orderRow(orderNumber);
    expect(getIdVerificationStepStatus(row.idVerificationStatus, check)).toBe('READY');
    expect(getIdVerificationStepStatus('COMPLETED', check)).toBe('COMPLETED');
  });

  it('a buyer from another state keeps the capture link', async () => {
    const { orderNumber } = await orderLivingIn('WI');
    expect((await sendLink(orderNumber)).status).toBe(201);
    expect((await status(orderNumber)).captureOffered).toBe(true);
  });
});
