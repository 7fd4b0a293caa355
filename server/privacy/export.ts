import { and, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  analyticsEvents,
  carts,
  favorites,
  identitySessions,
  idVerifications,
  insuranceVerifications,
  leads,
  orderHistory,
  orders,
  outboxMessages,
  payments,
  pendingConfirmations,
  prequalifications,
  privacyRequests,
  signings,
  socialIdentities,
  tradeInOffers,
  users,
  vehicles,
} from '../db/schema';
import { listAccountDocuments } from '../account/documents';
import { detailsOf } from '../prequal/service';
import { toView } from './service';
import { retention } from './stores';

// The machine-readable copy of everything the backend holds about a shopper (issue 15 point 2,
// issue 35 point 2; access and portability): every store of server/privacy/stores.ts, each
// under its section. SSN and date of birth are never in clear (they are stored encrypted; only
// their presence is stated); documents are listed as /account/documents lists them, not the files.

const SECRET_KEYS = /^(ssn|dateOfBirth|dob|socialSecurityNumber)$/i;
const WITHHELD = 'stored encrypted; not included in this copy';

/** A copy with every SSN or date-of-birth field replaced by a note. */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, item]) => [
        key,
        SECRET_KEYS.test(key) ? WITHHELD : withoutSecrets(item),
      ]),
    );
  }
  return value;
}

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;

/** Everything of the shopper, by section (server/privacy/stores.ts names where each table goes). */
export async function buildExport(db: Db, owner: { tenantId: string; userId: string }, now: Date, piiKey: Buffer) {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, owner.userId), eq(users.tenantId, owner.tenantId)))
    .limit(1);
  if (!user) return null;
  const owned = await db
    .select({ order: orders, vehicle: vehicles })
    .from(orders)
    .innerJoin(vehicles, eq(vehicles.id, orders.vehicleId))
    .where(and(eq(orders.tenantId, owner.tenantId), eq(orders.userId, owner.userId)));
  const numbers = owned.map(({ order }) => order.orderNumber);
  const byOrder = <T extends { orderNumber: string }>(rows: T[], orderNumber: string) =>
    rows.filter((row) => row.orderNumber === orderNumber);
  const none: never[] = [];
  const [history, paid, idChecks, insurance, signed, events] = numbers.length
    ? await Promise.all([
        db.select().from(orderHistory).where(inArray(orderHistory.orderNumber, numbers)),
        db.select().from(payments).where(inArray(payments.orderNumber, numbers)),
        db.select().from(idVerifications).where(inArray(idVerifications.orderNumber, numbers)),
        db.select().from(insuranceVerifications).where(inArray(insuranceVerifications.orderNumber, numbers)),
        db.select().from(signings).where(inArray(signings.orderNumber, numbers)),
        db
          .select()
          .from(analyticsEvents)
          .where(and(eq(analyticsEvents.tenantId, owner.tenantId), inArray(analyticsEvents.orderId, numbers))),
      ])
    : [none, none, none, none, none, none];
  const mine = { tenant: owner.tenantId, user: owner.userId };
  const [sessions, social, pending, saved, offers, prequal, shopperCarts, requests, files] = await Promise.all([
    db.select().from(identitySessions).where(eq(identitySessions.userId, mine.user)),
    db.select().from(socialIdentities).where(eq(socialIdentities.userId, mine.user)),
    db.select().from(pendingConfirmations).where(eq(pendingConfirmations.userId, mine.user)),
    db
      .select({
        vin: vehicles.vin,
        year: vehicles.year,
        make: vehicles.make,
        model: vehicles.model,
        savedAt: favorites.createdAt,
      })
      .from(favorites)
      .innerJoin(vehicles, eq(vehicles.id, favorites.vehicleId))
      .where(eq(favorites.userId, mine.user)),
    db
      .select()
      .from(tradeInOffers)
      .where(and(eq(tradeInOffers.tenantId, mine.tenant), eq(tradeInOffers.userId, mine.user))),
    db
      .select()
      .from(prequalifications)
      .where(and(eq(prequalifications.tenantId, mine.tenant), eq(prequalifications.userId, mine.user))),
    db
      .select({ cart: carts, vin: vehicles.vin })
      .from(carts)
      .leftJoin(vehicles, eq(vehicles.id, carts.vehicleId))
      .where(and(eq(carts.tenantId, mine.tenant), eq(carts.userId, mine.user))),
    db
      .select()
      .from(privacyRequests)
      .where(and(eq(privacyRequests.tenantId, mine.tenant), eq(privacyRequests.userId, mine.user))),
    listAccountDocuments(db, { tenantId: mine.tenant, userId: mine.user }),
  ]);
  // Leads sent signed out with the account's e-mail are the shopper's too, as are the messages sent to them.
  const allLeads = await db
    .select()
    .from(leads)
    .where(and(eq(leads.tenantId, mine.tenant), or(eq(leads.userId, mine.user), eq(leads.email, user.email))));
  const recipients = [user.email, ...(user.phone ? [user.phone] : [])];
  const messages = await db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.tenantId, mine.tenant), inArray(outboxMessages.recipient, recipients)));
  return {
    format: 'showroom-personal-data/2',
    generatedAt: now.toISOString(),
    tenant: owner.tenantId,
    profile: {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone,
      hasPassword: user.passwordHash !== null,
      emailVerifiedAt: iso(user.emailVerifiedAt),
      phoneVerifiedAt: iso(user.phoneVerifiedAt),
      awaitingConfirmation: pending.map((row) => ({ since: row.createdAt.toISOString() })),
      createdAt: user.createdAt.toISOString(),
    },
    consents: {
      marketingEmail: user.marketingEmail,
      marketingSms: user.marketingSms,
      leadPhoneConsents: phoneConsentsOf(allLeads),
    },
    signIns: sessions.map((row) => ({ startedAt: row.createdAt.toISOString(), endedAt: iso(row.revokedAt) })),
    socialAccounts: social.map((row) => ({
      provider: row.provider,
      email: row.email,
      linkedAt: row.createdAt.toISOString(),
    })),
    orders: owned.map(({ order, vehicle }) => ({
      orderNumber: order.orderNumber,
      placedAt: order.createdAt.toISOString(),
      vehicle: {
        vin: vehicle.vin,
        year: vehicle.year,
        make: vehicle.make,
        model: vehicle.model,
        trim: vehicle.trim,
        stockNumber: vehicle.stockNumber,
      },
      dealType: order.dealType,
      orderStatus: order.orderStatus,
      dealStatus: order.dealStatus,
      priceCents: order.priceCents,
      downPaymentCents: order.downPaymentCents,
      deal: order.deal,
      delivery: order.delivery,
      deliveryAppointment: iso(order.deliveryAppointment),
      requiredDocuments: order.requiredDocuments,
      history: byOrder(history, order.orderNumber).map((row) => ({
        at: row.changedAt.toISOString(),
        orderStatus: row.orderStatus,
        dealStatus: row.dealStatus,
      })),
      payments: byOrder(paid, order.orderNumber).map((row) => ({
        method: row.method,
        amountCents: row.amountCents,
        status: row.status,
        cardLast4: row.cardLast4,
        at: row.createdAt.toISOString(),
      })),
      idVerification:
        byOrder(idChecks, order.orderNumber).map((row) => ({
          status: row.status,
          updatedAt: row.updatedAt.toISOString(),
        }))[0] ?? null,
      insurance:
        byOrder(insurance, order.orderNumber).map((row) => ({
          policyStatus: row.policyStatus,
          consentLanguage: row.consentLanguage,
          consentedAt: iso(row.consentedAt),
          updatedAt: row.updatedAt.toISOString(),
        }))[0] ?? null,
      signing:
        byOrder(signed, order.orderNumber).map((row) => ({
          status: row.status,
          buyerSigned: row.buyerSigned,
          dealerSigned: row.dealerSigned,
          updatedAt: row.updatedAt.toISOString(),
        }))[0] ?? null,
    })),
    carts: shopperCarts.map(({ cart, vin }) => ({
      cartId: cart.id,
      status: cart.status,
      vin,
      dealType: cart.dealType,
      orderNumber: cart.orderNumber,
      downPaymentCents: cart.downPaymentCents,
      termMonths: cart.termMonths,
      annualMiles: cart.annualMiles,
      fulfillment: cart.fulfillment,
      protectionPlanIds: cart.protectionPlanIds,
      tradeIn: cart.tradeIn,
      coBuyer: withoutSecrets(cart.coBuyer),
      creditApplication: {
        submittedAt: iso(cart.applicationSubmittedAt),
        answers: withoutSecrets(cart.creditAnswers),
        ssnAndDateOfBirth: cart.piiCipher ? WITHHELD : null,
        bureau: cart.bureauFile ? { found: cart.bureauFile.found, score: cart.bureauFile.score } : null,
        decision: cart.decision
          ? { status: cart.decision.status, lender: cart.decision.lenderName, aprPercent: cart.decision.aprPercent }
          : null,
      },
      updatedAt: cart.updatedAt.toISOString(),
    })),
    tradeIns: offers.map((row) => ({
      id: row.id,
      vin: row.vin,
      year: row.year,
      make: row.make,
      model: row.model,
      trim: row.trim,
      mileage: row.mileage,
      condition: row.condition,
      ownership: row.ownership,
      registrationState: row.registrationState,
      amountOwedCents: row.amountOwedCents,
      status: row.status,
      offerCents: row.offerCents,
      payoff: row.payoff,
      expiresAt: iso(row.expiresAt),
      savedAt: row.createdAt.toISOString(),
    })),
    prequalification: prequal.map((row) => ({
      status: row.status,
      outcome: row.outcome,
      score: row.score,
      pulledAt: iso(row.pulledAt),
      expiresAt: iso(row.expiresAt),
      // What was typed, opened from its seal (the SSN and date of birth stay withheld).
      details: detailsOf({ piiKey }, row),
      ssnAndDateOfBirth: row.piiCipher ? WITHHELD : null,
      keepData: row.keepData,
    })),
    documents: files.map((row) => ({
      orderNumber: row.orderNumber,
      kind: row.kind,
      type: row.type,
      status: row.status,
      addedAt: row.addedAt,
    })),
    activity: events.map((row) => ({
      at: row.createdAt.toISOString(),
      kind: row.kind,
      name: row.name,
      path: row.path,
      orderNumber: row.orderId,
    })),
    leads: allLeads.map(leadOf),
    messages: messages.map(messageOf),
    savedVehicles: saved.map((row) => ({ ...row, savedAt: row.savedAt.toISOString() })),
    privacyRequests: requests.map(toView),
    kept: retention(),
  };
}

function phoneConsentsOf(sent: Array<typeof leads.$inferSelect>) {
  return sent
    .filter((lead) => lead.phoneConsent)
    .map((lead) => ({ leadId: lead.id, phone: lead.phone, givenAt: lead.createdAt.toISOString() }));
}

function leadOf(lead: typeof leads.$inferSelect) {
  return {
    id: lead.id,
    sentAt: lead.createdAt.toISOString(),
    source: lead.source,
    vin: lead.vin,
    firstName: lead.firstName,
    lastName: lead.lastName,
    email: lead.email,
    phone: lead.phone,
    comments: lead.comments,
  };
}

function messageOf(row: typeof outboxMessages.$inferSelect) {
  return {
    channel: row.channel,
    to: row.recipient,
    subject: row.subject,
    body: row.body,
    sentAt: row.createdAt.toISOString(),
  };
}

/**
 * What the tenant holds about an e-mail address with no account (issue 33): the leads sent with
 * it (and the phone numbers they gave), the messages sent to it and to those numbers, and the
 * privacy requests about it. Sent to that address, once verified, when staff fulfil an access
 * or portability request.
 */
export async function buildEmailExport(db: Db, subject: { tenantId: string; email: string }, now: Date) {
  const [sent, requests] = await Promise.all([
    db
      .select()
      .from(leads)
      .where(and(eq(leads.tenantId, subject.tenantId), eq(leads.email, subject.email))),
    db
      .select()
      .from(privacyRequests)
      .where(and(eq(privacyRequests.tenantId, subject.tenantId), eq(privacyRequests.subjectEmail, subject.email))),
  ]);
  const phones = sent.flatMap((lead) => (lead.phone ? [lead.phone] : []));
  const messages = await db
    .select()
    .from(outboxMessages)
    .where(
      and(eq(outboxMessages.tenantId, subject.tenantId), inArray(outboxMessages.recipient, [subject.email, ...phones])),
    );
  return {
    format: 'showroom-personal-data-by-email/1',
    generatedAt: now.toISOString(),
    tenant: subject.tenantId,
    email: subject.email,
    account: null,
    consents: {
      leadPhoneConsents: phoneConsentsOf(sent),
    },
    leads: sent.map(leadOf),
    messages: messages.map(messageOf),
    privacyRequests: requests.map(toView),
    kept: retention(),
  };
}
