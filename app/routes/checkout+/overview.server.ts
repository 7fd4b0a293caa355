import { randomUUID } from 'node:crypto';
import type { SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { data, redirect, type AppLoadContext } from '@remix-run/node';
import { ApiError, callApi, type ApiContext } from '~/lib/api.server';
import { endpoints } from '~/lib/contract/endpoints';
import { CHECKOUT_ERROR_CODES, type Cart, type PlaceOrderRequest } from '~/lib/contract/checkout';
import { requireCart, type CartContext, type CheckoutContext } from '~/lib/checkout/cart.server';
import { checkoutMessage } from '~/lib/checkout/messages';
import { canVisitStep, resumeStep, stepPath } from '~/lib/checkout/steps';
import { logger } from '~/lib/shared/logger.server';
import { formatApr, formatTerm, formatUsdWithCents } from '~/lib/shared/money';
import {
  CHECKOUT_PAYMENT_MESSAGES,
  PAYMENT_FAILED_MESSAGE,
  PAYMENT_METHODS,
  SECRET_PAYMENT_FIELDS,
  amountDueTodayCents,
  availableMethods,
  paymentSchemaFor,
  placeOrderBody,
  type PaymentMethod,
} from '~/lib/checkout/payment-schemas';
import { requireActiveSession } from '~/lib/inactivity.server';

// The Overview step (seed 002 §2): the order summary, the payment method and Place order.
// Placing is idempotent: the form carries a key made when the page was rendered, sent as the
// `idempotency-key` header, so a double submit or a resubmitted POST answers the same order.

/** Problems the page explains beyond a field error; `submitFailure` shows the tenant phone as a link. */
export type PlacementProblem =
  'paymentDeclined' | 'cardLimit' | 'paymentsUnavailable' | 'orderSave' | 'holdExpired' | 'invalid' | 'submitFailure';

export type OverviewActionData = {
  method: PaymentMethod;
  result: SubmissionResult<string[]>;
  problem: PlacementProblem | null;
  /** The key of the shopper's next attempt: a new one, since this one has had its answer. */
  idempotencyKey: string;
};

/** A placement that has started (or ended) lives on the placing page, not here. */
function isUnderway(cart: Cart): boolean {
  return cart.placement.status !== 'NOT_PLACED' && cart.placement.status !== 'FAILED';
}

/**
 * Where a finance or lease cart must go before it may pay: the credit application until it
 * has a decision, the decision page until an approval is accepted, the declined page after a
 * decline. Null when the cart may be on the Overview.
 */
export function decisionGate(cart: Cart): string | null {
  if (cart.dealType === 'Cash') return null;
  const { decision } = cart;
  if (!decision) return stepPath('credit-application');
  if (decision.status === 'DECLINED' || decision.shopperAnswer === 'declined') return '/checkout/decision/declined';
  if (decision.status === 'APPROVED' && decision.shopperAnswer !== 'accepted') return '/checkout/decision';
  return null;
}

async function requireOverviewCart(request: Request, loadContext: AppLoadContext): Promise<CartContext> {
  const context = await requireCart(request, loadContext);
  const { cart } = context;
  if (isUnderway(cart)) throw redirect('/checkout/placing');
  const gate = decisionGate(cart);
  if (gate) throw redirect(gate);
  if (!canVisitStep(cart, 'overview')) throw redirect(stepPath(resumeStep(cart)));
  return context;
}

export function newIdempotencyKey(): string {
  return randomUUID().replace(/-/g, '');
}

function chosenMethod(requested: string | null, methods: PaymentMethod[]): PaymentMethod {
  const wanted = PAYMENT_METHODS.find((method) => method === requested);
  if (wanted && methods.includes(wanted)) return wanted;
  return methods.includes('card') ? 'card' : (methods[0] ?? 'bank');
}

/** The accepted financing's terms as the Overview shows them: '6.49% APR for 60 months, $512.30 a month'. */
function financingTerms(decision: Cart['decision']): string | null {
  if (!decision || decision.aprPercent === null || decision.termMonths === null) return null;
  const monthly =
    decision.monthlyPaymentCents !== null ? `, ${formatUsdWithCents(decision.monthlyPaymentCents)} a month` : '';
  return `${formatApr(decision.aprPercent)} APR for ${formatTerm(decision.termMonths)}${monthly}`;
}

export async function overviewLoader(request: Request, loadContext: AppLoadContext) {
  const context = await requireOverviewCart(request, loadContext);
  const { cart, tenant } = context;
  const dueTodayCents = cart.summary ? amountDueTodayCents(cart.summary) : null;
  const methods = dueTodayCents === null ? [] : availableMethods(dueTodayCents);
  const body = {
    vehicle: cart.vehicle,
    summary: cart.summary,
    summaryChanges: cart.summaryChanges ?? [],
    lines: cart.lines ?? null,
    parties: cart.parties ?? null,
    dealType: cart.dealType,
    decision: cart.decision,
    fulfillment: cart.fulfillment,
    dueTodayCents,
    methods,
    method: chosenMethod(new URL(request.url).searchParams.get('method'), methods),
    // Each form's HTML constraints, from the schema the action checks with (decision 088: no zod in the browser).
    constraints: Object.fromEntries(
      methods.map((method) => [method, getZodConstraint(paymentSchemaFor(method, dueTodayCents ?? 0))]),
    ),
    // The page's words with their amounts, made here so the money formats and the payment texts
    // stay out of the page's code (decision 060).
    dueToday: dueTodayCents === null ? null : formatUsdWithCents(dueTodayCents),
    cardCapped: methods.includes('card') ? null : CHECKOUT_PAYMENT_MESSAGES.cardCapped,
    bankCapped: methods.includes('bank') ? null : CHECKOUT_PAYMENT_MESSAGES.achCapped,
    financingTerms: financingTerms(cart.decision),
    // Made once per render: a double submit or a browser's resubmit sends this same key.
    idempotencyKey: newIdempotencyKey(),
    placementFailed: cart.placement.status === 'FAILED' ? checkoutMessage('orderSave', tenant) : null,
    paymentsUnavailable: cart.summary ? null : checkoutMessage('paymentsUnavailable', tenant),
  };
  return data(body, { headers: { 'cache-control': 'no-store' } });
}

/**
 * POST /api/checkout/carts/{id}/place with the page's idempotency key. Not tied to the shopper's
 * request: a payment under way runs to its answer even if they leave the page.
 */
export async function placeOrder(
  api: ApiContext,
  cartId: string,
  idempotencyKey: string,
  body: PlaceOrderRequest,
): Promise<Cart> {
  const answer = await callApi({ ...api, signal: undefined }, endpoints.checkout.placeOrder, {
    params: { cartId },
    json: body,
    headers: { 'idempotency-key': idempotencyKey },
  });
  if (!answer) throw new ApiError(503, 'error.api.unreachable', 'The placement got no answer');
  return answer.data;
}

/** The API's refusal as the shopper reads it (seed 002 §8), with the answer's status. */
export function placementProblem(error: unknown): { problem: PlacementProblem; status: number } {
  if (!(error instanceof ApiError)) return { problem: 'submitFailure', status: 500 };
  switch (error.code) {
    case CHECKOUT_ERROR_CODES.paymentDeclined:
      return { problem: 'paymentDeclined', status: 402 };
    case CHECKOUT_ERROR_CODES.cardLimit:
      return { problem: 'cardLimit', status: 422 };
    case CHECKOUT_ERROR_CODES.paymentsUnavailable:
      return { problem: 'paymentsUnavailable', status: 503 };
    case CHECKOUT_ERROR_CODES.orderSave:
      return { problem: 'orderSave', status: 503 };
    case CHECKOUT_ERROR_CODES.holdExpired:
      return { problem: 'holdExpired', status: 409 };
    case CHECKOUT_ERROR_CODES.invalid:
    case CHECKOUT_ERROR_CODES.achLimit:
      return { problem: 'invalid', status: 422 };
    default:
      return { problem: 'submitFailure', status: error.status >= 400 && error.status < 500 ? error.status : 502 };
  }
}

export function problemMessage(
  problem: PlacementProblem,
  context: Pick<CheckoutContext, 'tenant'>,
  error?: unknown,
): string {
  switch (problem) {
    case 'invalid':
      // error.cart.invalid carries the seed's own message (down payment, loan-to-value, amount due);
      // error.payment.achLimit the ACH limit's message (app/lib/shared/validation/payment.ts).
      return error instanceof ApiError ? error.message : checkoutMessage('submitFailure', context.tenant);
    case 'paymentDeclined':
      return PAYMENT_FAILED_MESSAGE;
    case 'cardLimit':
      return CHECKOUT_PAYMENT_MESSAGES.cardCapped;
    case 'paymentsUnavailable':
      return checkoutMessage('paymentsUnavailable', context.tenant);
    case 'orderSave':
      return checkoutMessage('orderSave', context.tenant);
    case 'holdExpired':
      return checkoutMessage('holdExpired', context.tenant);
    case 'submitFailure':
      return checkoutMessage('submitFailure', context.tenant);
  }
}

export async function overviewAction(request: Request, loadContext: AppLoadContext) {
  // Session inactivity (issue 14): an idle shopper signs in again before paying.
  await requireActiveSession(request, loadContext, '/checkout/overview');
  const form = await request.formData();
  const method = PAYMENT_METHODS.find((candidate) => candidate === form.get('intent'));
  if (!method) throw data({ message: 'Choose a payment method.' }, { status: 400 });
  const context = await requireCart(request, loadContext);
  const { cart } = context;
  // A resubmit after the order went through lands on its wait, not on a second order.
  if (isUnderway(cart)) return redirect('/checkout/placing');
  const gate = decisionGate(cart);
  if (gate) return redirect(gate);

  const reply = (result: SubmissionResult<string[]>, problem: PlacementProblem | null, status: number) =>
    data<OverviewActionData>({ method, result, problem, idempotencyKey: newIdempotencyKey() }, { status });

  if (!cart.summary) {
    const submission = parseWithZod(form, { schema: paymentSchemaFor(method, 0) });
    return reply(
      submission.reply({
        formErrors: [problemMessage('paymentsUnavailable', context)],
        hideFields: SECRET_PAYMENT_FIELDS,
      }),
      'paymentsUnavailable',
      503,
    );
  }
  const dueTodayCents = amountDueTodayCents(cart.summary);
  const submission = parseWithZod(form, { schema: paymentSchemaFor(method, dueTodayCents) });
  if (submission.status !== 'success') {
    return reply(submission.reply({ hideFields: SECRET_PAYMENT_FIELDS }), null, 400);
  }

  try {
    await placeOrder(
      context.api,
      cart.id,
      submission.value.idempotencyKey,
      placeOrderBody(submission.value, dueTodayCents),
    );
  } catch (error) {
    if (error instanceof ApiError && error.code === CHECKOUT_ERROR_CODES.applicationIncomplete)
      return redirect('/checkout/decision');
    const { problem, status } = placementProblem(error);
    // Codes and statuses only: the body held the card or bank numbers.
    logger.warn(
      {
        status: error instanceof ApiError ? error.status : undefined,
        code: error instanceof ApiError ? error.code : undefined,
        method,
      },
      'checkout: placing the order failed',
    );
    return reply(
      submission.reply({ formErrors: [problemMessage(problem, context, error)], hideFields: SECRET_PAYMENT_FIELDS }),
      problem,
      status,
    );
  }
  return redirect('/checkout/placing');
}
