import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { z } from 'zod';
import { DeskFrame } from '~/components/desk/desk-frame';
import { AppointmentSection, MoneySection, TrackerSteps } from '~/components/desk/order-sections';
import { primaryButton, secondaryButton } from '~/components/ui/button';
import { labelClass } from '~/components/ui/field';
import { ApiError } from '~/lib/api.server';
import { DOCUMENT_REJECTION_REASONS, documentRejectionReasonSchema, rejectionLabel } from '~/lib/contract/desk';
import { endpoints } from '~/lib/contract/endpoints';
import { getRequestFlags } from '~/lib/flags/flags.server';
import { formErrors } from '~/lib/desk/forms';
import { deskMeta } from '~/lib/desk/meta';
import { allSlots } from '~/lib/shared/dealer-time';
import { NO_SHOPPER_ACTIONS } from '~/lib/tracker/actions';
import { parseDollars } from '~/lib/tracker/payment-forms';
import { mapPolicyStatus } from '~/lib/tracker/statuses';
import { buildTracker } from '~/lib/tracker/tracker';
import { when } from '~/lib/desk/when';
import { commitDeskSession, deskCall, requireStaffPage } from '~/lib/desk/session.server';
import { getTenantForRequest } from '~/lib/shared/tenant/tenants.server';

// One order at the desk (issue 33 point 2): its facts, history, documents and audit trail, and
// the staff actions that move it (plain form posts; each answers with a notice on this page).

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { session, context, staff } = await requireStaffPage(request);
  const tenant = getTenantForRequest(request);
  const [order, flags] = await Promise.all([
    deskCall(context, endpoints.desk.order, { params: { orderNumber: params.orderNumber ?? '' } }),
    getRequestFlags(request, tenant),
  ]);
  // The tracker's own rules on the tracker's own data: the steps as the shopper sees them
  // (what the shopper's browser alone remembers, a contract opened or a cash order paid, aside).
  const { tracker } = order.data;
  const { steps } = buildTracker({
    order: tracker.order,
    history: tracker.history,
    idVerification: tracker.idVerification,
    documents: tracker.documents,
    readiness: tracker.readiness,
    signing: tracker.signing,
    policyStatus: mapPolicyStatus(tracker.insurance.policyStatus),
    flags: {
      consolidateFinanceAndSigning: flags['consolidate-finance-and-signing'] === true,
      dealReviewPage: flags['deal-review-page'] === true,
    },
    actions: NO_SHOPPER_ACTIONS,
  });
  const notice = session.get('notice') ?? null;
  return data(
    {
      staff,
      order: order.data,
      steps,
      notice,
      timeZone: tenant.timeZone,
      timeSlots: allSlots(tenant.businessHours),
      // A new key for each page: a form posted twice records the money once.
      idempotencyKey: crypto.randomUUID(),
    },
    { headers: { 'set-cookie': await commitDeskSession(request, session), 'cache-control': 'no-store' } },
  );
}

const actionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('accept'), documentId: z.string().min(1).max(100) }),
  z.object({
    intent: z.literal('reject'),
    documentId: z.string().min(1).max(100),
    reason: documentRejectionReasonSchema,
  }),
  z.object({ intent: z.literal('sendDeal') }),
  z.object({ intent: z.literal('countersign') }),
  z.object({ intent: z.literal('confirmDelivery') }),
  z.object({ intent: z.literal('cancelDelivery') }),
  z.object({ intent: z.literal('markDelivered') }),
]);

const moneyFormSchema = z.object({
  intent: z.enum(['payment', 'refund']),
  amount: z
    .string({ error: 'Enter the amount' })
    .trim()
    .min(1, 'Enter the amount')
    .transform((text, context) => {
      const cents = parseDollars(text);
      if (cents === null || cents < 1) {
        context.addIssue({ code: 'custom', message: 'Enter an amount in dollars, like 2,500.00' });
        return z.NEVER;
      }
      return cents;
    }),
  idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  /** The payment a refund gives money back on; empty: money given back at the dealership. */
  paymentId: z
    .string()
    .optional()
    .transform((id) => (id ? id : undefined)),
});

const moveFormSchema = z.object({
  intent: z.literal('moveDelivery'),
  date: z.string({ error: 'Choose a date' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose a date'),
  time: z.string({ error: 'Choose a time' }).regex(/^\d{2}:\d{2}$/, 'Choose a time'),
});

const DONE: Record<z.infer<typeof actionSchema>['intent'], string> = {
  accept: 'Document accepted.',
  reject: 'Document not accepted: the shopper sees why on the tracker and got an e-mail.',
  sendDeal: 'Deal sent: the shopper reviews it on the tracker.',
  countersign: 'Contract countersigned.',
  confirmDelivery: 'Appointment confirmed: the shopper was told by e-mail and text.',
  cancelDelivery: 'Appointment cancelled: the shopper was told by e-mail and text, and chooses a new time.',
  markDelivered: 'Marked delivered: the shopper was told by e-mail.',
};

type Back = () => Promise<Response>;
type Session = Awaited<ReturnType<typeof requireStaffPage>>['session'];
type Context = Awaited<ReturnType<typeof requireStaffPage>>['context'];

/** A 403 (this role may not) is told as a notice; a 409 as someone having acted first. */
function refused(error: unknown, session: Session): void {
  if (!(error instanceof ApiError) || (error.status !== 403 && error.status !== 409)) throw error;
  session.flash('notice', {
    type: 'warning',
    message: error.status === 403 ? error.message : 'Someone or something acted first: this is not waiting any more.',
  });
}

async function moneyAction(
  form: Record<string, unknown>,
  orderNumber: string,
  context: Context,
  session: Session,
  back: Back,
) {
  const parsed = moneyFormSchema.safeParse(form);
  const intent = String(form.intent);
  if (!parsed.success)
    return data(
      { intent, errors: formErrors(parsed.error), amount: String(form.amount ?? ''), date: '', time: '' },
      { status: 400 },
    );
  const { intent: kind, amount, idempotencyKey, paymentId } = parsed.data;
  try {
    await deskCall(context, endpoints.desk.money, {
      params: { orderNumber },
      json: { kind, amountCents: amount, idempotencyKey, ...(kind === 'refund' && paymentId ? { paymentId } : {}) },
    });
    session.flash('notice', {
      type: 'success',
      message:
        kind === 'payment'
          ? 'Payment recorded: the shopper sees it on the tracker.'
          : paymentId
            ? 'Refund made: the shopper sees it on the tracker.'
            : 'Refund recorded: the shopper sees it on the tracker.',
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 422)
      return data(
        { intent, errors: { amount: error.message }, amount: String(form.amount ?? ''), date: '', time: '' },
        { status: 400 },
      );
    refused(error, session);
  }
  return back();
}

async function moveAction(
  form: Record<string, unknown>,
  orderNumber: string,
  context: Context,
  session: Session,
  back: Back,
) {
  const parsed = moveFormSchema.safeParse(form);
  const failed = (errors: Record<string, string>) =>
    data(
      { intent: 'moveDelivery', errors, amount: '', date: String(form.date ?? ''), time: String(form.time ?? '') },
      { status: 400 },
    );
  if (!parsed.success) return failed(formErrors(parsed.error));
  try {
    await deskCall(context, endpoints.desk.moveDelivery, {
      params: { orderNumber },
      json: { date: parsed.data.date, time: parsed.data.time },
    });
    session.flash('notice', {
      type: 'success',
      message: 'Appointment moved: the shopper was told by e-mail and text.',
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 422)
      return failed(error.code === 'error.fulfillment.badTime' ? { time: error.message } : { date: error.message });
    refused(error, session);
  }
  return back();
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { session, context } = await requireStaffPage(request);
  const orderNumber = params.orderNumber ?? '';
  const form = Object.fromEntries(await request.formData());
  const back = async () =>
    redirect(`/desk/orders/${encodeURIComponent(orderNumber)}`, {
      headers: { 'set-cookie': await commitDeskSession(request, session) },
    });
  if (form.intent === 'payment' || form.intent === 'refund')
    return moneyAction(form, orderNumber, context, session, back);
  if (form.intent === 'moveDelivery') return moveAction(form, orderNumber, context, session, back);
  const parsed = actionSchema.safeParse(form);
  if (!parsed.success) {
    session.flash('notice', { type: 'error', message: 'Choose a reason for not accepting the document.' });
    return back();
  }
  const input = parsed.data;
  try {
    const params = { orderNumber };
    if (input.intent === 'accept' || input.intent === 'reject') {
      await deskCall(context, endpoints.desk.reviewDocument, {
        params: { orderNumber, documentId: input.documentId },
        json: input.intent === 'accept' ? { decision: 'accept' } : { decision: 'reject', reason: input.reason },
      });
    } else if (input.intent === 'sendDeal') await deskCall(context, endpoints.desk.sendDeal, { params, json: {} });
    else if (input.intent === 'countersign') await deskCall(context, endpoints.desk.countersign, { params, json: {} });
    else if (input.intent === 'cancelDelivery')
      await deskCall(context, endpoints.desk.cancelDelivery, { params, json: {} });
    else if (input.intent === 'markDelivered')
      await deskCall(context, endpoints.desk.markDelivered, { params, json: {} });
    else await deskCall(context, endpoints.desk.confirmDelivery, { params, json: {} });
    session.flash('notice', { type: 'success', message: DONE[input.intent] });
  } catch (error) {
    refused(error, session);
  }
  return back();
}

export const meta: MetaFunction<typeof loader> = ({ matches, data: page }) =>
  deskMeta(matches, page ? `Order ${page.order.order.orderNumber}` : 'Order');

function ActionButton({ intent, children }: { intent: string; children: string }) {
  return (
    <Form method="post">
      <button type="submit" name="intent" value={intent} className={primaryButton}>
        {children}
      </button>
    </Form>
  );
}

export default function DeskOrderPage() {
  const { staff, order: page, steps, notice, timeZone, timeSlots, idempotencyKey } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>() ?? null;
  const { order, history, documents, audit, actions } = page;
  return (
    <DeskFrame staff={staff} title={`Order ${order.orderNumber}`} notice={notice}>
      <p className="mb-4">
        <Link to="/desk/orders" className="text-primary underline">
          All orders
        </Link>
      </p>
      <dl className="mb-6 grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-2">
        <div>
          <dt className="inline font-semibold">Shopper: </dt>
          <dd className="inline">
            {order.shopper} ({order.shopperEmail}
            {order.shopperPhone ? `, ${order.shopperPhone}` : ''})
          </dd>
        </div>
        <div>
          <dt className="inline font-semibold">Vehicle: </dt>
          <dd className="inline">
            {order.vehicle}, VIN {order.vin}
          </dd>
        </div>
        <div>
          <dt className="inline font-semibold">Deal: </dt>
          <dd className="inline">
            {order.dealType},{' '}
            {order.dealSource === 'DealerInitiated' ? 'started by the dealer' : 'started by the shopper'}
          </dd>
        </div>
        <div>
          <dt className="inline font-semibold">Status: </dt>
          <dd className="inline" data-testid="desk-order-status">
            {order.orderStatus}
            {order.dealStatus ? ` / deal ${order.dealStatus}` : ''}
            {order.paymentStatus ? ` / payment ${order.paymentStatus}` : ''}
          </dd>
        </div>
        {order.signing ? (
          <div>
            <dt className="inline font-semibold">Contract: </dt>
            <dd className="inline">
              {order.signing.status}; buyer {order.signing.buyerSigned ? 'signed' : 'not signed'}, dealer{' '}
              {order.signing.dealerSigned ? 'countersigned' : 'not countersigned'}
            </dd>
          </div>
        ) : null}
        {order.delivery ? (
          <div>
            <dt className="inline font-semibold">{order.delivery.method === 'PICKUP' ? 'Pickup: ' : 'Delivery: '}</dt>
            <dd className="inline">
              {order.delivery.state}
              {order.delivery.appointment ? `, ${when(order.delivery.appointment, timeZone)}` : ''}
            </dd>
          </div>
        ) : null}
      </dl>

      {actions.sendDeal || actions.countersign || actions.confirmDelivery || actions.markDelivered ? (
        <section className="mb-6" aria-labelledby="desk-actions">
          <h2 id="desk-actions" className="mb-2 text-lg font-semibold">
            Waiting for you
          </h2>
          <div className="flex flex-wrap gap-3">
            {actions.sendDeal ? <ActionButton intent="sendDeal">Send the deal</ActionButton> : null}
            {actions.countersign ? <ActionButton intent="countersign">Countersign the contract</ActionButton> : null}
            {actions.confirmDelivery ? (
              <ActionButton intent="confirmDelivery">
                {order.delivery?.method === 'PICKUP' ? 'Confirm the pickup' : 'Confirm the delivery'}
              </ActionButton>
            ) : null}
            {actions.markDelivered ? (
              <ActionButton intent="markDelivered">
                {order.delivery?.method === 'PICKUP' ? 'Mark picked up' : 'Mark delivered'}
              </ActionButton>
            ) : null}
          </div>
        </section>
      ) : null}

      <TrackerSteps steps={steps} />

      <MoneySection payments={page.payments} idempotencyKey={idempotencyKey} failed={failed} />

      {actions.moveDelivery && order.delivery ? (
        <AppointmentSection delivery={order.delivery} timeZone={timeZone} timeSlots={timeSlots} failed={failed} />
      ) : null}

      <section className="mb-6" aria-labelledby="desk-documents">
        <h2 id="desk-documents" className="mb-2 text-lg font-semibold">
          Documents
        </h2>
        {documents.length === 0 ? (
          <p>No document uploaded yet.</p>
        ) : (
          <ul className="divide-y divide-gray-200 rounded-tenant border border-gray-300">
            {documents.map((document) => (
              <li key={document.id} className="p-3" data-document-type={document.type}>
                <p>
                  <span className="font-semibold">{document.type}</span> · {document.fileName ?? 'no file'} ·{' '}
                  {when(document.createdAt, timeZone)} ·{' '}
                  <span data-testid="document-review">
                    {document.reviewStatus === 'ACCEPTED'
                      ? 'Accepted'
                      : document.reviewStatus === 'REJECTED'
                        ? `Not accepted (${rejectionLabel(document.reviewReason)})`
                        : document.status === 'COMPLETE'
                          ? 'To review'
                          : document.status}
                  </span>
                </p>
                {document.status === 'COMPLETE' && document.reviewStatus === null ? (
                  <div className="mt-2 flex flex-wrap items-end gap-3">
                    <Form method="post">
                      <input type="hidden" name="documentId" value={document.id} />
                      <button type="submit" name="intent" value="accept" className={primaryButton}>
                        Accept<span className="sr-only"> {document.type}</span>
                      </button>
                    </Form>
                    <Form method="post" className="flex flex-wrap items-end gap-2">
                      <input type="hidden" name="documentId" value={document.id} />
                      <div>
                        <label htmlFor={`reason-${document.id}`} className={labelClass}>
                          Reason, as the shopper reads it
                        </label>
                        <select
                          id={`reason-${document.id}`}
                          name="reason"
                          className="mt-1 block rounded-tenant border border-gray-500 bg-white px-3 py-2 text-gray-900"
                        >
                          {Object.entries(DOCUMENT_REJECTION_REASONS).map(([key, text]) => (
                            <option key={key} value={key}>
                              {text.reason}
                            </option>
                          ))}
                        </select>
                      </div>
                      <button type="submit" name="intent" value="reject" className={secondaryButton}>
                        Do not accept<span className="sr-only"> {document.type}</span>
                      </button>
                    </Form>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="mb-6" aria-labelledby="desk-history">
        <h2 id="desk-history" className="mb-2 text-lg font-semibold">
          History
        </h2>
        <ol className="list-inside list-decimal text-sm">
          {history.map((entry, index) => (
            <li key={`${entry.at}-${index}`}>
              {when(entry.at, timeZone)}: {entry.orderStatus}
              {entry.dealStatus ? ` / ${entry.dealStatus}` : ''}
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="desk-audit">
        <h2 id="desk-audit" className="mb-2 text-lg font-semibold">
          Audit trail
        </h2>
        {audit.length === 0 ? (
          <p className="text-sm">No staff action yet.</p>
        ) : (
          <ol className="list-inside list-decimal text-sm" data-testid="desk-audit">
            {audit.map((event, index) => (
              <li key={`${event.at}-${index}`}>
                {when(event.at, timeZone)} · {event.staffEmail} · {event.action} · before {JSON.stringify(event.before)}{' '}
                · after {JSON.stringify(event.after)}
              </li>
            ))}
          </ol>
        )}
        <p className="mt-2 text-sm">
          <a href="/desk/audit.csv" className="text-primary underline" download>
            Export the whole audit trail (CSV)
          </a>
        </p>
      </section>
    </DeskFrame>
  );
}
