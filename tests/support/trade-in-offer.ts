import { tradeInOfferSchema, type TradeInOffer } from '~/lib/contract/trade-in';

/** A saved trade-in offer as the API answers it: an available 2021 Camry LE at $12,150, owned outright. */
export function buildOffer(overrides: Partial<TradeInOffer> = {}): TradeInOffer {
  return tradeInOfferSchema.parse({
    id: '7b0c2a5e-3f1d-4c8e-9a6b-1d2e3f4a5b6c',
    vin: '4T1BF1FK9MU123456',
    year: 2021,
    make: 'Toyota',
    model: 'Camry',
    trim: 'LE',
    mileage: 60_000,
    condition: 'Good',
    ownership: 'Owned',
    registrationState: 'TX',
    applyToPurchase: true,
    hasLoan: false,
    amountOwedCents: null,
    status: 'available',
    offerCents: 1_215_000,
    reasons: [],
    readyAt: null,
    expiresAt: '2026-05-19T15:00:00.000Z',
    removeAt: null,
    payoff: null,
    payoffCents: 0,
    equityCents: 1_215_000,
    appliedCartId: null,
    createdAt: '2026-05-05T15:00:00.000Z',
    ...overrides,
  });
}
