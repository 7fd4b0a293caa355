import { and, asc, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  DOCUMENT_REJECTION_REASONS,
  type DeskOrder,
  type DeskOrderRow,
  type DocumentRejectionReason,
} from '../../app/lib/contract/desk';
import type { PaymentSummary } from '../../app/lib/contract/tracker';
import { countersign, findSigning } from '../contracting/envelope';
import { documents, orderHistory, orders, users, vehicles } from '../db/schema';
import { cancelAppointment, confirmAppointment, moveAppointment } from '../fulfillment/service';
import type { PaymentGateway } from '../payments/gateway';
import { getPaymentSummary, recordDeskPayment, refundPayment, sweepStuckRefunds } from '../payments/service';
import { notifyOwner, storefrontLink, tenantOf, type StepBackend } from '../orders/backend';
import { changeOrder, statusIs, type DbOrTx, type OrderRow } from '../orders/changes';
import { documentsReviewedByStaff, requiredDocumentsComplete } from '../documents/service';
import { findOrderRow, onDocumentsComplete, sendOffer } from '../orders/progress';
import { findOwnedOrderWithRow } from '../orders/queries';
import { readTrackerState } from '../orders/tracker-state';
import { readAudit, recordAudit } from './audit';
import type { Staff } from './staff';

// The desk's orders (issue 33 point 2): the tenant's placed orders, searchable, and the actions
// that the sandbox dealer performs on its own at a `simulated` tenant, done by staff. Every
// read and write names the tenant; every action is in the audit trail with before and after.

const LIST_ROWS = 100;

const rowColumns = {
  orderNumber: orders.orderNumber,
  createdAt: orders.createdAt,
  dealType: orders.dealType,
  orderStatus: orders.orderStatus,
  dealStatus: orders.dealStatus,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  vin: vehicles.vin,
  year: vehicles.year,
  make: vehicles.make,
  model: vehicles.model,
};

type RowRead = Omit<DeskOrderRow, 'createdAt' | 'shopper' | 'shopperEmail' | 'vehicle'> & {
  createdAt: Date;
  firstName: string;
  lastName: string;
  email: string;
  year: number;
  make: string;
  model: string;
};

function toRow(row: RowRead): DeskOrderRow {
  return {
    orderNumber: row.orderNumber,
    createdAt: row.createdAt.toISOString(),
    dealType: row.dealType,
    orderStatus: row.orderStatus,
    dealStatus: row.dealStatus,
    shopper: `${row.firstName} ${row.lastName}`,
    shopperEmail: row.email,
    vin: row.vin,
    vehicle: `${row.year} ${row.make} ${row.model}`,
  };
}

/** Placed orders of the tenant, newest first; `q` matches the order number, shopper, e-mail, VIN or status. */
export async function listOrders(
  backend: StepBackend,
  tenantId: string,
  q: string | undefined,
): Promise<DeskOrderRow[]> {
  const pattern = q ? `%${q.replace(/[\\%_]/g, (match) => `\\${match}`)}%` : null;
  const rows = await backend.platform.db
    .select(rowColumns)
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(vehicles, eq(vehicles.id, orders.vehicleId))
    .where(
      and(
        eq(orders.tenantId, tenantId),
        sql`${orders.orderStatus} not in ('DRAFT', 'CANCELLED')`,
        pattern
          ? or(
              ilike(orders.orderNumber, pattern),
              ilike(users.email, pattern),
              ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
              ilike(vehicles.vin, pattern),
              ilike(orders.orderStatus, pattern),
              ilike(orders.dealStatus, pattern),
            )
          : undefined,
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(LIST_ROWS);
  return rows.map(toRow);
}

/** The order of this tenant, or null (another tenant's order is as absent as a missing one). */
async function tenantOrder(backend: StepBackend, tenantId: string, orderNumber: string): Promise<OrderRow | null> {
  const row = await findOrderRow(backend.platform.db, orderNumber);
  return row && row.tenantId === tenantId ? row : null;
}

function dealerSendsDeal(order: OrderRow): boolean {
  return (
    order.dealType === 'Cash' &&
    (order.dealSource === 'DealerInitiated' || order.isOrderStatusReset) &&
    order.orderStatus === 'DOCS_UPLOADED' &&
    (order.dealStatus === null || ['UNKNOWN', 'DPEN', 'LSEL'].includes(order.dealStatus))
  );
}

export async function readOrder(
  backend: StepBackend,
  tenantId: string,
  orderNumber: string,
): Promise<DeskOrder | null> {
  const order = await tenantOrder(backend, tenantId, orderNumber);
  if (!order) return null;
  const { db } = backend.platform;
  const [[row], [owner], history, docs, signing, audit, payments, tracker] = await Promise.all([
    db
      .select(rowColumns)
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .innerJoin(vehicles, eq(vehicles.id, orders.vehicleId))
      .where(and(eq(orders.tenantId, tenantId), eq(orders.orderNumber, orderNumber))),
    db.select({ phone: users.phone }).from(users).where(eq(users.id, order.userId)),
    db
      .select()
      .from(orderHistory)
      .where(eq(orderHistory.orderNumber, orderNumber))
      .orderBy(asc(orderHistory.changedAt), asc(orderHistory.id)),
    db.select().from(documents).where(eq(documents.dealId, order.dealRefId)).orderBy(asc(documents.createdAt)),
    findSigning(backend, orderNumber),
    readAudit(db, tenantId, { type: 'order', id: orderNumber }),
    getPaymentSummary(backend, order),
    // The tracker as the shopper sees it: the same reads as the shopper's tracker-state call.
    findOwnedOrderWithRow(db, { tenantId, userId: order.userId }, orderNumber).then((found) =>
      found ? readTrackerState(backend.platform, backend, found.row, found.order) : null,
    ),
  ]);
  if (!row || !tracker) return null;
  const delivery = order.delivery;
  return {
    order: {
      ...toRow(row),
      shopperPhone: owner?.phone ?? null,
      dealSource: order.dealSource,
      paymentStatus: order.paymentStatus,
      delivery: delivery
        ? {
            method: delivery.method,
            state: delivery.state,
            appointment: order.deliveryAppointment?.toISOString() ?? null,
          }
        : null,
      signing: signing
        ? { status: signing.status, buyerSigned: signing.buyerSigned, dealerSigned: signing.dealerSigned }
        : null,
    },
    history: history.map((entry) => ({
      at: entry.changedAt.toISOString(),
      orderStatus: entry.orderStatus,
      dealStatus: entry.dealStatus,
    })),
    documents: docs.map((doc) => ({
      id: doc.id,
      key: doc.key,
      type: doc.type,
      status: doc.status,
      fileName: doc.fileName,
      createdAt: doc.createdAt.toISOString(),
      reviewStatus: doc.reviewStatus,
      reviewReason: doc.reviewReason,
    })),
    audit,
    payments,
    tracker,
    actions: {
      sendDeal: dealerSendsDeal(order),
      countersign: Boolean(signing?.buyerSigned && !signing.dealerSigned),
      confirmDelivery: delivery?.state === 'Requested',
      moveDelivery: Boolean(delivery),
      markDelivered: mayMarkDelivered(order),
    },
  };
}

export type ActionResult = 'done' | 'notFound' | 'notNow';

/** Paid for and signed (SOLD), with its delivery or pickup confirmed: the vehicle can be handed over. */
function mayMarkDelivered(order: OrderRow): boolean {
  return order.orderStatus === 'SOLD' && order.delivery?.state === 'Confirmed';
}

/**
 * Accepts a document, or rejects it with a reason written for the shopper: a rejected upload
 * no longer counts as in (status FAIL), the tracker's upload step shows the reason and what to
 * do, and the shopper gets an e-mail.
 */
export async function reviewDocument(
  backend: StepBackend,
  staff: Staff,
  input:
    | { orderNumber: string; documentId: string; decision: 'accept' }
    | { orderNumber: string; documentId: string; decision: 'reject'; reason: DocumentRejectionReason },
): Promise<ActionResult> {
  const order = await tenantOrder(backend, staff.tenantId, input.orderNumber);
  if (!order) return 'notFound';
  const now = backend.now();
  const result = await backend.platform.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(documents)
      .where(and(eq(documents.id, input.documentId), eq(documents.dealId, order.dealRefId)))
      .limit(1);
    if (!before) return 'notFound' as const;
    const [after] = await tx
      .update(documents)
      .set(
        input.decision === 'accept'
          ? { reviewStatus: 'ACCEPTED', reviewReason: null, reviewedAt: now }
          : { reviewStatus: 'REJECTED', reviewReason: input.reason, reviewedAt: now, status: 'FAIL' },
      )
      .where(
        and(
          eq(documents.id, before.id),
          // Only a complete upload nobody reviewed yet, or one accepted before (a change of mind).
          eq(documents.status, 'COMPLETE'),
          or(isNull(documents.reviewStatus), inArray(documents.reviewStatus, ['ACCEPTED'])),
        ),
      )
      .returning();
    if (!after) return 'notNow' as const;
    await recordAudit(tx, staff, {
      action: input.decision === 'accept' ? 'document.accept' : 'document.reject',
      subjectType: 'order',
      subjectId: order.orderNumber,
      before: { document: before.id, type: before.type, status: before.status, review: before.reviewStatus },
      after: {
        document: after.id,
        type: after.type,
        status: after.status,
        review: after.reviewStatus,
        reason: after.reviewReason,
      },
      at: now,
    });
    return 'done' as const;
  });
  if (result === 'done' && input.decision === 'accept' && documentsReviewedByStaff(backend, order)) {
    // At a desk tenant the order waits at its documents until staff accepted each required one.
    const fresh = await findOrderRow(backend.platform.db, order.orderNumber);
    if (fresh && (await requiredDocumentsComplete(backend.platform.db, fresh, { accepted: true })))
      await onDocumentsComplete(backend, fresh);
  }
  if (result === 'done' && input.decision === 'reject') {
    const tenant = tenantOf(backend, order.tenantId);
    const text = DOCUMENT_REJECTION_REASONS[input.reason];
    await notifyOwner(backend, order, {
      channel: 'email',
      subject: `${tenant.brandName}: please upload a document again`,
      body: [
        `We could not accept a document for order ${order.orderNumber}: ${text.reason}. ${text.whatToDo}`,
        storefrontLink(tenant, `/progress/${encodeURIComponent(order.orderNumber)}/doc-upload`),
      ].join('\n\n'),
    });
  }
  return result;
}

/** Staff send the deal of a cash order the dealer started: the shopper reviews it on the tracker. */
export async function sendDeal(backend: StepBackend, staff: Staff, orderNumber: string): Promise<ActionResult> {
  const order = await tenantOrder(backend, staff.tenantId, orderNumber);
  if (!order) return 'notFound';
  if (!dealerSendsDeal(order)) return 'notNow';
  const after = await sendOffer(backend, order);
  if (after.dealStatus === order.dealStatus) return 'notNow';
  await recordAudit(backend.platform.db, staff, {
    action: 'deal.send',
    subjectType: 'order',
    subjectId: orderNumber,
    before: { dealStatus: order.dealStatus },
    after: { dealStatus: after.dealStatus },
  });
  return 'done';
}

/** Staff countersign a contract the buyer signed. */
export async function countersignContract(
  backend: StepBackend,
  staff: Staff,
  orderNumber: string,
): Promise<ActionResult> {
  const order = await tenantOrder(backend, staff.tenantId, orderNumber);
  if (!order) return 'notFound';
  const signed = await countersign(backend, order);
  if (!signed) return 'notNow';
  const fresh = await findOrderRow(backend.platform.db, orderNumber);
  await recordAudit(backend.platform.db, staff, {
    action: 'contract.countersign',
    subjectType: 'order',
    subjectId: orderNumber,
    before: { dealerSigned: false, dealStatus: order.dealStatus },
    after: { dealerSigned: true, dealStatus: fresh?.dealStatus ?? null },
  });
  return 'done';
}

/** Staff confirm the requested delivery or pickup; the shopper is told by e-mail and text. */
export async function confirmDelivery(backend: StepBackend, staff: Staff, orderNumber: string): Promise<ActionResult> {
  const order = await tenantOrder(backend, staff.tenantId, orderNumber);
  if (!order) return 'notFound';
  if (order.delivery?.state !== 'Requested') return 'notNow';
  const after = await confirmAppointment(backend, order);
  if (after.delivery?.state !== 'Confirmed') return 'notNow';
  await recordAudit(backend.platform.db, staff, {
    action: 'delivery.confirm',
    subjectType: 'order',
    subjectId: orderNumber,
    before: { state: order.delivery.state, appointment: order.deliveryAppointment?.toISOString() ?? null },
    after: { state: after.delivery.state, appointment: after.deliveryAppointment?.toISOString() ?? null },
  });
  return 'done';
}

/**
 * Money taken at the dealership, or given back (to the card through the gateway for a card
 * payment), through the payments service (one transaction, the order's row locked, once per
 * key); the audit row is written in that transaction.
 */
export async function recordMoney(
  backend: StepBackend,
  gateway: PaymentGateway,
  staff: Staff,
  input: {
    orderNumber: string;
    kind: 'payment' | 'refund';
    amountCents: number;
    idempotencyKey: string;
    paymentId?: string | undefined;
  },
): Promise<ActionResult> {
  const order = await tenantOrder(backend, staff.tenantId, input.orderNumber);
  if (!order) return 'notFound';
  const audit = (tx: DbOrTx, before: PaymentSummary, after: PaymentSummary) =>
    recordAudit(tx, staff, {
      action: input.kind === 'payment' ? 'payment.record' : 'payment.refund',
      subjectType: 'order',
      subjectId: order.orderNumber,
      before: { paidCents: before.capturedCents, dueCents: before.amountDueCents },
      after: {
        amountCents: input.amountCents,
        ...(input.paymentId ? { refundOf: input.paymentId } : {}),
        paidCents: after.capturedCents,
        dueCents: after.amountDueCents,
      },
      at: backend.now(),
    });
  if (input.kind === 'payment') await recordDeskPayment(backend, order, input, audit);
  else await refundPayment(backend, gateway, order, input, audit);
  return 'done';
}

/** Who the trail names for a refund the sweep finished: the system, retrying a staff refund. */
export const REFUND_RETRY_ACTOR = 'system (retry of a staff refund)';

/**
 * The sweep of card refunds the gateway did not answer (decision 107), run with the payment
 * reconciliation: each settled refund is audited on its order as the system's retry of the
 * staff member's refund (`payment.refund`), or as a failed refund (`payment.refund.failed`,
 * the money still paid). The reservation row does not keep who asked, so no staff id is named.
 */
export function sweepDeskRefunds(backend: StepBackend, gateway: PaymentGateway): Promise<number> {
  return sweepStuckRefunds(backend, gateway, async (tx, settled) => {
    const system = { id: null, tenantId: settled.order.tenantId, email: REFUND_RETRY_ACTOR };
    await recordAudit(tx, system, {
      action: settled.outcome === 'refunded' ? 'payment.refund' : 'payment.refund.failed',
      subjectType: 'order',
      subjectId: settled.order.orderNumber,
      before: { paidCents: settled.before.capturedCents, dueCents: settled.before.amountDueCents },
      after: {
        amountCents: settled.refund.amountCents,
        refundOf: settled.refund.refundOf,
        ...(settled.reason ? { reason: settled.reason } : {}),
        paidCents: settled.after.capturedCents,
        dueCents: settled.after.amountDueCents,
      },
      at: backend.now(),
    });
  });
}

function appointmentState(order: OrderRow) {
  return { state: order.delivery?.state ?? null, appointment: order.deliveryAppointment?.toISOString() ?? null };
}

/** Staff move the booked delivery or pickup within business hours; the shopper is told. */
export async function moveDelivery(
  backend: StepBackend,
  staff: Staff,
  input: { orderNumber: string; date: string; time: string },
): Promise<ActionResult> {
  const order = await tenantOrder(backend, staff.tenantId, input.orderNumber);
  if (!order) return 'notFound';
  const after = await moveAppointment(backend, order, input);
  if (!after) return 'notNow';
  await recordAudit(backend.platform.db, staff, {
    action: 'delivery.move',
    subjectType: 'order',
    subjectId: order.orderNumber,
    before: appointmentState(order),
    after: appointmentState(after),
  });
  return 'done';
}

/** Staff cancel the booked delivery or pickup; the shopper is told and chooses a time again. */
export async function cancelDelivery(backend: StepBackend, staff: Staff, orderNumber: string): Promise<ActionResult> {
  const order = await tenantOrder(backend, staff.tenantId, orderNumber);
  if (!order) return 'notFound';
  const after = await cancelAppointment(backend, order);
  if (!after) return 'notNow';
  await recordAudit(backend.platform.db, staff, {
    action: 'delivery.cancel',
    subjectType: 'order',
    subjectId: order.orderNumber,
    before: appointmentState(order),
    after: appointmentState(after),
  });
  return 'done';
}

/**
 * Staff hand the vehicle over (delivered to the shopper's address or picked up at the
 * dealership): a SOLD order with its appointment confirmed becomes DELIVERED, the shopper's
 * order list reads "Vehicle delivered" and they are told by e-mail (decision 112).
 */
export async function markDelivered(backend: StepBackend, staff: Staff, orderNumber: string): Promise<ActionResult> {
  const order = await tenantOrder(backend, staff.tenantId, orderNumber);
  if (!order) return 'notFound';
  if (!mayMarkDelivered(order)) return 'notNow';
  const now = backend.now();
  const after = await backend.platform.db.transaction(async (tx) => {
    const moved = await changeOrder(
      tx,
      order,
      { orderStatus: 'DELIVERED' },
      { when: statusIs(orders.orderStatus, 'SOLD'), at: now },
    );
    if (!moved) return null;
    await recordAudit(tx, staff, {
      action: 'order.delivered',
      subjectType: 'order',
      subjectId: orderNumber,
      before: { orderStatus: order.orderStatus, ...appointmentState(order) },
      after: { orderStatus: moved.orderStatus, ...appointmentState(moved) },
      at: now,
    });
    return moved;
  });
  if (!after) return 'notNow';
  const tenant = tenantOf(backend, order.tenantId);
  const pickup = order.delivery?.method === 'PICKUP';
  await notifyOwner(backend, order, {
    channel: 'email',
    subject: `${tenant.brandName}: ${pickup ? 'you picked up your vehicle' : 'your vehicle was delivered'}`,
    body: [
      `${pickup ? 'You picked up the vehicle of' : 'We delivered the vehicle of'} order ${order.orderNumber}. Thank you for buying from ${tenant.brandName}. Your orders page keeps its record:`,
      storefrontLink(tenant, '/account/orders'),
    ].join('\n\n'),
  });
  return 'done';
}
