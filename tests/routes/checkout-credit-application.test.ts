import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { SubmissionResult } from '@conform-to/react';
import {
  cartResponseSchema,
  creditApplicationFieldErrorsSchema,
  type Cart,
  type CreditApplicationStep,
} from '~/lib/contract/checkout';
import { APPLICANT_MESSAGES as M } from '~/lib/shared/validation/applicant-messages';
import { FIELD_MESSAGES } from '~/lib/shared/validation/messages';
import { loader as indexLoader } from '~/routes/checkout+/credit-application._index';
import { action as employmentAction } from '~/routes/checkout+/credit-application.employment';
import {
  action as personalAction,
  loader as personalLoader,
  reEnterSecretsText,
} from '~/routes/checkout+/credit-application.personal';
import { loader as reviewLoader } from '~/routes/checkout+/credit-application.review';
import { loader as spouseLoader } from '~/routes/checkout+/credit-application.spouse';
import { loader as ssnLoader } from '~/routes/checkout+/credit-application.ssn';
import { action as termsAction } from '~/routes/checkout+/credit-application.terms';
import type { StepPageData } from '~/lib/checkout/credit-application-steps';
import { commerceUrl, server } from '../support/msw';
import { TEST_CART_ID, buildCart, checkoutApi } from '../support/msw-checkout';
import { bodyOf, shopperRequest, thrownBy } from './storefront-support';

// The credit application's loaders and actions with real Requests; the commerce API is msw,
// its answers parsed with the contract's schemas.

const BEFORE: Cart['completedSteps'] = ['cart', 'coverage', 'account', 'order-details'];

function applicationCart(
  application: Partial<NonNullable<Cart['creditApplication']>> | null,
  overrides: Partial<Cart> = {},
): Cart {
  return buildCart({
    step: 'credit-application',
    completedSteps: BEFORE,
    ownedByShopper: true,
    creditApplication: application
      ? {
          steps: ['personal', 'employment', 'housing', 'review', 'terms'],
          completed: [],
          answers: {},
          submittedAt: null,
          ...application,
        }
      : null,
    ...overrides,
  });
}

/** PUT …/credit-application/{step}: records the JSON sent and answers with `answer`. */
function putStep(
  step: CreditApplicationStep,
  answer: Cart | { status: number; body: unknown },
  received: unknown[] = [],
) {
  return http.put(
    commerceUrl(`/api/checkout/carts/${TEST_CART_ID}/credit-application/${step}`),
    async ({ request }) => {
      received.push(await request.json());
      if ('status' in answer) return HttpResponse.json(answer.body as never, { status: answer.status });
      return HttpResponse.json(cartResponseSchema.parse({ data: answer }));
    },
  );
}

const PERSONAL_FORM = {
  firstName: ' Dana ',
  lastName: 'Rivera',
  maritalStatus: 'Married',
  email: 'dana.rivera@example.com',
  phone: '(614) 555 - 0134',
  ssn: '123-45-6789',
  dateOfBirth: '04/12/1988',
  'address.addressLine1': '1200 Commerce Way',
  'address.unitType': '',
  'address.addressLine2': '',
  'address.city': 'Columbus',
  'address.state': 'OH',
  'address.zip': '43215',
  'address.county': 'Franklin',
  'coBuyer.sameAddressAsBuyer': 'on',
};

type Reply = { result: SubmissionResult<string[]>; reEnter?: string[] };

async function replyOf(result: unknown): Promise<{ status: number | undefined; reply: Reply }> {
  const init = (result as { init?: ResponseInit | null }).init;
  return { status: init?.status ?? undefined, reply: await bodyOf<Reply>(result) };
}

describe('credit application: who may open it', () => {
  it('sends a shopper without a cart to the Shopping Cart page', async () => {
    server.use(checkoutApi.currentCart(null));
    const thrown = await thrownBy(async () =>
      personalLoader({
        request: await shopperRequest('/checkout/credit-application/personal'),
        params: {},
        context: {},
      }),
    );
    expect(thrown).toRedirectTo('/checkout/cart');
  });

  it('sends a cash cart to the Overview: cash skips the credit application', async () => {
    server.use(checkoutApi.currentCart(applicationCart(null, { dealType: 'Cash' })));
    const thrown = await thrownBy(async () =>
      personalLoader({
        request: await shopperRequest('/checkout/credit-application/personal'),
        params: {},
        context: {},
      }),
    );
    expect(thrown).toRedirectTo('/checkout/overview');
  });

  it('sends a submitted application to the decision', async () => {
    server.use(checkoutApi.currentCart(applicationCart({ submittedAt: new Date().toISOString() })));
    const thrown = await thrownBy(async () =>
      personalLoader({
        request: await shopperRequest('/checkout/credit-application/personal'),
        params: {},
        context: {},
      }),
    );
    expect(thrown).toRedirectTo('/checkout/decision');
  });

  it('resumes at the first step not saved yet', async () => {
    server.use(checkoutApi.currentCart(applicationCart({ completed: ['personal'] })));
    const thrown = await thrownBy(async () =>
      indexLoader({ request: await shopperRequest('/checkout/credit-application'), params: {}, context: {} }),
    );
    expect(thrown).toRedirectTo('/checkout/credit-application/employment');
  });

  it('skips the spouse step outside community-property states, and the SSN step when the record has it', async () => {
    server.use(checkoutApi.currentCart(applicationCart({ completed: ['personal'] })));
    expect(
      await thrownBy(() =>
        spouseLoader({
          request: new Request('http://localhost/checkout/credit-application/spouse'),
          params: {},
          context: {},
        }),
      ),
    ).toRedirectTo('/checkout/credit-application/employment');
    expect(
      await thrownBy(() =>
        ssnLoader({
          request: new Request('http://localhost/checkout/credit-application/ssn'),
          params: {},
          context: {},
        }),
      ),
    ).toRedirectTo('/checkout/credit-application/review');
  });

  it('does not open a step before the earlier ones are saved', async () => {
    server.use(checkoutApi.currentCart(applicationCart({ completed: ['personal'] })));
    const thrown = await thrownBy(() =>
      reviewLoader({
        request: new Request('http://localhost/checkout/credit-application/review'),
        params: {},
        context: {},
      }),
    );
    expect(thrown).toRedirectTo('/checkout/credit-application/employment');
  });
});

describe('credit application: personal step', () => {
  it("shows 'Step 1 of N' with the saved answers, never the SSN or the date of birth", async () => {
    const answers = { personal: { firstName: 'Dana', lastName: 'Rivera', hasSsn: true, hasDateOfBirth: true } };
    server.use(
      checkoutApi.currentCart(
        applicationCart({ steps: ['personal', 'spouse', 'employment', 'housing', 'review', 'terms'], answers }),
      ),
    );
    const page = await bodyOf<StepPageData>(
      await personalLoader({
        request: await shopperRequest('/checkout/credit-application/personal'),
        params: {},
        context: {},
      }),
    );
    expect(page).toMatchObject({ step: 'personal', number: 1, total: 6 });
    expect(page.answers).toEqual(answers.personal);
    expect(JSON.stringify(page)).not.toMatch(/123-?45-?6789|04\/12\/1988/);
  });

  it('answers 400 with the messages beside the fields, keeping what was typed except the SSN and date of birth', async () => {
    server.use(checkoutApi.currentCart(applicationCart(null)));
    const form = {
      ...PERSONAL_FORM,
      firstName: 'D',
      'address.addressLine1': 'PO Box 12',
      'address.county': 'Franklin 1',
    };
    const result = await personalAction({
      request: await shopperRequest('/checkout/credit-application/personal', { form }),
      params: {},
      context: {},
    });
    const { status, reply } = await replyOf(result);
    expect(status).toBe(400);
    expect(reply.result.error).toMatchObject({
      firstName: [FIELD_MESSAGES.firstName.length],
      'address.addressLine1': [M.streetLine.poBoxRefused],
      'address.county': [M.county.characters],
    });
    const kept = reply.result.initialValue as Record<string, unknown>;
    expect(kept).toMatchObject({ firstName: 'D', lastName: 'Rivera' });
    expect(kept.ssn).toBeUndefined();
    expect(kept.dateOfBirth).toBeUndefined();
    // Issue 18: the page is told which of them to ask for again.
    expect(reply.reEnter).toEqual(['ssn', 'dateOfBirth']);
    expect(reEnterSecretsText(reply.reEnter ?? [])).toBe(
      'For your security we do not keep your SSN and date of birth when the form comes back with a problem. Please enter them again.',
    );
  });

  it("checks the state and city against the zip before saving, with the seed's message", async () => {
    const received: unknown[] = [];
    server.use(checkoutApi.currentCart(applicationCart(null)), putStep('personal', applicationCart({}), received));
    const form = { ...PERSONAL_FORM, 'address.state': 'IN' };
    const { status, reply } = await replyOf(
      await personalAction({
        request: await shopperRequest('/checkout/credit-application/personal', { form }),
        params: {},
        context: {},
      }),
    );
    expect(status).toBe(400);
    expect(reply.result.error).toEqual({
      'address.zip': ["Looks like your state and Zip code don't match. Please check them and try again."],
    });
    expect(received).toHaveLength(0);
  });

  it("refuses a co-buyer with the buyer's phone and e-mail", async () => {
    server.use(checkoutApi.currentCart(applicationCart(null)));
    const form = {
      ...PERSONAL_FORM,
      hasCoBuyer: 'on',
      'coBuyer.firstName': 'Sam',
      'coBuyer.lastName': 'Rivera',
      'coBuyer.maritalStatus': 'Married',
      'coBuyer.email': 'DANA.RIVERA@example.com',
      'coBuyer.phone': '614-555-0134',
      'coBuyer.dateOfBirth': '09/30/1987',
    };
    const { reply } = await replyOf(
      await personalAction({
        request: await shopperRequest('/checkout/credit-application/personal', { form }),
        params: {},
        context: {},
      }),
    );
    expect(reply.result.error).toEqual({
      'coBuyer.phone': [M.coBuyer.samePhone],
      'coBuyer.email': [M.coBuyer.sameEmail],
    });
  });

  it('saves the parsed answers and goes on to the next step the API asks for', async () => {
    const received: unknown[] = [];
    const saved = applicationCart({
      steps: ['personal', 'spouse', 'employment', 'housing', 'review', 'terms'],
      completed: ['personal'],
    });
    server.use(checkoutApi.currentCart(applicationCart(null)), putStep('personal', saved, received));
    const thrown = await thrownBy(async () =>
      personalAction({
        request: await shopperRequest('/checkout/credit-application/personal', { form: PERSONAL_FORM }),
        params: {},
        context: {},
      }),
    );
    expect(thrown).toRedirectTo('/checkout/credit-application/spouse');
    expect(received[0]).toMatchObject({
      firstName: 'Dana',
      phone: '6145550134',
      ssn: '123456789',
      dateOfBirth: '04/12/1988',
      hasCoBuyer: false,
      coBuyer: null,
    });
  });

  it("shows the API's 422 field errors beside the fields", async () => {
    const body = creditApplicationFieldErrorsSchema.parse({
      error: { code: 'error.creditApplication.invalid', message: 'Invalid' },
      fieldErrors: { dateOfBirth: [M.dateOfBirth.afterEmploymentStart] },
    });
    server.use(
      checkoutApi.currentCart(applicationCart({ completed: ['personal', 'employment'] })),
      putStep('personal', { status: 422, body }),
    );
    const { status, reply } = await replyOf(
      await personalAction({
        request: await shopperRequest('/checkout/credit-application/personal', { form: PERSONAL_FORM }),
        params: {},
        context: {},
      }),
    );
    expect(status).toBe(422);
    expect(reply.result.error).toEqual({ dateOfBirth: [M.dateOfBirth.afterEmploymentStart] });
  });

  it("turns an API failure into the seed's submit-failure message with the tenant's phone", async () => {
    server.use(
      checkoutApi.currentCart(applicationCart(null)),
      putStep('personal', { status: 503, body: { error: { code: 'error.api.unavailable', message: 'down' } } }),
    );
    const { status, reply } = await replyOf(
      await personalAction({
        request: await shopperRequest('/checkout/credit-application/personal', { form: PERSONAL_FORM }),
        params: {},
        context: {},
      }),
    );
    expect(status).toBe(503);
    expect(reply.result.error?.['']?.[0]).toBe(
      "Oops! Something went wrong. We're here to help. Please call (512) 555 - 0142.",
    );
  });

  it('keeps a date of birth on file when the field is left blank: the API fills it in again', async () => {
    const received: unknown[] = [];
    const saved = applicationCart({
      completed: ['personal'],
      answers: { personal: { firstName: 'Dana', hasDateOfBirth: true, hasSsn: true } },
    });
    server.use(checkoutApi.currentCart(saved), putStep('personal', saved, received));
    const form = { ...PERSONAL_FORM, dateOfBirth: '', ssn: '' };
    const thrown = await thrownBy(async () =>
      personalAction({
        request: await shopperRequest('/checkout/credit-application/personal', { form }),
        params: {},
        context: {},
      }),
    );
    expect(thrown).toRedirectTo('/checkout/credit-application/employment');
    expect(received[0]).not.toHaveProperty('dateOfBirth');
    expect(received[0]).not.toHaveProperty('ssn');
  });

  it('goes back to the review after an edit made from it', async () => {
    const saved = applicationCart({ completed: ['personal', 'employment', 'housing'] });
    server.use(checkoutApi.currentCart(saved), putStep('personal', saved));
    const form = { ...PERSONAL_FORM, from: 'review' };
    const thrown = await thrownBy(async () =>
      personalAction({
        request: await shopperRequest('/checkout/credit-application/personal', { form }),
        params: {},
        context: {},
      }),
    );
    expect(thrown).toRedirectTo('/checkout/credit-application/review');
  });
});

describe('credit application: employment step', () => {
  it('asks for the previous employer when the current job is under 2 years', async () => {
    server.use(checkoutApi.currentCart(applicationCart({ completed: ['personal'] })));
    const recent = new Date();
    recent.setUTCMonth(recent.getUTCMonth() - 6);
    const start = `${String(recent.getUTCMonth() + 1).padStart(2, '0')}/01/${recent.getUTCFullYear()}`;
    const form = {
      employmentStatus: 'Employed',
      occupation: 'Dispatcher',
      employerName: 'Columbus Metro Transit',
      employmentStartDate: start,
      workPhone: '(614) 555 - 0190',
      annualIncome: '$64,000',
      incomeSource: 'Employment',
    };
    const { status, reply } = await replyOf(
      await employmentAction({
        request: await shopperRequest('/checkout/credit-application/employment', { form }),
        params: {},
        context: {},
      }),
    );
    expect(status).toBe(400);
    expect(reply.result.error).toEqual({
      previousEmployerName: [M.previousEmployerName.required],
      previousOccupation: [M.previousOccupation.required],
      previousEmploymentStartDate: [M.previousEmploymentStartDate.required],
    });
  });
});

describe('credit application: terms', () => {
  const ready = () => applicationCart({ completed: ['personal', 'employment', 'housing'] });

  it('needs the agree checkbox', async () => {
    server.use(checkoutApi.currentCart(ready()));
    const { status, reply } = await replyOf(
      await termsAction({
        request: await shopperRequest('/checkout/credit-application/terms', { form: {} }),
        params: {},
        context: {},
      }),
    );
    expect(status).toBe(400);
    expect(reply.result.error).toEqual({ agreedToTerms: [M.terms.required] });
  });

  it('submits the application and shows the decision', async () => {
    const received: unknown[] = [];
    server.use(
      checkoutApi.currentCart(ready()),
      http.post(commerceUrl(`/api/checkout/carts/${TEST_CART_ID}/credit-application/submit`), async ({ request }) => {
        received.push(await request.json());
        return HttpResponse.json(cartResponseSchema.parse({ data: ready() }));
      }),
    );
    const thrown = await thrownBy(async () =>
      termsAction({
        request: await shopperRequest('/checkout/credit-application/terms', { form: { agreedToTerms: 'on' } }),
        params: {},
        context: {},
      }),
    );
    expect(thrown).toRedirectTo('/checkout/decision');
    expect(received).toEqual([{ agreedToTerms: true }]);
  });
});
