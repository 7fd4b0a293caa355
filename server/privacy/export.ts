import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  carts,
  documents,
  favorites,
  leads,
  orderHistory,
  orders,
  payments,
  privacyRequests,
  users,
  vehicles,
} from '../db/schema';

// The machine-readable copy of everything the backend holds about a shopper (issue 15 point 2,
// access and portability): profile, consents, orders, credit applications (never the SSN or the
// date of birth in clear: they are stored encrypted and only their presence is stated),
// documents (the list, not the files), leads, saved vehicles and privacy requests.

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

export async function buildExport(db: Db, owner: { tenantId: string; userId: string }, now: Date) {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, owner.userId), eq(users.tenantId, owner.tenantId)))
    .limit(1);
  if (!user) return null;
  const owned = await db
    .select()
    .from(orders)
    .where(and(eq(orders.tenantId, owner.tenantId), eq(orders.userId, owner.userId)));
  const numbers = owned.map((order) => order.orderNumber);
  const deals = owned.map((order) => order.dealRefId);
  const [history, paid, files, applications, sent, saved, requests] = await Promise.all([
    numbers.length ? db.select().from(orderHistory).where(inArray(orderHistory.orderNumber, numbers)) : [],
    numbers.length ? db.select().from(payments).where(inArray(payments.orderNumber, numbers)) : [],
    deals.length ? db.select().from(documents).where(inArray(documents.dealId, deals)) : [],
    db
      .select()
      .from(carts)
      .where(and(eq(carts.tenantId, owner.tenantId), eq(carts.userId, owner.userId))),
    db
      .select()
      .from(leads)
      .where(and(eq(leads.tenantId, owner.tenantId), eq(leads.userId, owner.userId))),
    db
      .select({ vin: vehicles.vin, savedAt: favorites.createdAt })
      .from(favorites)
      .innerJoin(vehicles, eq(vehicles.id, favorites.vehicleId))
      .where(eq(favorites.userId, owner.userId)),
    db
      .select()
      .from(privacyRequests)
      .where(and(eq(privacyRequests.tenantId, owner.tenantId), eq(privacyRequests.userId, owner.userId))),
  ]);
  // Leads sent signed out with the account's e-mail are the shopper's too.
  const byEmail = await db
    .select()
    .from(leads)
    .where(and(eq(leads.tenantId, owner.tenantId), eq(leads.email, user.email)));
  const allLeads = [...new Map([...sent, ...byEmail].map((lead) => [lead.id, lead])).values()];
  return {
    format: 'showroom-personal-data/1',
    generatedAt: now.toISOString(),
    tenant: owner.tenantId,
    profile: {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone,
      emailVerifiedAt: user.emailVerifiedAt?.toISOString() ?? null,
      phoneVerifiedAt: user.phoneVerifiedAt?.toISOString() ?? null,
      createdAt: user.createdAt.toISOString(),
    },
    consents: {
      marketingEmail: user.marketingEmail,
      marketingSms: user.marketingSms,
      leadPhoneConsents: allLeads
        .filter((lead) => lead.phoneConsent)
        .map((lead) => ({ leadId: lead.id, phone: lead.phone, givenAt: lead.createdAt.toISOString() })),
    },
    orders: owned.map((order) => ({
      orderNumber: order.orderNumber,
      placedAt: order.createdAt.toISOString(),
      dealType: order.dealType,
      orderStatus: order.orderStatus,
      dealStatus: order.dealStatus,
      priceCents: order.priceCents,
      downPaymentCents: order.downPaymentCents,
      delivery: order.delivery,
      history: history
        .filter((row) => row.orderNumber === order.orderNumber)
        .map((row) => ({ at: row.changedAt.toISOString(), orderStatus: row.orderStatus, dealStatus: row.dealStatus })),
      payments: paid
        .filter((row) => row.orderNumber === order.orderNumber)
        .map((row) => ({
          method: row.method,
          amountCents: row.amountCents,
          status: row.status,
          cardLast4: row.cardLast4,
          at: row.createdAt.toISOString(),
        })),
    })),
    applications: applications
      .filter((cart) => Object.keys(cart.creditAnswers).length > 0 || cart.applicationSubmittedAt)
      .map((cart) => ({
        cartId: cart.id,
        orderNumber: cart.orderNumber,
        submittedAt: cart.applicationSubmittedAt?.toISOString() ?? null,
        answers: withoutSecrets(cart.creditAnswers),
        ssnAndDateOfBirth: cart.piiCipher ? WITHHELD : null,
        decision: cart.decision ? { status: cart.decision.status, aprPercent: cart.decision.aprPercent } : null,
      })),
    documents: files.map((row) => ({
      id: row.id,
      orderNumber: owned.find((order) => order.dealRefId === row.dealId)?.orderNumber ?? null,
      type: row.type,
      status: row.status,
      fileName: row.fileName,
      addedAt: row.createdAt.toISOString(),
    })),
    leads: allLeads.map((lead) => ({
      id: lead.id,
      sentAt: lead.createdAt.toISOString(),
      source: lead.source,
      vin: lead.vin,
      firstName: lead.firstName,
      lastName: lead.lastName,
      email: lead.email,
      phone: lead.phone,
      comments: lead.comments,
    })),
    savedVehicles: saved.map((row) => ({ vin: row.vin, savedAt: row.savedAt.toISOString() })),
    privacyRequests: requests.map((row) => ({
      id: row.id,
      kind: row.kind,
      requester: row.requester,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      dueAt: row.dueAt.toISOString(),
    })),
  };
}
