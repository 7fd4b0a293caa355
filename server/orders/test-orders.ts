import { randomBytes } from 'node:crypto';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { testOrderRequestSchema } from '../../app/lib/contract/tracker';
import type { Db } from '../db/client';
import {
  documents,
  idVerifications,
  insuranceVerifications,
  orderHistory,
  orders,
  signings,
  vehicles,
} from '../db/schema';
import { DOCUMENT_TYPES, DOWN_PAYMENT_CENTS, requiredDocuments } from '../db/seed-data/scenarios';

// Test mode only (SHOWROOM_TEST_MODE=1): a new order for the signed-in shopper, so each
// end-to-end test drives its own order while other tests read the seeded demo orders
// unchanged. "placed" is the seed's "finance-new" state; the later stages skip the steps a
// test is not about (documents are recorded complete without files).

type Request = z.infer<typeof testOrderRequestSchema>;
type Template = Request['template'];
type Stage = Request['stage'];

const DEALS: Record<Template, Pick<typeof orders.$inferInsert, 'dealType' | 'dealSource' | 'dealStatus'>> = {
  finance: { dealType: 'Finance', dealSource: 'ConsumerInitiated', dealStatus: 'DPEN' },
  lease: { dealType: 'Lease', dealSource: 'ConsumerInitiated', dealStatus: 'DPEN' },
  cash: { dealType: 'Cash', dealSource: 'ConsumerInitiated', dealStatus: null },
  'cash-dealer': { dealType: 'Cash', dealSource: 'DealerInitiated', dealStatus: null },
};

type History = Array<[string, string | null]>;

function stageOf(
  template: Template,
  stage: Stage,
): { orderStatus: string; dealStatus: string | null; history: History } {
  const first = DEALS[template].dealStatus ?? null;
  const placed: History = [
    ['DRAFT', null],
    ['SUBMITTED', first],
  ];
  if (stage === 'placed') return { orderStatus: 'SUBMITTED', dealStatus: first, history: placed };
  const docsIn: History = [
    ...placed,
    ['ID_VERIFICATION_COMPLETED', first],
    ['DOCS_UPLOADED', first],
    ['DOCS_UPLOADED', 'APEN'],
  ];
  if (stage === 'decision') return { orderStatus: 'DOCS_UPLOADED', dealStatus: 'APEN', history: docsIn };
  return {
    orderStatus: 'CONTRACT_PENDING',
    dealStatus: 'SIGN',
    history: [...docsIn, ['DOCS_UPLOADED', 'UACC'], ['CONTRACT_PENDING', 'UACC'], ['CONTRACT_PENDING', 'SIGN']],
  };
}

export async function createTestOrder(
  db: Db,
  owner: { tenantId: string; userId: string },
  template: Template,
  now: Date,
  stage: Stage = 'placed',
): Promise<{ orderNumber: string; dealRefId: string } | null> {
  // The vehicle of one of the shopper's orders, else any listed vehicle of the tenant.
  const [mine] = await db
    .select({ id: orders.vehicleId, priceCents: vehicles.priceCents })
    .from(orders)
    .innerJoin(vehicles, eq(vehicles.id, orders.vehicleId))
    .where(and(eq(orders.tenantId, owner.tenantId), eq(orders.userId, owner.userId)))
    .orderBy(asc(orders.createdAt))
    .limit(1);
  const [any] = mine
    ? [mine]
    : await db
        .select({ id: vehicles.id, priceCents: vehicles.priceCents })
        .from(vehicles)
        .where(and(eq(vehicles.tenantId, owner.tenantId), ne(vehicles.status, 'Deleted')))
        .limit(1);
  if (!any) return null;

  const suffix = randomBytes(5).toString('hex').toUpperCase();
  const orderNumber = `SR-${owner.tenantId.toUpperCase()}-T${suffix}`;
  const dealRefId = `DEAL-${owner.tenantId.toUpperCase()}-T${suffix}`;
  const deal = DEALS[template];
  const dealType = deal.dealType;
  const required = requiredDocuments(dealType);
  const state = stageOf(template, stage);
  const later = stage !== 'placed';
  const placedAt = new Date(now.getTime() - 60_000 * (state.history.length + 1));
  await db.transaction(async (tx) => {
    await tx.insert(orders).values({
      orderNumber,
      tenantId: owner.tenantId,
      userId: owner.userId,
      vehicleId: any.id,
      orderStatus: state.orderStatus,
      dealRefId,
      ...deal,
      dealStatus: state.dealStatus,
      requiredDocuments: required,
      priceCents: any.priceCents,
      downPaymentCents: DOWN_PAYMENT_CENTS[dealType],
      idVerificationStatus: later ? 'COMPLETED' : 'NOT_STARTED',
      createdAt: placedAt,
    });
    await tx.insert(orderHistory).values(
      state.history.map(([orderStatus, dealStatus], index) => ({
        orderNumber,
        orderStatus,
        dealStatus,
        changedAt: new Date(placedAt.getTime() + index * 60_000),
      })),
    );
    await tx
      .insert(insuranceVerifications)
      .values({ orderNumber, policyStatus: later ? 'ACTIVE' : 'NOT_INITIATED', updatedAt: placedAt });
    await tx.insert(idVerifications).values({
      orderNumber,
      status: later ? 'SUCCESSFUL' : 'NOT_STARTED',
      transactionsAmount: later ? 1 : 0,
      updatedAt: placedAt,
    });
    await tx.insert(signings).values(
      stage === 'signed'
        ? {
            orderNumber,
            ready: true,
            notificationSent: true,
            status: 'Signed',
            buyerSigned: true,
            dealerSigned: true,
            updatedAt: placedAt,
          }
        : { orderNumber, updatedAt: placedAt },
    );
    if (later) {
      await tx.insert(documents).values(
        required.map((key) => ({
          dealId: dealRefId,
          key,
          type: DOCUMENT_TYPES[key],
          status: 'COMPLETE' as const,
          fileName: `${DOCUMENT_TYPES[key]}.pdf`,
          contentType: 'application/pdf',
          createdAt: placedAt,
        })),
      );
    }
  });
  return { orderNumber, dealRefId };
}
