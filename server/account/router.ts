import { Router } from 'express';
import { endpoints } from '../../app/lib/contract/endpoints';
import { route } from '../http/endpoint-route';
import { renderContractPdf } from '../contracting/contract-pdf';
import { signings } from '../db/schema';
import { tenantOf, type StepBackend } from '../orders/backend';
import { requireOwnedOrder } from '../orders/ownership';
import { getDealTerms } from '../orders/terms';
import { HttpError, requireIdentity, requireTenant, type Platform } from '../platform/http';
import { eq } from 'drizzle-orm';
import { HEADER } from '../../app/lib/contract/common';
import { listAccountDocuments } from './documents';
import { shellSummary } from './shell';

/** A visit id as the storefront sends it (x-session-id); anything else is no visit. */
const VISIT_ID = /^[A-Za-z0-9_-]{8,200}$/;

// The account's paper trail (contract: app/lib/contract/account-documents.ts).

export function accountRouter(platform: Platform, backend: StepBackend, options: { piiKey: Buffer }): Router {
  const router = Router();
  route(router, endpoints.account.shell, async (req, res) => {
    const tenant = requireTenant(platform, req);
    const identity = await requireIdentity(platform, req, tenant);
    const visit = req.get(HEADER.sessionId);
    res.setHeader('cache-control', 'no-store');
    res.json({
      data: await shellSummary(
        platform.db,
        { tenant, userId: identity.userId, sessionId: visit && VISIT_ID.test(visit) ? visit : null },
        { piiKey: options.piiKey, now: backend.now() },
      ),
    });
  });
  route(router, endpoints.account.documents, async (req, res) => {
    const tenant = requireTenant(platform, req);
    const identity = await requireIdentity(platform, req, tenant);
    res.setHeader('cache-control', 'no-store');
    res.json({ data: await listAccountDocuments(platform.db, { tenantId: tenant.id, userId: identity.userId }) });
  });
  route(router, endpoints.account.contractPdf, async (req, res, { params }) => {
    const order = await requireOwnedOrder(platform, req, { orderNumber: params.orderNumber });
    const [row] = await platform.db.select().from(signings).where(eq(signings.orderNumber, order.orderNumber)).limit(1);
    if (!row || (!row.ready && row.status === 'NotStarted') || row.status === 'Cancelled')
      throw new HttpError(404, 'error.document.notFound', 'No contract for this order');
    const tenant = tenantOf(backend, order.tenantId);
    const terms = await getDealTerms(platform.db, order, tenant);
    const bytes = await renderContractPdf(
      terms,
      {
        buyerName: `${terms.buyer.firstName} ${terms.buyer.lastName}`,
        buyerSignedAt: row.buyerSigned ? row.updatedAt : null,
        dealerSigned: row.dealerSigned,
      },
      backend.now(),
      tenant.timeZone,
    );
    res.setHeader('cache-control', 'no-store');
    res.setHeader('content-disposition', `attachment; filename="contract-${order.orderNumber}.pdf"`);
    res.type('application/pdf').send(Buffer.from(bytes));
  });
  return router;
}
