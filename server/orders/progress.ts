import { eq, sql } from 'drizzle-orm';
import { signings, orders } from '../db/schema';
import { notifyOwner, storefrontLink, tenantOf, type StepBackend } from './backend';
import { advanceOrderStatus, changeOrder, statusIs, type DbOrTx, type OrderRow } from './changes';

// How the built-in backend moves an order along as the shopper acts, standing in for the
// lender, the dealer and the contract service (seed 002 §4):
//
//   SUBMITTED ──ID check succeeds──▶ ID_VERIFICATION_COMPLETED ──every document in──▶ DOCS_UPLOADED
//   DOCS_UPLOADED: finance or lease: the lender approves (deal DPEN → APEN);
//                  cash the dealer started or reset: the dealer sends the deal (none → APEN);
//                  other cash: the contract may be prepared at once (CONTRACT_PENDING).
//   APEN ──accept──▶ UACC, CONTRACT_PENDING, contract may be prepared;  APEN ──decline──▶ UDEC
//   buyer signs, dealer countersigns ──▶ deal SIGN;  paid ──▶ SOLD (with the contract signed).
//
// Each change writes a history entry (changes.ts). None of these run when an order is only
// read, so the seeded demo orders stay in the state the seed gave them until someone acts.

/** The order's own ID-check status after a link went out: INITIATED, unless already verified. */
export async function recordIdLinkSent(db: DbOrTx, order: OrderRow, at: Date): Promise<OrderRow> {
  if (order.idVerificationStatus === 'COMPLETED') return order;
  return (await changeOrder(db, order, { idVerificationStatus: 'INITIATED' }, { at })) ?? order;
}

export async function recordIdVerified(db: DbOrTx, order: OrderRow, at: Date): Promise<OrderRow> {
  const change = {
    idVerificationStatus: 'COMPLETED' as const,
    orderStatus: advanceOrderStatus(order.orderStatus, 'ID_VERIFICATION_COMPLETED'),
  };
  return (await changeOrder(db, order, change, { at })) ?? order;
}

export async function recordIdFailed(db: DbOrTx, order: OrderRow, at: Date): Promise<OrderRow> {
  if (order.idVerificationStatus === 'COMPLETED') return order;
  return (await changeOrder(db, order, { idVerificationStatus: 'ERROR' }, { at })) ?? order;
}

/** The contract package may now be prepared: readiness answers ready. */
export async function markReadyForContract(db: DbOrTx, orderNumber: string, at: Date): Promise<void> {
  await db
    .insert(signings)
    .values({ orderNumber, ready: true, updatedAt: at })
    .onConflictDoUpdate({ target: signings.orderNumber, set: { ready: true, updatedAt: at } });
}

function isCash(order: Pick<OrderRow, 'dealType'>): boolean {
  return order.dealType === 'Cash';
}

/** Cash deals the dealer started or reset go through a deal review; other cash deals do not. */
function hasDealReview(order: Pick<OrderRow, 'dealType' | 'dealSource' | 'isOrderStatusReset'>): boolean {
  return isCash(order) && (order.dealSource === 'DealerInitiated' || order.isOrderStatusReset);
}

/** Deal statuses from which the lender or dealer can still make an offer. */
const OFFER_FROM = new Set<string | null>([null, 'UNKNOWN', 'DPEN', 'LSEL']);

/**
 * Every required document is in. The order reads DOCS_UPLOADED and the partners act: the
 * lender approves a finance or lease deal, the dealer sends a cash deal it started, and any
 * other cash deal is ready for its contract.
 */
export async function onDocumentsComplete(backend: StepBackend, order: OrderRow): Promise<OrderRow> {
  const { db } = backend.platform;
  const now = backend.now();
  const current =
    (await changeOrder(
      db,
      order,
      { orderStatus: advanceOrderStatus(order.orderStatus, 'DOCS_UPLOADED') },
      { at: now },
    )) ?? order;
  if (current.dealStatus === 'UACC') {
    // The shopper accepted the lender's offer at checkout: with the documents in, the contract
    // can be drawn straight away.
    await markReadyForContract(db, current.orderNumber, now);
    return (
      (await changeOrder(
        db,
        current,
        { orderStatus: advanceOrderStatus(current.orderStatus, 'CONTRACT_PENDING') },
        { at: now },
      )) ?? current
    );
  }
  if (!OFFER_FROM.has(current.dealStatus)) return current;
  const tenant = tenantOf(backend, current.tenantId);
  // A cash deal the dealer started waits for staff to send it at a desk tenant (issue 33).
  if (hasDealReview(current) && tenant.partners === 'desk') return current;
  return sendOffer(backend, current);
}

/**
 * The lender's approval of a finance or lease deal (the sandbox answers at once), or the
 * dealer's deal for a cash order it started (the sandbox dealer at once, or staff at the desk):
 * the deal goes to APEN and the shopper is told. Any other cash deal is ready for its contract.
 */
export async function sendOffer(backend: StepBackend, order: OrderRow): Promise<OrderRow> {
  const { db } = backend.platform;
  const now = backend.now();
  let current = order;
  if (!OFFER_FROM.has(current.dealStatus)) return current;
  const tenant = tenantOf(backend, current.tenantId);

  if (!isCash(current) || hasDealReview(current)) {
    const moved = await changeOrder(
      db,
      current,
      { dealStatus: 'APEN' },
      { when: statusIs(orders.dealStatus, current.dealStatus), at: now },
    );
    if (!moved) return current;
    current = moved;
    const finance = !isCash(current);
    const step = finance ? 'finance-decision' : 'deal-review';
    await notifyOwner(backend, current, {
      channel: 'email',
      subject: finance
        ? `${tenant.brandName}: you're approved for financing`
        : `${tenant.brandName}: your deal is ready to review`,
      body: [
        finance
          ? `Good news: a lender approved financing for order ${current.orderNumber}. Review the offer and accept or decline it:`
          : `Your dealer prepared the deal for order ${current.orderNumber}. Review it and accept or decline it:`,
        storefrontLink(tenant, `/progress/${current.orderNumber}/${step}`),
      ].join('\n\n'),
    });
    return current;
  }

  // A cash deal the shopper started: nothing to approve, the contract can be prepared.
  await markReadyForContract(db, current.orderNumber, now);
  return (
    (await changeOrder(
      db,
      current,
      { orderStatus: advanceOrderStatus(current.orderStatus, 'CONTRACT_PENDING') },
      { at: now },
    )) ?? current
  );
}

/** The shopper's answer to a pending deal or finance offer (APEN); null when it was not pending. */
export async function recordDealDecision(
  backend: StepBackend,
  order: OrderRow,
  decision: 'ACCEPT' | 'DECLINE',
): Promise<OrderRow | null> {
  const { db } = backend.platform;
  const now = backend.now();
  return db.transaction(async (tx) => {
    const decided = await changeOrder(
      tx,
      order,
      { dealStatus: decision === 'ACCEPT' ? 'UACC' : 'UDEC' },
      { when: sql`${orders.dealStatus} = 'APEN'`, at: now },
    );
    if (!decided || decision === 'DECLINE') return decided;
    await markReadyForContract(tx, decided.orderNumber, now);
    return (
      (await changeOrder(
        tx,
        decided,
        { orderStatus: advanceOrderStatus(decided.orderStatus, 'CONTRACT_PENDING') },
        { at: now },
      )) ?? decided
    );
  });
}

/** The dealer countersigned: the deal is signed (SIGN). */
export async function recordContractSigned(db: DbOrTx, order: OrderRow, at: Date): Promise<OrderRow> {
  const signedAlready = ['SIGN', 'SUBF', 'BOOK', 'FUND'].includes(order.dealStatus ?? '');
  const change = {
    dealStatus: signedAlready ? order.dealStatus : 'SIGN',
    orderStatus: advanceOrderStatus(order.orderStatus, 'CONTRACT_PENDING'),
  };
  return (await changeOrder(db, order, change, { at })) ?? order;
}

/** The order's payment status after a payment; a paid order with a signed contract is SOLD. */
export async function recordPaymentStatus(
  db: DbOrTx,
  order: OrderRow,
  payment: { status: string; settled: boolean; contractSigned: boolean },
  at: Date,
): Promise<OrderRow> {
  const orderStatus =
    payment.settled && payment.contractSigned ? advanceOrderStatus(order.orderStatus, 'SOLD') : order.orderStatus;
  return (
    (await changeOrder(db, order, { hasPaymentInfo: true, paymentStatus: payment.status, orderStatus }, { at })) ??
    order
  );
}

/** The order row by number, within the tenant. */
export async function findOrderRow(db: DbOrTx, orderNumber: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.orderNumber, orderNumber)).limit(1);
  return row ?? null;
}
