import type { SubmissionResult } from '@conform-to/react';
import { isRecord } from '~/lib/shared/guards';
import { constraintSchemaOf } from '~/lib/checkout/credit-application-constraint';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { data, redirect, type AppLoadContext } from '@remix-run/node';
import { ApiError, callApi } from '~/lib/api.server';
import { endpoints } from '~/lib/contract/endpoints';
import { cartErrorMessage, requireCart, type CartContext } from '~/lib/checkout/cart.server';
import { canVisitStep, firstOpenStep, stepPath } from '~/lib/checkout/steps';
import {
  CHECKOUT_ERROR_CODES,
  creditApplicationFieldErrorsSchema,
  type Cart,
  type CreditApplicationStep,
} from '~/lib/contract/checkout';
import { requireActiveSession } from '~/lib/inactivity.server';
import { logger } from '~/lib/shared/logger.server';
import { creditApplicationSchemas, type CreditApplicationInputStep } from '~/lib/shared/validation/credit-application';
import { checkStepZips } from '~/lib/shared/validation/zip-check.server';
import { fillSecretsOnFile, secretsOnFile } from '~/lib/checkout/credit-application-secrets';
import {
  APPLICATION_STEP_ORDER,
  applicationStepPath,
  applicationStepsOf,
  type StepPageData,
} from '~/lib/checkout/credit-application-steps';

// The credit application's loaders and actions (seed 002 §2 "Credit application"). Each step
// reads the current cart, shows the answers saved on it, and saves through
// PUT /api/checkout/carts/{id}/credit-application/{step}. The SSN and the date of birth are
// never put back into a page: not from saved answers (the API does not send them), not from a
// failed submission (hidden from the reply).

/** Fields whose values never go back to the browser. */
const HIDDEN_FIELDS = ['ssn', 'dateOfBirth', 'coBuyer.ssn', 'coBuyer.dateOfBirth'];

/** The cart of a shopper on the credit application: finance or lease, earlier checkout steps done, not yet submitted. */
export async function requireApplicationCart(request: Request, loadContext: AppLoadContext): Promise<CartContext> {
  const context = await requireCart(request, loadContext);
  const { cart } = context;
  if (cart.dealType === 'Cash') throw redirect('/checkout/overview');
  if (cart.creditApplication?.submittedAt) throw redirect('/checkout/decision');
  if (!canVisitStep(cart, 'credit-application')) throw redirect(stepPath(firstOpenStep(cart)));
  return context;
}

/** Input steps that must be saved before `step` may be opened. */
function firstIncompleteBefore(cart: Cart, step: CreditApplicationStep): CreditApplicationStep | null {
  const steps = applicationStepsOf(cart);
  const completed = cart.creditApplication?.completed ?? [];
  for (const earlier of steps.slice(0, steps.indexOf(step))) {
    if (earlier !== 'review' && !completed.includes(earlier)) return earlier;
  }
  return null;
}

/** The page data of one step, or a redirect when the step is not for this application or comes too early. */
export async function loadApplicationStep(request: Request, loadContext: AppLoadContext, step: CreditApplicationStep) {
  const context = await requireApplicationCart(request, loadContext);
  const { cart } = context;
  const steps = applicationStepsOf(cart);
  if (!steps.includes(step)) {
    // Spouse and SSN drop out when not needed: go on to the next step that is asked for.
    const after = APPLICATION_STEP_ORDER.slice(APPLICATION_STEP_ORDER.indexOf(step) + 1).find((candidate) =>
      steps.includes(candidate),
    );
    throw redirect(applicationStepPath(after ?? 'review'));
  }
  const missing = firstIncompleteBefore(cart, step);
  if (missing) throw redirect(applicationStepPath(missing));
  const answers = cart.creditApplication?.answers ?? {};
  const page: StepPageData = {
    step,
    steps,
    number: steps.indexOf(step) + 1,
    total: steps.length,
    answers: answers[step] ?? {},
    allAnswers: answers,
    completed: cart.creditApplication?.completed ?? [],
    editing: new URL(request.url).searchParams.get('from') === 'review',
    shopperEmail: context.shopper?.email ?? null,
    tenantPhone: context.tenant.dealerPhone.number,
    constraint: step === 'review' ? {} : getZodConstraint(constraintSchemaOf(creditApplicationSchemas[step])),
  };
  return data(page);
}

export type StepActionData = {
  result: SubmissionResult<string[]>;
  /** The SSN and date-of-birth fields typed but never sent back (issue 18): the page asks for them again. */
  reEnter?: string[];
};

function reply(result: SubmissionResult<string[]>, status: number, reEnter: string[] = []) {
  return data({ result, reEnter } satisfies StepActionData, { status });
}

/** The hidden fields the shopper typed into: a page re-rendered without them must say so. */
function typedSecrets(form: FormData): string[] {
  return HIDDEN_FIELDS.filter((name) => {
    const value = form.get(name);
    return typeof value === 'string' && value.trim() !== '';
  });
}

type PutOutcome =
  { ok: true; cart: Cart } | { ok: false; fieldErrors: Record<string, string[]> | null; error: unknown };

/** PUT one step's answers; a 422 carries `fieldErrors` the page shows beside the fields. */
async function putStep(context: CartContext, step: CreditApplicationInputStep, answers: unknown): Promise<PutOutcome> {
  const { api, cart } = context;
  try {
    const answer = await callApi(api, endpoints.checkout.saveCreditApplicationStep, {
      params: { cartId: cart.id, step },
      json: answers,
    });
    if (!answer)
      return { ok: false, fieldErrors: null, error: new ApiError(499, 'error.api.abandoned', 'the shopper left') };
    return { ok: true, cart: answer.data };
  } catch (error) {
    if (error instanceof ApiError && error.status === 422) {
      const parsed = creditApplicationFieldErrorsSchema.safeParse(error.body);
      if (parsed.success && Object.keys(parsed.data.fieldErrors).length > 0)
        return { ok: false, fieldErrors: parsed.data.fieldErrors, error: null };
    }
    return { ok: false, fieldErrors: null, error };
  }
}

/** Where the shopper goes after saving `step`: back to the review when editing from it, else the next step the application asks for. */
function nextAfter(cart: Cart, step: CreditApplicationStep, editing: boolean): string {
  const steps = applicationStepsOf(cart);
  if (editing && steps.includes('review')) {
    const missing = firstIncompleteBefore(cart, 'review');
    return applicationStepPath(missing ?? 'review');
  }
  const index = steps.indexOf(step);
  return applicationStepPath(steps[index + 1] ?? 'review');
}

/** Saves one step: the shared schema, the zip checks, then the API (whose 422 field errors show beside the fields). */
export async function saveApplicationStep(
  request: Request,
  loadContext: AppLoadContext,
  step: CreditApplicationInputStep,
) {
  // An idle session ends here, before the SSN and date of birth go anywhere (issue 14).
  await requireActiveSession(request, loadContext);
  const context = await requireApplicationCart(request, loadContext);
  const form = await request.formData();
  const editing = form.get('from') === 'review';
  // Dates of birth on file, left blank, keep what is stored: checked with a placeholder here, sent blank.
  const saved = context.cart.creditApplication?.answers[step] ?? {};
  const blankOnFile = (step === 'personal' ? secretsOnFile(saved) : []).filter((name) => {
    const value = form.get(name);
    return value === null || (typeof value === 'string' && value.trim() === '');
  });
  const submission = parseWithZod(fillSecretsOnFile(form, blankOnFile), { schema: creditApplicationSchemas[step] });
  const reEnter = typedSecrets(form);
  if (submission.status !== 'success') return reply(submission.reply({ hideFields: HIDDEN_FIELDS }), 400, reEnter);
  const answers: Record<string, unknown> = structuredClone(submission.value);
  for (const name of blankOnFile) {
    const holder = name.startsWith('coBuyer.') ? answers.coBuyer : answers;
    if (isRecord(holder)) delete holder.dateOfBirth;
  }
  const zipErrors = await checkStepZips(step, answers);
  if (Object.keys(zipErrors).length > 0)
    return reply(submission.reply({ fieldErrors: zipErrors, hideFields: HIDDEN_FIELDS }), 400, reEnter);
  const outcome = await putStep(context, step, answers);
  if (!outcome.ok) {
    if (outcome.fieldErrors)
      return reply(submission.reply({ fieldErrors: outcome.fieldErrors, hideFields: HIDDEN_FIELDS }), 422, reEnter);
    // Never the error's details in the log line: the body held the SSN and date of birth.
    logger.warn(
      { step, status: outcome.error instanceof ApiError ? outcome.error.status : null },
      'credit application: saving a step failed',
    );
    const status = outcome.error instanceof ApiError && outcome.error.status < 500 ? outcome.error.status : 503;
    return reply(
      submission.reply({ formErrors: [cartErrorMessage(outcome.error, context.tenant)], hideFields: HIDDEN_FIELDS }),
      status === 401 ? 401 : status,
      reEnter,
    );
  }
  throw redirect(nextAfter(outcome.cart, step, editing));
}

/** Terms: POST …/credit-application/submit with the agreement, then the decision page. */
export async function submitApplication(request: Request, loadContext: AppLoadContext) {
  await requireActiveSession(request, loadContext);
  const context = await requireApplicationCart(request, loadContext);
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: creditApplicationSchemas.terms });
  if (submission.status !== 'success') return reply(submission.reply(), 400);
  const missing = firstIncompleteBefore(context.cart, 'terms');
  if (missing) throw redirect(applicationStepPath(missing));
  try {
    const answer = await callApi(context.api, endpoints.checkout.submitCreditApplication, {
      params: { cartId: context.cart.id },
      json: { agreedToTerms: true },
    });
    if (!answer) return new Response(null, { status: 204 });
  } catch (error) {
    if (error instanceof ApiError && error.code === CHECKOUT_ERROR_CODES.applicationIncomplete) {
      throw redirect(applicationStepPath(firstIncompleteBefore(context.cart, 'review') ?? 'personal'), {});
    }
    logger.warn({ status: error instanceof ApiError ? error.status : null }, 'credit application: submit failed');
    const status = error instanceof ApiError && error.status < 500 ? error.status : 503;
    return reply(submission.reply({ formErrors: [cartErrorMessage(error, context.tenant)] }), status);
  }
  throw redirect('/checkout/decision');
}
