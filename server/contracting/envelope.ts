import { and, eq, sql } from 'drizzle-orm';
import {
  CONTRACT_PREPARATION_TIMEOUT_SECONDS,
  type Envelope,
  type SigningReadiness,
  type SigningStatus,
} from '../../app/lib/contract/tracker';
import { preparedOnce } from '../db/prepared';
import { signings } from '../db/schema';
import { dealLineTables } from '../notifications/buyer-email-html';
import { buyerHtml, findOrderOwner, notifyOwner, storefrontLink, tenantOf, type StepBackend } from '../orders/backend';
import type { OrderRow } from '../orders/changes';
import { orderDealLines, orderDealText } from '../orders/deal-text';
import { findOrderRow, recordContractSigned } from '../orders/progress';
import { signSigningToken } from './tokens';

// The contract package of an order (seed 002 §2, §4, §6) and the built-in contract service:
//
//   NOT_STARTED ──prepare──▶ PREPARING ──ready (a few seconds)──▶ READY (status Sent; e-mail "ready")
//   PREPARING ──3 minutes without an answer──▶ TIMED_OUT (e-mail: we will write when it is ready)
//   TIMED_OUT ──prepare again──▶ PREPARING;  READY ──buyer signs──▶ SIGNED (buyer)
//   SIGNED (buyer) ──the dealer countersigns a few seconds later──▶ status Signed, deal SIGN
//
// The service's answers are applied when the package is next read (advanceEnvelope), with a
// condition on the row, so each move and its e-mail happen once however many readers race.

export type SigningRow = typeof signings.$inferSelect;

/** The readiness call's answer for an order's signing row (none yet: not ready). */
export function toReadiness(row: SigningRow | null): SigningReadiness {
  return { ready: row?.ready ?? false, isSigningNotificationSent: row?.notificationSent ?? false };
}

/** The status call's answer for an order's signing row (none yet: not started). */
export function toSigningStatus(row: SigningRow | null): SigningStatus {
  return {
    status: row?.status ?? 'NotStarted',
    signersCompleted: { buyer: row?.buyerSigned ?? false, dealer: row?.dealerSigned ?? false },
  };
}

const TIMEOUT_MS = CONTRACT_PREPARATION_TIMEOUT_SECONDS * 1000;

const signingOf = preparedOnce((db) =>
  db
    .select()
    .from(signings)
    .where(eq(signings.orderNumber, sql.placeholder('orderNumber')))
    .limit(1)
    .prepare('signing_of_order'),
);

export async function findSigning(backend: StepBackend, orderNumber: string): Promise<SigningRow | null> {
  const [row] = await signingOf(backend.platform.db).execute({ orderNumber });
  return row ?? null;
}

export function envelopeState(row: SigningRow | null, now: Date): Envelope['state'] {
  if (!row) return 'NOT_STARTED';
  if (row.status === 'Cancelled') return 'CANCELLED';
  if (row.buyerSigned || row.status === 'Signed') return 'SIGNED';
  if (row.status === 'Sent') return 'READY';
  if (row.preparingSince) return now.getTime() - row.preparingSince.getTime() >= TIMEOUT_MS ? 'TIMED_OUT' : 'PREPARING';
  return 'NOT_STARTED';
}

/** May a contract be prepared for this order? Readiness, or a deal the shopper accepted. */
export function mayPrepare(order: Pick<OrderRow, 'dealStatus'>, row: SigningRow | null): boolean {
  return Boolean(row?.ready) || ['UACC', 'SIGN', 'SUBF', 'BOOK', 'FUND'].includes(order.dealStatus ?? '');
}

/** Applies what the contract service and the dealer did since the package was last read. */
export async function advanceEnvelope(
  backend: StepBackend,
  order: OrderRow,
  row: SigningRow | null,
): Promise<SigningRow | null> {
  if (!row) return row;
  const { db } = backend.platform;
  const now = backend.now();
  const tenant = tenantOf(backend, order.tenantId);
  let current = row;

  if (current.preparingSince && current.status === 'NotStarted' && !current.buyerSigned) {
    const since = current.preparingSince;
    const elapsed = now.getTime() - since.getTime();
    if (elapsed >= backend.timings.contractPreparationMs) {
      const [ready] = await db
        .update(signings)
        .set({ status: 'Sent', ready: true, notificationSent: true, updatedAt: now })
        .where(
          and(
            eq(signings.orderNumber, order.orderNumber),
            sql`${signings.status} = 'NotStarted'`,
            eq(signings.preparingSince, since),
          ),
        )
        .returning();
      if (ready) {
        current = ready;
        const link = storefrontLink(tenant, `/signing?orderNumber=${encodeURIComponent(order.orderNumber)}`);
        const intro = `Your contract for order ${order.orderNumber} is ready. Sign it online with this e-mail address:`;
        await notifyOwner(backend, order, {
          channel: 'email',
          subject: `${tenant.brandName}: your contract is ready to sign`,
          body: `${intro}\n\n${link}${orderDealText(order)}`,
          html: buyerHtml(tenant, {
            paragraphs: [intro],
            tables: dealLineTables(orderDealLines(order)),
            link: { href: link, label: 'Sign your contract' },
          }),
        });
      }
    } else if (elapsed >= TIMEOUT_MS) {
      // The follow-up goes once: updatedAt still equal to preparingSince means nobody sent it yet.
      const [timedOut] = await db
        .update(signings)
        .set({ updatedAt: now })
        .where(
          and(
            eq(signings.orderNumber, order.orderNumber),
            eq(signings.preparingSince, since),
            eq(signings.updatedAt, since),
          ),
        )
        .returning();
      if (timedOut) {
        current = timedOut;
        await notifyOwner(backend, order, {
          channel: 'email',
          subject: `${tenant.brandName}: your contract is taking longer than usual`,
          body: `We are still preparing your contract for order ${order.orderNumber}. We will e-mail you as soon as it is ready to sign. Questions? Call ${tenant.dealerPhone.number}.`,
        });
      }
    }
  }

  if (
    tenant.partners === 'simulated' &&
    current.buyerSigned &&
    !current.dealerSigned &&
    now.getTime() - current.updatedAt.getTime() >= backend.timings.countersignMs
  ) {
    current = (await countersign(backend, order)) ?? current;
  }
  return current;
}

/** The package as the shopper meets it, with a signing token while it is ready to sign. */
export async function toEnvelope(backend: StepBackend, order: OrderRow, row: SigningRow | null): Promise<Envelope> {
  const now = backend.now();
  const state = envelopeState(row, now);
  const owner = await findOrderOwner(backend.platform.db, order);
  const signingToken =
    state === 'READY'
      ? await signSigningToken(
          { orderNumber: order.orderNumber, tenantId: order.tenantId, email: owner.email },
          backend.platform.identitySecret,
          now,
        )
      : null;
  return {
    state,
    preparingSince: row?.preparingSince?.toISOString() ?? null,
    timeoutSeconds: CONTRACT_PREPARATION_TIMEOUT_SECONDS,
    buyerSigned: row?.buyerSigned ?? false,
    dealerSigned: row?.dealerSigned ?? false,
    signingToken,
    email: owner.email,
  };
}

export class ContractError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Starts (or restarts, after a timeout) preparing the package; a package under way is left as it is. */
export async function prepareEnvelope(backend: StepBackend, order: OrderRow): Promise<SigningRow> {
  const now = backend.now();
  const row = await advanceEnvelope(backend, order, await findSigning(backend, order.orderNumber));
  const state = envelopeState(row, now);
  if (state === 'CANCELLED')
    throw new ContractError(409, 'error.validation.wrongPackageStatus', 'The contract package was cancelled');
  if (state === 'SIGNED')
    throw new ContractError(409, 'error.contract.alreadySigned', 'The contract is already signed');
  if (state === 'PREPARING' || state === 'READY') return row!;
  if (!mayPrepare(order, row))
    throw new ContractError(409, 'error.contract.notAvailable', 'The deal does not allow a contract yet');
  const values = { preparingSince: now, status: 'NotStarted' as const, updatedAt: now };
  const [prepared] = await backend.platform.db
    .insert(signings)
    .values({ orderNumber: order.orderNumber, ready: true, ...values })
    .onConflictDoUpdate({ target: signings.orderNumber, set: values })
    .returning();
  return prepared!;
}

function normalizeName(name: string): string {
  return name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The buyer signs by typing their name as the contract writes it. */
export async function signAsBuyer(backend: StepBackend, order: OrderRow, typedName: string): Promise<SigningRow> {
  const now = backend.now();
  const row = await advanceEnvelope(backend, order, await findSigning(backend, order.orderNumber));
  const state = envelopeState(row, now);
  if (state === 'SIGNED')
    throw new ContractError(409, 'error.contract.alreadySigned', 'The contract is already signed');
  if (state !== 'READY') throw new ContractError(409, 'error.contract.notReady', 'The contract is not ready to sign');
  const owner = await findOrderOwner(backend.platform.db, order);
  if (normalizeName(typedName) !== normalizeName(`${owner.firstName} ${owner.lastName}`)) {
    throw new ContractError(422, 'error.contract.nameMismatch', 'Type your full name as it appears on the contract');
  }
  const [signed] = await backend.platform.db
    .update(signings)
    .set({ buyerSigned: true, updatedAt: now })
    .where(and(eq(signings.orderNumber, order.orderNumber), eq(signings.buyerSigned, false)))
    .returning();
  if (!signed) throw new ContractError(409, 'error.contract.alreadySigned', 'The contract is already signed');
  return signed;
}

/**
 * The dealer countersigns a contract the buyer signed: the sandbox dealer on its timer, or staff
 * at the desk (tenant setting `partners`). null when there was nothing to countersign.
 */
export async function countersign(backend: StepBackend, order: OrderRow): Promise<SigningRow | null> {
  const { db } = backend.platform;
  const now = backend.now();
  const tenant = tenantOf(backend, order.tenantId);
  const countersigned = await db.transaction(async (tx) => {
    const [signed] = await tx
      .update(signings)
      .set({ dealerSigned: true, status: 'Signed', updatedAt: now })
      .where(
        and(
          eq(signings.orderNumber, order.orderNumber),
          eq(signings.buyerSigned, true),
          eq(signings.dealerSigned, false),
        ),
      )
      .returning();
    if (!signed) return null;
    const fresh = await findOrderRow(tx, order.orderNumber);
    if (fresh) await recordContractSigned(tx, fresh, now);
    return signed;
  });
  if (countersigned) {
    await notifyOwner(backend, order, {
      channel: 'email',
      subject: `${tenant.brandName}: your contract is complete`,
      body: `${tenant.legalName} countersigned your contract for order ${order.orderNumber}. Your order's progress page shows what comes next:\n\n${storefrontLink(tenant, `/progress/${encodeURIComponent(order.orderNumber)}`)}`,
    });
  }
  return countersigned;
}
