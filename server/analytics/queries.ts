import type { AnalyticsEvent } from '../../app/lib/contract/analytics';
import type { Db } from '../db/client';
import { analyticsEvents } from '../db/schema';

export async function insertAnalyticsEvent(db: Db, tenantId: string, event: AnalyticsEvent): Promise<void> {
  await db.insert(analyticsEvents).values({
    tenantId,
    kind: event.kind,
    name: event.name,
    sessionId: event.sessionId,
    path: event.path,
    query: event.query,
    vin: event.vin,
    trafficSource: event.trafficSource,
    orderId: event.orderId,
    properties: event.properties,
  });
}
