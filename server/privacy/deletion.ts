import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, ne, notInArray, or } from 'drizzle-orm';
import { PLACED_ORDER_STATUSES } from '../../app/lib/contract/orders';
import type { DbOrTx } from '../orders/changes';
import {
  analyticsEvents,
  carts,
  documents,
  favorites,
  identitySessions,
  idVerifications,
  insuranceVerifications,
  leads,
  orders,
  outboxMessages,
  payments,
  pendingConfirmations,
  prequalifications,
  refreshTokens,
  socialIdentities,
  tradeInOffers,
  users,
  verificationCodes,
} from '../db/schema';
import { forgetSessions } from '../identity/live-sessions';

// A verified deletion request (seed 002 §9; issue 35 point 1): every store that holds the
// shopper is emptied or anonymised, every session ends, and only the records of a sale the
// law requires a dealer to keep stay (placed orders: the order, its history, payments, signing,
// documents; decision 081 lists each store and what becomes of it). server/privacy/stores.ts
// names the stores; a test derives them from the schema, so a new table cannot be forgotten.

/** Orders that were placed (a sale) or that money was paid on: records the law keeps. */
async function keptOrders(db: DbOrTx, tenantId: string, userId: string) {
  const owned = await db
    .select({ orderNumber: orders.orderNumber, status: orders.orderStatus, dealRefId: orders.dealRefId })
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), eq(orders.userId, userId)));
  const numbers = owned.map((order) => order.orderNumber);
  const paid = numbers.length
    ? await db
        .selectDistinct({ orderNumber: payments.orderNumber })
        .from(payments)
        .where(inArray(payments.orderNumber, numbers))
    : [];
  const paidNumbers = new Set(paid.map((row) => row.orderNumber));
  const placed = (order: (typeof owned)[number]) =>
    (PLACED_ORDER_STATUSES as readonly string[]).includes(order.status) || paidNumbers.has(order.orderNumber);
  return { kept: owned.filter(placed), dropped: owned.filter((order) => !placed(order)) };
}

/**
 * Deletes or anonymises everything held about the shopper. Without an account (a signed-out
 * lead) the leads and messages sent to the e-mail are what there is.
 */
export async function deleteShopperData(
  db: DbOrTx,
  tenantId: string,
  subjectEmail: string,
  userId: string | null,
): Promise<void> {
  const [user] = userId
    ? await db
        .select()
        .from(users)
        .where(and(eq(users.id, userId), eq(users.tenantId, tenantId)))
        .limit(1)
    : [];
  const { kept, dropped } = user ? await keptOrders(db, tenantId, user.id) : { kept: [], dropped: [] };
  await db.transaction(async (tx) => {
    await tx.delete(leads).where(and(eq(leads.tenantId, tenantId), eq(leads.email, subjectEmail)));
    const recipients = [subjectEmail, ...(user?.phone ? [user.phone] : [])];
    await tx
      .delete(outboxMessages)
      .where(and(eq(outboxMessages.tenantId, tenantId), inArray(outboxMessages.recipient, recipients)));
    await tx
      .delete(verificationCodes)
      .where(
        and(
          eq(verificationCodes.tenantId, tenantId),
          or(eq(verificationCodes.subject, subjectEmail), eq(verificationCodes.target, subjectEmail)),
        ),
      );
    if (!user) return;
    const id = user.id;
    await tx.delete(leads).where(eq(leads.userId, id));
    await tx.delete(verificationCodes).where(eq(verificationCodes.subject, id));
    // Every sign-in ends: its refresh tokens go and its session is revoked (the API answers 401).
    await tx.delete(refreshTokens).where(eq(refreshTokens.userId, id));
    await tx.delete(identitySessions).where(eq(identitySessions.userId, id));
    await tx.delete(socialIdentities).where(eq(socialIdentities.userId, id));
    await tx.delete(pendingConfirmations).where(eq(pendingConfirmations.userId, id));
    await tx.delete(favorites).where(eq(favorites.userId, id));
    await tx.delete(tradeInOffers).where(eq(tradeInOffers.userId, id));
    await tx.delete(prequalifications).where(eq(prequalifications.userId, id));
    // Orders never placed and never paid (drafts) go with everything hung on them.
    const droppedNumbers = dropped.map((order) => order.orderNumber);
    if (dropped.length) {
      await tx.delete(documents).where(
        inArray(
          documents.dealId,
          dropped.map((order) => order.dealRefId),
        ),
      );
      await tx.delete(orders).where(inArray(orders.orderNumber, droppedNumbers));
    }
    const allNumbers = [...droppedNumbers, ...kept.map((order) => order.orderNumber)];
    if (allNumbers.length)
      await tx
        .delete(analyticsEvents)
        .where(and(eq(analyticsEvents.tenantId, tenantId), inArray(analyticsEvents.orderId, allNumbers)));
    // Carts: only the placed ones of kept orders stay, without the credit application's answers,
    // the encrypted SSN and date of birth, the bureau's file and the co-buyer.
    const keptNumbers = kept.map((order) => order.orderNumber);
    await tx
      .delete(carts)
      .where(
        and(
          eq(carts.userId, id),
          or(
            ne(carts.status, 'placed'),
            isNull(carts.orderNumber),
            keptNumbers.length ? notInArray(carts.orderNumber, keptNumbers) : undefined,
          ),
        ),
      );
    await tx
      .update(carts)
      .set({ creditAnswers: {}, creditCompleted: [], piiCipher: null, bureauFile: null, coBuyer: null })
      .where(eq(carts.userId, id));
    if (keptNumbers.length) {
      // A kept order's verifications keep their outcome (part of the sale), not the links and pulls.
      await tx
        .update(idVerifications)
        .set({ linkTokenHash: null, linkExpiresAt: null })
        .where(inArray(idVerifications.orderNumber, keptNumbers));
      await tx
        .update(insuranceVerifications)
        .set({ pullId: null, lastError: null })
        .where(inArray(insuranceVerifications.orderNumber, keptNumbers));
    }
    await tx
      .update(users)
      .set({
        email: `deleted-${randomUUID()}@deleted.invalid`,
        firstName: 'Deleted',
        lastName: 'Shopper',
        phone: null,
        passwordHash: null,
        emailVerifiedAt: null,
        phoneVerifiedAt: null,
        marketingEmail: false,
        marketingSms: false,
        failedSignIns: 0,
        lockedUntil: null,
      })
      .where(eq(users.id, id));
  });
  // This process forgets the sessions at once; others see the revocation within LIVE_FOR_MS.
  if (user) forgetSessions({ userId: user.id });
}
