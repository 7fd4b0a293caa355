import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { z } from 'zod';
import { DeskFrame } from '~/components/desk/desk-frame';
import { primaryButton, secondaryButton } from '~/components/ui/button';
import { labelClass } from '~/components/ui/field';
import { ApiError } from '~/lib/api.server';
import { DOCUMENT_REJECTION_REASONS, documentRejectionReasonSchema, rejectionLabel } from '~/lib/contract/desk';
import { endpoints } from '~/lib/contract/endpoints';
import { deskMeta } from '~/lib/desk/meta';
import { when } from '~/lib/desk/when';
import { commitDeskSession, deskCall, requireStaffPage } from '~/lib/desk/session.server';
import { getTenantForRequest } from '~/lib/shared/tenant/tenants.server';

// One order at the desk (issue 33 point 2): its facts, history, documents and audit trail, and
// the staff actions that move it (plain form posts; each answers with a notice on this page).

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { session, context, staff } = await requireStaffPage(request);
  const order = await deskCall(context, endpoints.desk.order, { params: { orderNumber: params.orderNumber ?? '' } });
  const notice = session.get('notice') ?? null;
  return data(
    { staff, order: order.data, notice, timeZone: getTenantForRequest(request).timeZone },
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
]);

const DONE: Record<z.infer<typeof actionSchema>['intent'], string> = {
  accept: 'Document accepted.',
  reject: 'Document not accepted: the shopper sees why on the tracker and got an e-mail.',
  sendDeal: 'Deal sent: the shopper reviews it on the tracker.',
  countersign: 'Contract countersigned.',
  confirmDelivery: 'Appointment confirmed: the shopper was told by e-mail and text.',
};

export async function action({ request, params }: ActionFunctionArgs) {
  const { session, context } = await requireStaffPage(request);
  const orderNumber = params.orderNumber ?? '';
  const parsed = actionSchema.safeParse(Object.fromEntries(await request.formData()));
  const back = async () =>
    redirect(`/desk/orders/${encodeURIComponent(orderNumber)}`, {
      headers: { 'set-cookie': await commitDeskSession(request, session) },
    });
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
    else await deskCall(context, endpoints.desk.confirmDelivery, { params, json: {} });
    session.flash('notice', { type: 'success', message: DONE[input.intent] });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 409) throw error;
    session.flash('notice', {
      type: 'warning',
      message: 'Someone or something acted first: this is not waiting any more.',
    });
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
  const { staff, order: page, notice, timeZone } = useLoaderData<typeof loader>();
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

      {actions.sendDeal || actions.countersign || actions.confirmDelivery ? (
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
          </div>
        </section>
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
