// Shared by the browser and the server without zod: the pixel code ships to every page, and
// the contract's schemas would bring zod along with them. The sink's path is in the endpoint
// table (endpoints.messaging.analyticsEvent).

export const ANALYTICS_KINDS = ['pageview', 'event'] as const;
export type AnalyticsKind = (typeof ANALYTICS_KINDS)[number];

export const ANALYTICS_LIMITS = {
  name: 64,
  sessionId: 100,
  path: 1024,
  query: 2048,
  trafficSource: 200,
  orderId: 64,
  properties: 20,
  propertyKey: 64,
  propertyValue: 512,
} as const;
