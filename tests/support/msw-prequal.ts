import { type HttpHandler } from 'msw';
import { prequalResponseSchema, type PrequalView } from '~/lib/contract/prequal';
import { endpoints } from '~/lib/contract/endpoints';
import { mockApi, type HandlerOptions } from './msw';

// GET /api/prequal for route tests (issue 14), parsed by the contract's schema.

const DAY = 24 * 60 * 60 * 1000;

/** A pre-qualification view; by default approved a day ago at the very-good tier. */
export function buildPrequal(overrides: Partial<PrequalView> = {}, now = new Date()): PrequalView {
  const pulledAt = new Date(now.getTime() - DAY);
  return prequalResponseSchema.shape.data.parse({
    status: 'mq_approved',
    outcome: 'approved',
    tier: 'veryGood',
    pulledAt: pulledAt.toISOString(),
    expiresAt: new Date(pulledAt.getTime() + 30 * DAY).toISOString(),
    reminder: null,
    canRefresh: true,
    details: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      address: { addressLine1: '418 Oak Hollow Lane', city: 'Austin', state: 'TX', zip: '78701' },
      annualIncome: 85000,
      email: 'ada@example.test',
    },
    hasDateOfBirth: true,
    hasSsn: false,
    keepData: false,
    ...overrides,
  });
}

export const NOT_STARTED: PrequalView = buildPrequal({
  status: 'not_started',
  outcome: null,
  tier: null,
  pulledAt: null,
  expiresAt: null,
  canRefresh: false,
  details: null,
  hasDateOfBirth: false,
});

export function prequal(view: PrequalView, options: HandlerOptions = {}): HttpHandler {
  return mockApi(endpoints.prequal.get, { data: view }, options);
}
