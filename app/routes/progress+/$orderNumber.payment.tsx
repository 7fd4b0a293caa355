import type { SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Link, useActionData, useLoaderData, useSearchParams } from '@remix-run/react';
import {
  HIDDEN_PAYMENT_FIELDS,
  PAYMENT_FIELD_MESSAGES,
  bankFormSchema,
  cardFormSchema,
} from '~/lib/tracker/payment-forms';
import { PAYMENT_FAILED_MESSAGE, paymentSummaryView } from '~/lib/tracker/payment-texts';
import { StepActions, StepFacts, StepNotice, StepPage, useTrackerPage } from '~/components/tracker/step-page';
import { PAYMENT_ERRORS } from '~/lib/contract/tracker-constants';
import { stepPath } from '~/lib/tracker/steps';
import { newIdempotencyKey, requireStepContext, stepRedirect, tryApi } from './$orderNumber.steps.server';
import { extensionSupport, isMissingExtension, withSeedFallback } from '~/lib/api-extensions.server';
import { trackerErrorResponse } from '~/lib/tracker-data.server';
import { primaryButton, textLink } from '~/components/ui/button';
import { MethodTab } from '~/components/ui/method-tab';
import { endpoints } from '~/lib/contract/endpoints';
import { PaymentStepForm } from '~/components/tracker/payment-step-forms';

// PAYMENT_DETAILS (seed 001 §9, seed 002 §4, §8, §9): by card through the payment gateway (up to
// $7,000; a larger amount by bank), or by bank transfer (ACH, up to $6,500, which takes up to 3
// business days). Each form carries an idempotency key, so a repeated post never pays twice. A
// cash buyer's payment is recorded in this browser ('cash order paid'), as the tracker's rule reads it.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const step = await requireStepContext(request, params);
  const summary = await readPaymentSummary(step);
  return {
    summary,
    summaryView: summary ? paymentSummaryView(summary, new URL(request.url).searchParams.get('paid')) : null,
    idempotencyKey: newIdempotencyKey(),
    // The forms' HTML constraints, from the schemas the action checks with (decision 088: no zod in the browser).
    constraints: summary
      ? {
          card: getZodConstraint(cardFormSchema(summary.amountDueCents)),
          bank: getZodConstraint(bankFormSchema(summary.amountDueCents)),
        }
      : null,
  };
}

/** Which platforms lacked the payments extension (decision 079). */
const paymentsSupport = extensionSupport();

/**
 * What is due and paid (GET /api/payments/orders/{n}, our extension): null on a platform with
 * only the seed's API, whose page shows the step's status from the order (the seed's facts) and
 * sends the shopper to the dealer to pay, never a not-found page.
 */
async function readPaymentSummary(step: Awaited<ReturnType<typeof requireStepContext>>) {
  return withSeedFallback(
    paymentsSupport,
    step.api.tenantId,
    async () => {
      const answer = await tryApi(step.api, endpoints.payments.summary, { params: { orderNumber: step.orderNumber } });
      if (answer.ok) return answer.value.data;
      if (isMissingExtension(answer.error)) throw answer.error;
      throw trackerErrorResponse(answer.error, { orderNumber: step.orderNumber, tryAgainCount: 0 });
    },
    () => Promise.resolve(null),
  );
}

type Reply = { method: 'card' | 'bank'; result: SubmissionResult<string[]> };

export async function action({ request, params, context }: ActionFunctionArgs) {
  const step = await requireStepContext(request, params);
  const form = await request.formData();
  const method = form.get('intent') === 'bank' ? 'bank' : 'card';
  const summary = await readPaymentSummary(step);
  // Nothing to pay through on a platform without the payments extension: back to the page.
  if (!summary) return stepRedirect(request, stepPath(step.orderNumber, 'PAYMENT_DETAILS'));
  const reply = (result: SubmissionResult<string[]>, status: number) => data<Reply>({ method, result }, { status });

  let answer: Awaited<ReturnType<typeof tryApi<typeof endpoints.payments.card>>>;
  if (method === 'card') {
    const submission = parseWithZod(form, { schema: cardFormSchema(summary.amountDueCents) });
    if (submission.status !== 'success') return reply(submission.reply({ hideFields: HIDDEN_PAYMENT_FIELDS }), 400);
    const { amount, cardName, cardNumber, expiry, cvc, postalCode, idempotencyKey } = submission.value;
    answer = await tryApi(step.api, endpoints.payments.card, {
      params: { orderNumber: step.orderNumber },
      json: {
        idempotencyKey,
        amountCents: amount,
        card: { number: cardNumber, ...expiry, cvc, name: cardName, postalCode },
      },
    });
    if (!answer.ok) return reply(failure(submission.reply, answer.error.code), answer.error.status === 402 ? 402 : 422);
  } else {
    const submission = parseWithZod(form, { schema: bankFormSchema(summary.amountDueCents) });
    if (submission.status !== 'success') return reply(submission.reply({ hideFields: HIDDEN_PAYMENT_FIELDS }), 400);
    const { amount, accountHolder, routingNumber, accountNumber, accountType, idempotencyKey } = submission.value;
    answer = await tryApi(step.api, endpoints.payments.bank, {
      params: { orderNumber: step.orderNumber },
      json: { idempotencyKey, amountCents: amount, bank: { accountHolder, routingNumber, accountNumber, accountType } },
    });
    if (!answer.ok) return reply(failure(submission.reply, answer.error.code), answer.error.status === 402 ? 402 : 422);
  }
  const paid = `${stepPath(step.orderNumber, 'PAYMENT_DETAILS')}?paid=${method}`;
  // The tracker reads a cash order's payment from what this browser recorded (seed 000 §4.3):
  // recorded once nothing is left to pay, so a part payment never reads Completed (issue 29 point 8).
  const paidInFull = summary.dealType === 'Cash' && answer.value.data.summary.amountDueCents === 0;
  const record = paidInFull ? { orderNumber: step.orderNumber, action: 'cashPaid' as const, context } : undefined;
  return stepRedirect(request, paid, { record });
}

type ReplyFunction = (options: {
  formErrors?: string[];
  fieldErrors?: Record<string, string[]>;
  hideFields?: string[];
}) => SubmissionResult<string[]>;

/** The gateway's refusal as the page says it (seed 002 §8), never its own words. */
function failure(replyWith: ReplyFunction, code: string): SubmissionResult<string[]> {
  const hideFields = HIDDEN_PAYMENT_FIELDS;
  if (code === PAYMENT_ERRORS.cardLimit)
    return replyWith({ fieldErrors: { amount: [PAYMENT_FIELD_MESSAGES.cardLimit] }, hideFields });
  if (code === PAYMENT_ERRORS.achLimit)
    return replyWith({ fieldErrors: { amount: [PAYMENT_FIELD_MESSAGES.achLimit] }, hideFields });
  if (code === PAYMENT_ERRORS.amountTooHigh)
    return replyWith({ fieldErrors: { amount: ['The amount is more than what is due'] }, hideFields });
  if (code === PAYMENT_ERRORS.notReady)
    return replyWith({ formErrors: ['You can pay once your contract is signed.'], hideFields });
  return replyWith({ formErrors: [PAYMENT_FAILED_MESSAGE], hideFields });
}

export default function PaymentStep() {
  const tracker = useTrackerPage();
  const extra = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const [search] = useSearchParams();
  const summary = extra?.summary ?? null;
  const view = extra?.summaryView ?? null;
  const method = reply?.method ?? (search.get('method') === 'bank' ? 'bank' : 'card');
  const paid = search.get('paid');
  const self = stepPath(tracker.orderNumber, 'PAYMENT_DETAILS');
  const nextStep = tracker.activeStep !== 'PAYMENT_DETAILS' ? stepPath(tracker.orderNumber, tracker.activeStep) : null;
  const tab = (value: 'card' | 'bank', label: string) => (
    <MethodTab to={`${self}?method=${value}`} current={method === value}>
      {label}
    </MethodTab>
  );

  return (
    <StepPage data={tracker} step="PAYMENT_DETAILS">
      <StepFacts facts={tracker.stepFacts} />
      <StepActions step="PAYMENT_DETAILS" title="Make your payment">
        {view?.paidNotice ? <StepNotice {...view.paidNotice} /> : null}
        {view ? (
          <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-1" data-testid="payment-summary">
            <dt>{view.totalLabel}</dt>
            <dd className="text-right">{view.total}</dd>
            <dt>Paid</dt>
            <dd className="text-right">{view.paid}</dd>
            {view.pending ? (
              <>
                <dt>Pending</dt>
                <dd className="text-right">{view.pending}</dd>
              </>
            ) : null}
            <dt className="font-semibold">Amount due</dt>
            <dd className="text-right font-semibold" data-testid="amount-due">
              {view.due}
            </dd>
          </dl>
        ) : null}
        {view && view.payments.length > 0 ? (
          <ul className="flex flex-col gap-1 text-sm" aria-label="Your payments" data-testid="payment-list">
            {view.payments.map((payment) => (
              <li key={payment.id} data-payment-status={payment.status}>
                {payment.text}
              </li>
            ))}
          </ul>
        ) : null}
        {summary && summary.amountDueCents > 0 && extra ? (
          <>
            <nav aria-label="Payment method" className="flex flex-wrap gap-2">
              {tab('card', 'Card')}
              {tab('bank', 'Bank transfer (ACH)')}
            </nav>
            <PaymentStepForm
              method={method}
              summary={summary}
              idempotencyKey={extra.idempotencyKey}
              constraint={extra.constraints?.[method] ?? {}}
              lastResult={reply?.method === method ? reply.result : undefined}
            />
          </>
        ) : view?.dueNotice ? (
          <StepNotice {...view.dueNotice} />
        ) : !view ? (
          <StepNotice
            kind="info"
            title="Your dealer takes this payment"
            testId="payment-by-dealer"
            text="This step's status above changes once your dealer has your payment."
            callUs="To pay, call"
          />
        ) : null}
        {nextStep ? (
          <p>
            <Link to={nextStep} className={paid ? primaryButton : textLink} data-testid="next-step-link">
              Go to your next step
            </Link>
          </p>
        ) : null}
      </StepActions>
    </StepPage>
  );
}
