import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DeskQueue, DeskQueueItem, DeskToday } from '../../app/lib/contract/desk';
import { DESK_QUEUES } from '../../app/lib/contract/desk';
import type { Db } from '../db/client';
import { qualified } from '../db/qualified';
import { documents, leads, orders, photoJobs, privacyRequests, signings, tradeInOffers, users } from '../db/schema';

// The desk's Today queue (issue 33 point 2): what waits for a person, each queue read with the
// tenant in its where clause, oldest first. Each queue shows at most QUEUE_ROWS items; the count
// is the whole queue's.

const QUEUE_ROWS = 50;

const DEAL_OPEN = ['UNKNOWN', 'DPEN', 'LSEL'];

function iso(date: Date): string {
  return date.toISOString();
}

async function documentItems(db: Db, tenantId: string): Promise<DeskQueueItem[]> {
  const rows = await db
    .select({
      orderNumber: orders.orderNumber,
      type: documents.type,
      fileName: documents.fileName,
      at: documents.createdAt,
    })
    .from(documents)
    .innerJoin(orders, eq(orders.dealRefId, documents.dealId))
    .where(and(eq(orders.tenantId, tenantId), eq(documents.status, 'COMPLETE'), isNull(documents.reviewStatus)))
    .orderBy(asc(documents.createdAt));
  return rows.map((row) => ({
    queue: 'documents',
    subjectId: row.orderNumber,
    title: `${row.orderNumber}: review a document`,
    detail: `${row.type}${row.fileName ? ` (${row.fileName})` : ''}`,
    since: iso(row.at),
    dueAt: null,
    href: `/desk/orders/${row.orderNumber}`,
  }));
}

/** Cash deals the dealer started or reset, with every document in and no deal sent yet. */
async function dealItems(db: Db, tenantId: string): Promise<DeskQueueItem[]> {
  const rows = await db
    .select({ orderNumber: orders.orderNumber, at: orders.createdAt, source: orders.dealSource })
    .from(orders)
    .where(
      and(
        eq(orders.tenantId, tenantId),
        eq(orders.dealType, 'Cash'),
        or(eq(orders.dealSource, 'DealerInitiated'), eq(orders.isOrderStatusReset, true)),
        eq(orders.orderStatus, 'DOCS_UPLOADED'),
        or(isNull(orders.dealStatus), inArray(orders.dealStatus, DEAL_OPEN)),
      ),
    )
    .orderBy(asc(orders.createdAt));
  return rows.map((row) => ({
    queue: 'deals',
    subjectId: row.orderNumber,
    title: `${row.orderNumber}: send the deal`,
    detail: row.source === 'DealerInitiated' ? 'Cash, started by the dealer' : 'Cash, reset by the dealer',
    since: iso(row.at),
    dueAt: null,
    href: `/desk/orders/${row.orderNumber}`,
  }));
}

async function countersignItems(db: Db, tenantId: string): Promise<DeskQueueItem[]> {
  const rows = await db
    .select({ orderNumber: signings.orderNumber, at: signings.updatedAt })
    .from(signings)
    .innerJoin(orders, eq(orders.orderNumber, signings.orderNumber))
    .where(and(eq(orders.tenantId, tenantId), eq(signings.buyerSigned, true), eq(signings.dealerSigned, false)))
    .orderBy(asc(signings.updatedAt));
  return rows.map((row) => ({
    queue: 'countersign',
    subjectId: row.orderNumber,
    title: `${row.orderNumber}: countersign the contract`,
    detail: 'The buyer signed',
    since: iso(row.at),
    dueAt: null,
    href: `/desk/orders/${row.orderNumber}`,
  }));
}

async function tradeInItems(db: Db, tenantId: string): Promise<DeskQueueItem[]> {
  const rows = await db
    .select({
      id: tradeInOffers.id,
      year: tradeInOffers.year,
      make: tradeInOffers.make,
      model: tradeInOffers.model,
      mileage: tradeInOffers.mileage,
      condition: tradeInOffers.condition,
      at: tradeInOffers.createdAt,
      readyAt: tradeInOffers.readyAt,
    })
    .from(tradeInOffers)
    .where(and(eq(tradeInOffers.tenantId, tenantId), eq(tradeInOffers.status, 'pending')))
    .orderBy(asc(tradeInOffers.createdAt));
  return rows.map((row) => ({
    queue: 'tradeIns',
    subjectId: row.id,
    title: `Trade-in in further review: ${row.year} ${row.make} ${row.model}`,
    detail: `${row.mileage.toLocaleString('en-US')} miles, ${row.condition}`,
    since: iso(row.at),
    dueAt: row.readyAt ? iso(row.readyAt) : null,
    href: `/desk/trade-ins#trade-in-${row.id}`,
  }));
}

async function leadItems(db: Db, tenantId: string): Promise<DeskQueueItem[]> {
  const rows = await db
    .select({
      id: leads.id,
      firstName: leads.firstName,
      lastName: leads.lastName,
      source: leads.source,
      vin: leads.vin,
      at: leads.createdAt,
    })
    .from(leads)
    .where(and(eq(leads.tenantId, tenantId), eq(leads.status, 'new')))
    .orderBy(asc(leads.createdAt));
  return rows.map((row) => ({
    queue: 'leads',
    subjectId: row.id,
    title: `Lead from ${row.firstName} ${row.lastName}`,
    detail: row.vin ? `${row.source}, VIN ${row.vin}` : row.source,
    since: iso(row.at),
    dueAt: null,
    href: `/desk/leads#lead-${row.id}`,
  }));
}

/** Verified requests not yet fulfilled, by their due date (the extended one when extended). */
async function privacyItems(db: Db, tenantId: string): Promise<DeskQueueItem[]> {
  const due = sql<Date>`coalesce(${qualified(privacyRequests.extendedDueAt)}, ${qualified(privacyRequests.dueAt)})`;
  const rows = await db
    .select({
      id: privacyRequests.id,
      kind: privacyRequests.kind,
      at: privacyRequests.createdAt,
      due: privacyRequests.dueAt,
      extended: privacyRequests.extendedDueAt,
    })
    .from(privacyRequests)
    .where(and(eq(privacyRequests.tenantId, tenantId), eq(privacyRequests.status, 'VERIFIED')))
    .orderBy(asc(due));
  return rows.map((row) => ({
    queue: 'privacy',
    subjectId: row.id,
    title: `Privacy request: ${row.kind}`,
    detail: row.extended ? 'Extended' : 'Verified',
    since: iso(row.at),
    dueAt: iso(row.extended ?? row.due),
    href: `/desk/privacy#privacy-${row.id}`,
  }));
}

async function deliveryItems(db: Db, tenantId: string): Promise<DeskQueueItem[]> {
  const rows = await db
    .select({
      orderNumber: orders.orderNumber,
      at: orders.createdAt,
      appointment: orders.deliveryAppointment,
      delivery: orders.delivery,
      lastName: users.lastName,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(eq(orders.tenantId, tenantId), sql`${qualified(orders.delivery)}->>'state' = 'Requested'`))
    .orderBy(asc(orders.deliveryAppointment));
  return rows.map((row) => ({
    queue: 'deliveries',
    subjectId: row.orderNumber,
    title: `${row.orderNumber}: confirm the ${row.delivery?.method === 'PICKUP' ? 'pickup' : 'delivery'}`,
    detail: row.lastName,
    since: iso(row.at),
    dueAt: row.appointment ? iso(row.appointment) : null,
    href: `/desk/orders/${row.orderNumber}`,
  }));
}

async function feedItems(db: Db, tenantId: string): Promise<DeskQueueItem[]> {
  const rows = await db
    .select({ url: photoJobs.sourceUrl, error: photoJobs.error, at: photoJobs.updatedAt })
    .from(photoJobs)
    .where(and(eq(photoJobs.tenantId, tenantId), eq(photoJobs.status, 'failed')))
    .orderBy(asc(photoJobs.updatedAt));
  return rows.map((row) => ({
    queue: 'feed',
    subjectId: row.url,
    title: 'A feed photo failed',
    detail: `${row.error ?? 'failed'}: ${row.url}`,
    since: iso(row.at),
    dueAt: null,
    href: '/desk/inventory',
  }));
}

const READERS: Record<DeskQueue, (db: Db, tenantId: string) => Promise<DeskQueueItem[]>> = {
  documents: documentItems,
  deals: dealItems,
  countersign: countersignItems,
  tradeIns: tradeInItems,
  leads: leadItems,
  privacy: privacyItems,
  deliveries: deliveryItems,
  feed: feedItems,
};

/** Every queue of the tenant: counts, and the items merged oldest first. */
export async function readToday(db: Db, tenantId: string): Promise<DeskToday> {
  const queues = await Promise.all(
    DESK_QUEUES.map(async (queue) => [queue, await READERS[queue](db, tenantId)] as const),
  );
  const counts = Object.fromEntries(queues.map(([queue, items]) => [queue, items.length])) as Record<DeskQueue, number>;
  const items = queues.flatMap(([, list]) => list.slice(0, QUEUE_ROWS)).sort((a, b) => a.since.localeCompare(b.since));
  return { counts, items };
}
