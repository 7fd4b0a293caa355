import { DEFAULT_BUSINESS_HOURS, allSlots } from '~/lib/shared/dealer-time';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { BANK_DELAY_MESSAGE, PAYMENT_FAILED_MESSAGE } from '~/lib/tracker/payment-forms';
import { CONTRACT_MESSAGES } from '~/components/tracker/signing';
import { UPLOAD_MESSAGES } from '~/components/tracker/documents';
import {
  FULFILLMENT_MESSAGES,
  formatDisplayDate,
  validateSchedule,
  type ScheduleInput,
} from '~/lib/tracker/fulfillment-form';
import type { ApiErrorBody } from '~/lib/contract/common';
import {
  cardPaymentRequestSchema,
  fulfillmentSchema,
  insuranceConsentRequestSchema,
  insurancePolicyRequestSchema,
  paymentRecordSchema,
  paymentSummarySchema,
  signingDocumentSchema,
  type DealTerms,
  type Fulfillment,
  type PaymentSummary,
} from '~/lib/contract/tracker';
import { action as uploadAction } from '~/routes/progress+/$orderNumber.doc-upload.files';
import { action as insuranceAction } from '~/routes/progress+/$orderNumber.insurance-verification';
import { action as idAction } from '~/routes/progress+/$orderNumber.id-verification._index';
import { action as paymentAction } from '~/routes/progress+/$orderNumber.payment';
import { action as fulfillmentAction } from '~/routes/_tracker+/fulfillment.$orderNumber';
import { loader as signingDocumentLoader } from '~/routes/_tracker+/signing.document.$token';
import { commerceUrl, server } from '../support/msw';
import { served } from '../support/served';
import { ORIGIN, trackerRequest } from '../routes/tracker-support';

// The step pages' server side against the commerce API played by msw (every answer parsed with
// the contract's schema): what each action sends, and what it makes of each answer.

const ORDER = 'SR-DEFAULT-10017';
const params = { orderNumber: ORDER };

function apiError(code: string, status: number) {
  const body: ApiErrorBody = { error: { code, message: 'from the API, never shown' } };
  return HttpResponse.json(body, { status });
}

async function post(path: string, fields: Record<string, string>, init: { cookies?: string[] } = {}) {
  return trackerRequest(path, { method: 'POST', body: new URLSearchParams(fields), ...init });
}

/** A single-fetch action result: a Response (redirect) or `data(body, { status })`. */
function replyOf(result: unknown): { status: number; body: unknown } {
  if (result instanceof Response) return { status: result.status, body: null };
  const value = result as { type?: string; data?: unknown; init?: { status?: number } };
  if (value?.type === 'DataWithResponseInit') return { status: value.init?.status ?? 200, body: value.data };
  return { status: 200, body: result };
}

describe('insurance: consent then the policy pull', () => {
  it('asks for the box to be checked, then sends terms version 1 with the words shown', async () => {
    const missing = replyOf(
      await insuranceAction({
        request: await post(`/progress/${ORDER}/insurance-verification`, { intent: 'verify' }),
        params,
        context: {},
      }),
    );
    expect(missing).toEqual({ status: 400, body: { consentError: 'Check the box to give your consent.' } });

    let consent: unknown;
    let pull: unknown;
    server.use(
      http.post(commerceUrl('/public/insurance-verification/consent'), async ({ request }) => {
        consent = insuranceConsentRequestSchema.parse(await request.json());
        return HttpResponse.json({ orderNumber: ORDER, termsVersion: 1, consentedAt: new Date().toISOString() });
      }),
      http.post(commerceUrl('/public/insurance-verification/policy'), async ({ request }) => {
        pull = insurancePolicyRequestSchema.parse(await request.json());
        return HttpResponse.json({ orderNumber: ORDER, pullId: 'x', policyStatus: 'IN_PROGRESS' }, { status: 202 });
      }),
    );
    const result = await insuranceAction({
      request: await post(`/progress/${ORDER}/insurance-verification`, { intent: 'verify', consent: 'on' }),
      params,
      context: {},
    });
    expect(result).toBeInstanceOf(Response);
    expect((result as Response).headers.get('location')).toBe(`/progress/${ORDER}/insurance-verification`);
    expect(consent).toEqual({
      orderNumber: ORDER,
      termsVersion: 1,
      consentLanguage:
        'I authorize Showroom to retrieve my auto insurance policy details to verify coverage for this purchase.',
    });
    expect(pull).toMatchObject({ orderNumber: ORDER, pullId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  });
});

describe('ID verification: the text link', () => {
  it('sends this site’s origin as the link base and goes to next steps; a missing phone is explained', async () => {
    let body: unknown;
    server.use(
      http.post(
        commerceUrl('/api/id-verification/doc-verification/consumer/link'),
        async ({ request }) => {
          body = await request.json();
          return HttpResponse.json(
            { status: 'INITIATED', sentTo: '(•••) •••-0147', expiresAt: new Date().toISOString() },
            { status: 201 },
          );
        },
        { once: true },
      ),
    );
    const sent = await idAction({
      request: await post(`/progress/${ORDER}/id-verification?index`, { intent: 'send-link' }),
      params,
      context: {},
    });
    expect((sent as Response).headers.get('location')).toBe(`/progress/${ORDER}/id-verification/next-steps`);
    expect(body).toEqual({ orderId: ORDER, linkBase: `${ORIGIN}/` });

    server.use(
      http.post(commerceUrl('/api/id-verification/doc-verification/consumer/link'), () =>
        apiError('error.idVerification.noPhone', 422),
      ),
    );
    const noPhone = replyOf(
      await idAction({
        request: await post(`/progress/${ORDER}/id-verification?index`, { intent: 'send-link' }),
        params,
        context: {},
      }),
    );
    expect(noPhone.status).toBe(422);
    expect(noPhone.body).toEqual({ error: expect.stringContaining('no mobile phone number') });
  });
});

describe('documents: the upload route streams the files to the API', () => {
  async function uploadRequest(accept: string, bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d])) {
    const form = new FormData();
    form.append('documents', new Blob([bytes], { type: 'application/pdf' }), 'stub.pdf');
    const request = await trackerRequest(`/progress/${ORDER}/doc-upload/files?deal=DEAL-DEFAULT-10017&type=PayStub`, {
      method: 'POST',
      body: form,
    });
    request.headers.set('accept', accept);
    return request;
  }

  it('passes the multipart body and the shopper’s token on, and answers the uploader with JSON', async () => {
    let seen: { type: string | null; auth: string | null; fileName: string | null } | null = null;
    server.use(
      http.put(commerceUrl('/api/documents/deals/DEAL-DEFAULT-10017/documents/PayStub'), async ({ request }) => {
        const form = await request.formData();
        const file = form.get('documents');
        seen = {
          type: request.headers.get('content-type'),
          auth: request.headers.get('authorization'),
          fileName: file instanceof File ? file.name : null,
        };
        return HttpResponse.json({ documents: [] }, { status: 201 });
      }),
    );
    const response = (await uploadAction({
      request: await uploadRequest('application/json'),
      params,
      context: {},
    })) as Response;
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ ok: true, error: null, message: null });
    expect(seen).toEqual({
      type: expect.stringMatching(/^multipart\/form-data; boundary=/),
      auth: 'Bearer identity-token',
      fileName: 'stub.pdf',
    });
  });

  it.each([
    [413, 'error.document.tooLarge', 'tooLarge'],
    [415, 'error.document.unsupportedType', 'unsupportedType'],
    [500, 'error.server.internal', 'failed'],
  ] as const)(
    'turns a %i %s into its message (JSON) or back to the page with it (no JavaScript)',
    async (status, code, key) => {
      server.use(
        http.put(commerceUrl('/api/documents/deals/DEAL-DEFAULT-10017/documents/PayStub'), () =>
          apiError(code, status),
        ),
      );
      const json = (await uploadAction({
        request: await uploadRequest('application/json'),
        params,
        context: {},
      })) as Response;
      expect(json.status).toBe(status);
      expect(await json.json()).toEqual({ ok: false, error: key, message: UPLOAD_MESSAGES[key] });
      const page = (await uploadAction({ request: await uploadRequest('text/html'), params, context: {} })) as Response;
      expect(page.status).toBe(302);
      expect(page.headers.get('location')).toBe(`/progress/${ORDER}/doc-upload?type=PayStub&error=${key}`);
    },
  );
});

const SUMMARY: PaymentSummary = paymentSummarySchema.parse({
  orderNumber: ORDER,
  dealType: 'Cash',
  totalDueCents: 3_000_000,
  capturedCents: 0,
  pendingCents: 0,
  amountDueCents: 3_000_000,
  limits: { cardCents: 700_000, achCents: 650_000 },
  payments: [],
});

describe('payment', () => {
  const card = {
    intent: 'card',
    idempotencyKey: 'abcdef0123456789',
    amount: '1,000.00',
    cardName: 'Dana Rivera',
    cardNumber: '4242 4242 4242 4242',
    expiry: '12/39',
    cvc: '123',
    postalCode: '78701',
  };

  function summary() {
    return http.get(commerceUrl(`/api/payments/orders/${ORDER}`), () => HttpResponse.json({ data: SUMMARY }));
  }

  it('sends the card to the API once, records a cash payment in the browser once nothing is due, and never echoes the card number', async () => {
    let sent: unknown;
    // What the API answers is left due after the payment: a part payment first, then the rest.
    let dueAfter = 2_000_000;
    server.use(
      summary(),
      http.post(commerceUrl(`/api/payments/orders/${ORDER}/card`), async ({ request }) => {
        sent = cardPaymentRequestSchema.parse(await request.json());
        const payment = paymentRecordSchema.parse({
          id: 'p1',
          method: 'CARD',
          amountCents: 100_000,
          status: 'CAPTURED',
          cardLast4: '4242',
          createdAt: new Date().toISOString(),
        });
        const after = { ...SUMMARY, capturedCents: SUMMARY.totalDueCents - dueAfter, amountDueCents: dueAfter };
        return HttpResponse.json({ data: { payment, summary: after } }, { status: 201 });
      }),
    );
    // The server commits the request context's cookies on the answer (served() does it here).
    const part = (await served(async (context) =>
      paymentAction({ request: await post(`/progress/${ORDER}/payment`, card), params, context }),
    )) as Response;
    expect(part.headers.get('location')).toBe(`/progress/${ORDER}/payment?paid=card`);
    // Money is still due: the browser records no cash payment, so the step never reads Completed (issue 29 point 8).
    expect(part.headers.get('set-cookie') ?? '').not.toMatch(/showroom_tracker=/);
    dueAfter = 0;
    const request = await post(`/progress/${ORDER}/payment`, card);
    const result = (await served((context) => paymentAction({ request, params, context }))) as Response;
    expect(result.headers.get('location')).toBe(`/progress/${ORDER}/payment?paid=card`);
    expect(result.headers.get('set-cookie')).toMatch(/^showroom_tracker=/);
    expect(sent).toEqual({
      idempotencyKey: 'abcdef0123456789',
      amountCents: 100_000,
      card: {
        number: '4242424242424242',
        expMonth: 12,
        expYear: 2039,
        cvc: '123',
        name: 'Dana Rivera',
        postalCode: '78701',
      },
    });
  });

  it('answers a decline with the payment-failed message, without the card number or CVC', async () => {
    server.use(
      summary(),
      http.post(commerceUrl(`/api/payments/orders/${ORDER}/card`), () => apiError('error.payment.declined', 402)),
    );
    const reply = replyOf(
      await paymentAction({ request: await post(`/progress/${ORDER}/payment`, card), params, context: {} }),
    );
    expect(reply.status).toBe(402);
    const text = JSON.stringify(reply.body);
    expect(text).toContain(PAYMENT_FAILED_MESSAGE);
    expect(text).not.toContain('4242');
    expect(text).not.toContain('"123"');
  });

  it('refuses more than the card and bank limits before calling the API', async () => {
    server.use(summary());
    const overCard = replyOf(
      await paymentAction({
        request: await post(`/progress/${ORDER}/payment`, { ...card, amount: '7,000.01' }),
        params,
        context: {},
      }),
    );
    expect(overCard.status).toBe(400);
    expect(JSON.stringify(overCard.body)).toContain(
      'A card can pay up to $7,000. Pay a larger amount by bank transfer.',
    );
    const bank = {
      intent: 'bank',
      idempotencyKey: 'abcdef0123456789',
      amount: '6,500.01',
      accountHolder: 'Dana Rivera',
      routingNumber: '110000000',
      accountNumber: '000123456789',
      accountType: 'checking',
    };
    const overBank = replyOf(
      await paymentAction({ request: await post(`/progress/${ORDER}/payment`, bank), params, context: {} }),
    );
    expect(JSON.stringify(overBank.body)).toContain('A bank transfer can pay up to $6,500 at a time.');
    expect(JSON.stringify(overBank.body)).not.toContain('000123456789');
    expect(BANK_DELAY_MESSAGE).toBe('Bank payments may take up to 3 business days to show.');
  });
});

const FULFILLMENT: Fulfillment = fulfillmentSchema.parse({
  orderNumber: ORDER,
  method: null,
  state: null,
  appointmentTime: null,
  date: null,
  time: null,
  timeZone: 'America/Chicago',
  location: null,
  address: null,
  instructions: null,
  pickupLocations: [
    {
      id: 'dealership',
      name: 'Showroom',
      kind: 'DEALERSHIP_LOCATION',
      address: { street: '100 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' },
      distanceMiles: null,
    },
  ],
  earliestDate: '2027-03-02',
  latestDate: '2027-03-31',
  timeSlots: allSlots(DEFAULT_BUSINESS_HOURS),
  businessHours: DEFAULT_BUSINESS_HOURS,
  deliveryRadiusMiles: 50,
});

describe('fulfilment', () => {
  const blank: ScheduleInput = {
    method: 'PICKUP',
    date: '',
    time: '',
    locationId: 'dealership',
    instructions: '',
    address: { street: '', line2: '', city: '', state: '', zip: '' },
  };

  it('says the four required-field messages of the seed', () => {
    expect(validateSchedule(blank, FULFILLMENT)).toEqual({
      date: FULFILLMENT_MESSAGES.pickupDate,
      time: FULFILLMENT_MESSAGES.pickupTime,
    });
    expect(FULFILLMENT_MESSAGES.pickupDate).toBe('Pickup date is required');
    expect(FULFILLMENT_MESSAGES.pickupTime).toBe('Pickup time is required');
    const delivery = validateSchedule(
      {
        ...blank,
        method: 'DELIVERY',
        address: { street: '1 Main St', line2: '', city: 'Austin', state: 'TX', zip: '78704' },
      },
      FULFILLMENT,
    );
    expect(delivery).toEqual({ date: 'Delivery date is required', time: 'Delivery time is required' });
  });

  it('refuses past dates and times outside the business hours, in MM/DD/YYYY', () => {
    expect(validateSchedule({ ...blank, date: '2027-03-01', time: '11:00' }, FULFILLMENT)).toEqual({
      date: 'Choose a date from 03/02/2027 to 03/31/2027',
    });
    const hours = 'Choose a time within our hours: Monday to Friday 9am-6pm, Saturday 9am-5pm, Sunday closed (CT).';
    // 2027-03-07 is a Sunday; 2027-03-06 a Saturday, closing at 5pm.
    expect(validateSchedule({ ...blank, date: '2027-03-07', time: '10:00' }, FULFILLMENT)).toEqual({ time: hours });
    expect(validateSchedule({ ...blank, date: '2027-03-06', time: '16:30' }, FULFILLMENT)).toEqual({ time: hours });
    expect(validateSchedule({ ...blank, date: '2027-03-05', time: '16:30' }, FULFILLMENT)).toEqual({});
    expect(formatDisplayDate('2027-03-02')).toBe('03/02/2027');
  });

  it('shows the address as verified (the verification step) before a delivery is requested', async () => {
    let booked = false;
    server.use(
      http.get(commerceUrl(`/api/fulfillment/${ORDER}`), () => HttpResponse.json({ data: FULFILLMENT })),
      http.post(commerceUrl(`/api/fulfillment/${ORDER}/address/verify`), () =>
        HttpResponse.json({
          data: {
            address: { street: '418 Oak Hollow Lane', city: 'Austin', state: 'TX', zip: '78704' },
            distanceMiles: 2,
            included: true,
            corrected: true,
          },
        }),
      ),
      http.post(commerceUrl(`/api/fulfillment/${ORDER}/appointments`), () => {
        booked = true;
        return HttpResponse.json({ data: FULFILLMENT }, { status: 201 });
      }),
    );
    const fields = {
      intent: 'schedule',
      method: 'DELIVERY',
      date: '2027-03-02',
      time: '09:30',
      street: '418 oak hollow lane',
      city: 'austin',
      state: 'tx',
      zip: '78704',
    };
    const step = replyOf(
      await fulfillmentAction({ request: await post(`/fulfillment/${ORDER}`, fields), params, context: {} }),
    );
    expect(step.body).toMatchObject({
      kind: 'schedule',
      errors: {},
      verify: { address: { street: '418 Oak Hollow Lane' }, corrected: true },
    });
    expect(booked).toBe(false);
    const confirmed = await fulfillmentAction({
      request: await post(`/fulfillment/${ORDER}`, { ...fields, addressConfirmed: '1' }),
      params,
      context: {},
    });
    expect((confirmed as Response).headers.get('location')).toBe(`/fulfillment/${ORDER}?requested=1`);
    expect(booked).toBe(true);
  });

  it('turns an address beyond 50 miles into the custom-quote message', async () => {
    server.use(
      http.get(commerceUrl(`/api/fulfillment/${ORDER}`), () => HttpResponse.json({ data: FULFILLMENT })),
      http.post(commerceUrl(`/api/fulfillment/${ORDER}/address/verify`), () =>
        apiError('error.fulfillment.outOfRange', 422),
      ),
    );
    const fields = {
      intent: 'schedule',
      method: 'DELIVERY',
      date: '2027-03-02',
      time: '09:30',
      street: '901 Bagby St',
      city: 'Houston',
      state: 'TX',
      zip: '77002',
    };
    const reply = replyOf(
      await fulfillmentAction({ request: await post(`/fulfillment/${ORDER}`, fields), params, context: {} }),
    );
    expect(reply.status).toBe(422);
    expect(reply.body).toMatchObject({
      errors: { form: expect.stringContaining('more than 50 miles from the vehicle') },
    });
  });
});

describe('the embedded signing page', () => {
  const TOKEN = 'aaa.bbb.ccc';
  const terms = {
    orderNumber: ORDER,
    dealType: 'Finance',
    buyer: { firstName: 'Dana<script>', lastName: 'Rivera', email: 'demo@showroom.test' },
    vehicle: { vin: '1HGCM82633A004352', year: 2023, make: 'Honda', model: 'Accord', trim: 'EX-L', mileage: 18250 },
    dealer: {
      name: 'Showroom',
      legalName: 'Showroom Motors LLC',
      address: '100 Congress Ave, Austin, TX 78701',
      phone: '5125550142',
    },
    priceCents: 2_799_500,
    downPaymentCents: 250_000,
    taxesCents: 195_965,
    feesCents: 50_000,
    amountFinancedCents: 2_795_465,
    aprPercent: 8.49,
    termMonths: 60,
    monthlyPaymentCents: 57_345,
    dueCents: 250_000,
  } satisfies DealTerms;

  async function load() {
    const request = await trackerRequest(`/signing/document/${TOKEN}`);
    return (await signingDocumentLoader({ request, params: { token: TOKEN }, context: {} })) as Response;
  }

  it('shows the contract with a sign form that posts to the order’s page in the top window, escaping what it shows', async () => {
    server.use(
      http.get(commerceUrl(`/api/contracting/signing/document/${TOKEN}`), () =>
        HttpResponse.json({
          data: signingDocumentSchema.parse({
            orderNumber: ORDER,
            state: 'READY',
            terms,
            buyerName: 'Dana<script> Rivera',
          }),
        }),
      ),
    );
    const response = await load();
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<h1>Retail Installment Sale Contract</h1>');
    expect(html).toContain(`<form method="post" action="/progress/${ORDER}/signing/contract-ready" target="_top">`);
    expect(html).toContain('Dana&#60;script&#62; Rivera');
    expect(html).not.toContain('<script>');
    expect(html).toContain('$573.45');
  });

  it.each([
    [403, 'error.contract.differentEmail', CONTRACT_MESSAGES.differentEmail],
    [410, 'error.contract.linkExpired', CONTRACT_MESSAGES.expired],
    [404, 'error.contract.linkBroken', CONTRACT_MESSAGES.linkBroken],
  ])('answers %i %s with the contract message', async (status, code, message) => {
    server.use(http.get(commerceUrl(`/api/contracting/signing/document/${TOKEN}`), () => apiError(code, status)));
    const response = await load();
    expect(response.status).toBe(status);
    const html = await response.text();
    expect(html).toContain(message.replace(/'/g, '&#39;'));
    expect(html).not.toContain('<form');
  });
});
