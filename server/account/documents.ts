import { and, desc, eq, inArray } from 'drizzle-orm';
import type { AccountDocument } from '../../app/lib/contract/account-documents';
import type { Db } from '../db/client';
import { documents, orders, signings } from '../db/schema';

// Every document of a shopper's orders (issue 15 point 3): the files they uploaded, the contract
// once it is ready, and each order's receipt. Newest first.

const UPLOAD_STATUS: Record<(typeof documents.$inferSelect)['status'], AccountDocument['status']> = {
  INITIALIZED: 'Missing',
  UPLOADING: 'Uploading',
  FAIL: 'Upload failed',
  COMPLETE: 'Submitted',
};

export async function listAccountDocuments(
  db: Db,
  owner: { tenantId: string; userId: string },
): Promise<AccountDocument[]> {
  const owned = await db
    .select()
    .from(orders)
    .where(and(eq(orders.tenantId, owner.tenantId), eq(orders.userId, owner.userId)));
  if (owned.length === 0) return [];
  const byDeal = new Map(owned.map((order) => [order.dealRefId, order]));
  const uploads = await db
    .select()
    .from(documents)
    .where(inArray(documents.dealId, [...byDeal.keys()]))
    .orderBy(desc(documents.createdAt));
  const contracts = await db
    .select()
    .from(signings)
    .where(
      inArray(
        signings.orderNumber,
        owned.map((order) => order.orderNumber),
      ),
    );
  const list: AccountDocument[] = [];
  for (const row of uploads) {
    const order = byDeal.get(row.dealId)!;
    list.push({
      id: `upload:${row.id}`,
      orderNumber: order.orderNumber,
      kind: 'upload',
      type: row.type,
      addedAt: row.createdAt.toISOString(),
      status: UPLOAD_STATUS[row.status],
      downloadable: row.status === 'COMPLETE' && row.storagePath !== null,
      dealId: row.dealId,
      documentId: row.id,
    });
  }
  for (const row of contracts) {
    if (!row.ready && row.status === 'NotStarted') continue;
    if (row.status === 'Cancelled') continue;
    list.push({
      id: `contract:${row.orderNumber}`,
      orderNumber: row.orderNumber,
      kind: 'contract',
      type: 'Contract',
      addedAt: row.updatedAt.toISOString(),
      status: row.dealerSigned ? 'Countersigned' : row.buyerSigned ? 'Signed' : 'Ready to sign',
      downloadable: true,
      dealId: null,
      documentId: null,
    });
  }
  // A draft was never placed, so it has no receipt (issue 35 point 6: SR-DEFAULT-10027 showed one).
  for (const order of owned.filter((row) => row.orderStatus !== 'DRAFT')) {
    list.push({
      id: `receipt:${order.orderNumber}`,
      orderNumber: order.orderNumber,
      kind: 'receipt',
      type: 'Order receipt',
      addedAt: order.createdAt.toISOString(),
      status: 'Issued',
      downloadable: true,
      dealId: null,
      documentId: null,
    });
  }
  return list.sort((a, b) => b.addedAt.localeCompare(a.addedAt));
}
