import { z } from 'zod';
import { ANALYTICS_KINDS, ANALYTICS_LIMITS } from '../shared/analytics/constants';

// POST /api/analytics/events (endpoints.messaging.analyticsEvent): the built-in sink for page views and events (seed 001 §7).
// The storefront has already removed first name, last name and e-mail; the sink strips
// them again, so a careless caller cannot store them. The limits live in a
// zod-free module because the browser's pixel code needs them too.
export { ANALYTICS_KINDS, ANALYTICS_LIMITS, type AnalyticsKind } from '../shared/analytics/constants';

/** Event names are short machine names: `errorpage`, `error-alert`, `vehicle.favorite`. */
export const analyticsEventNameSchema = z
  .string()
  .max(ANALYTICS_LIMITS.name)
  .regex(/^[a-zA-Z0-9][a-zA-Z0-9._:-]*$/, 'must be a machine name');

export const analyticsPropertiesSchema = z
  .record(z.string().min(1).max(ANALYTICS_LIMITS.propertyKey), z.string().max(ANALYTICS_LIMITS.propertyValue))
  .refine((properties) => Object.keys(properties).length <= ANALYTICS_LIMITS.properties, {
    message: `at most ${ANALYTICS_LIMITS.properties} properties`,
  });

export const analyticsEventSchema = z
  .object({
    kind: z.enum(ANALYTICS_KINDS),
    /** The event's name; for a page view, optionally the page type. */
    name: analyticsEventNameSchema.nullable(),
    sessionId: z.string().min(1).max(ANALYTICS_LIMITS.sessionId).nullable(),
    /** The page's path, starting with /. */
    path: z.string().max(ANALYTICS_LIMITS.path).regex(/^\//, 'must start with /'),
    /** The page's query string without its `?`, personal data removed. */
    query: z.string().max(ANALYTICS_LIMITS.query),
    vin: z
      .string()
      .regex(/^[A-HJ-NPR-Z0-9]{17}$/, 'must be a VIN')
      .nullable(),
    trafficSource: z.string().min(1).max(ANALYTICS_LIMITS.trafficSource).nullable(),
    orderId: z.string().min(1).max(ANALYTICS_LIMITS.orderId).nullable(),
    properties: analyticsPropertiesSchema,
  })
  .refine((event) => event.kind === 'pageview' || event.name !== null, {
    message: 'an event needs a name',
    path: ['name'],
  });
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

/** The sink answers 204 with no body. */
export const analyticsEventAcceptedSchema = z.undefined();
