import { Router } from 'express';
import { endpoints } from '../../app/lib/contract/endpoints';
import { documentKeySchema } from '../../app/lib/contract/tracker';
import type { TrackerState } from '../../app/lib/contract/tracker-state';
import { advanceEnvelope, findSigning, toReadiness, toSigningStatus } from '../contracting/envelope';
import { requiredDocumentList } from '../documents/router';
import { documentsReviewedByStaff } from '../documents/service';
import { route } from '../http/endpoint-route';
import { captureOfferedFor, findIdVerification, toStatus } from '../id-verification/service';
import { findInsurance } from '../insurance/service';
import type { Platform } from '../platform/http';
import type { StepBackend } from './backend';
import type { Order } from '../../app/lib/contract/orders';
import { requireOwnedOrderWithVehicle, type OwnedOrderRow } from './ownership';
import { readOrderHistory } from './queries';

// GET /public/commerce/orders/{orderNumber}/tracker-state: what the tracker's step rules read,
// in one answer (issue 17 point 5). The bare /progress/{orderNumber} redirects to the active
// step, and the storefront works that out from these (flags and this browser's recorded actions
// are the storefront's): one call, one identity check and one ownership lookup, where the page
// makes eight of each. Each part is what its own call answers (the same functions), so the step
// the redirect picks is the step the page then shows.

/** What the tracker's step rules read for this order (the shopper's call, and the desk's order page). */
export async function readTrackerState(
  platform: Platform,
  backend: StepBackend,
  row: OwnedOrderRow,
  order: Order,
): Promise<TrackerState> {
  const [history, idCheck, captureOffered, signing, insurance, documents] = await Promise.all([
    readOrderHistory(platform.db, row.orderNumber),
    findIdVerification(backend, row.orderNumber),
    captureOfferedFor(platform.db, row),
    findSigning(backend, row.orderNumber).then((found) => advanceEnvelope(backend, row, found)),
    findInsurance(backend, row.orderNumber),
    requiredDocumentList(platform.db, row, documentsReviewedByStaff(backend, row)),
  ]);
  return {
    order,
    history,
    idVerification: toStatus(idCheck, backend.now(), captureOffered),
    readiness: toReadiness(signing),
    signing: toSigningStatus(signing),
    insurance: { policyStatus: insurance?.policyStatus ?? 'NOT_INITIATED' },
    required: row.requiredDocuments.map((key) => documentKeySchema.parse(key)),
    documents,
  };
}

export function trackerStateRouter(platform: Platform, backend: StepBackend): Router {
  const router = Router();
  route(router, endpoints.orders.trackerState, async (req, res, call) => {
    // The ownership check reads the order's answer too, and then proves ownership for the rest.
    const { row, order } = await requireOwnedOrderWithVehicle(platform, req, call.params.orderNumber);
    const body: { data: TrackerState } = { data: await readTrackerState(platform, backend, row, order) };
    res.setHeader('cache-control', 'no-store');
    res.json(body);
  });
  return router;
}
