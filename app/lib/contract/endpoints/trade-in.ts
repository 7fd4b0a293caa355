import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import {
  appraisalRequestSchema,
  appraisalResponseSchema,
  applyTradeInRequestSchema,
  cartTradeInSchema,
  lenderMatchResponseSchema,
  payoffEstimateRequestSchema,
  payoffQuoteRequestSchema,
  tradeInOfferResponseSchema,
  tradeInOffersResponseSchema,
  vehicleLookupResponseSchema,
} from '../trade-in';

/** GET /api/trade-in/plates: a plate and its state's two-letter code. */
export const plateLookupQuerySchema = z.object({
  plate: z.string().min(1).max(10),
  state: z.string().regex(/^[A-Z]{2}$/),
});

/** The trade-in API (server/trade-in/): lookups, appraisals, saved offers and payoffs. */
export const tradeInEndpoints = {
  lookupVin: defineEndpoint({
    method: 'GET',
    path: '/api/trade-in/vins/:vin',
    summary: 'The vehicle a VIN names.',
    response: vehicleLookupResponseSchema,
  }),
  lookupPlate: defineEndpoint({
    method: 'GET',
    path: '/api/trade-in/plates',
    summary: 'The vehicle a licence plate names.',
    query: plateLookupQuerySchema,
    response: vehicleLookupResponseSchema,
  }),
  appraise: defineEndpoint({
    method: 'POST',
    path: '/api/trade-in/appraisals',
    summary: 'An appraisal of the described vehicle, not saved.',
    body: appraisalRequestSchema,
    response: appraisalResponseSchema,
  }),
  listOffers: defineEndpoint({
    method: 'GET',
    path: '/api/trade-in/offers',
    summary: "The signed-in shopper's saved offers.",
    response: tradeInOffersResponseSchema,
  }),
  saveOffer: defineEndpoint({
    method: 'POST',
    path: '/api/trade-in/offers',
    summary: 'Appraises and saves an offer: one per shopper and VIN, so a second save answers 200 with it.',
    body: appraisalRequestSchema,
    response: tradeInOfferResponseSchema,
    status: 201,
  }),
  getOffer: defineEndpoint({
    method: 'GET',
    path: '/api/trade-in/offers/:id',
    summary: 'One saved offer.',
    response: tradeInOfferResponseSchema,
  }),
  deleteOffer: defineEndpoint({
    method: 'DELETE',
    path: '/api/trade-in/offers/:id',
    summary: 'Deletes a saved offer.',
    response: z.undefined(),
    status: 204,
  }),
  refreshOffer: defineEndpoint({
    method: 'POST',
    path: '/api/trade-in/offers/:id/refresh',
    summary: 'Appraises an expired offer again.',
    body: z.object({}),
    response: tradeInOfferResponseSchema,
  }),
  applyOffer: defineEndpoint({
    method: 'POST',
    path: '/api/trade-in/offers/:id/apply',
    summary: "Applies the offer to the shopper's cart.",
    body: applyTradeInRequestSchema,
    response: z.object({ data: cartTradeInSchema }),
  }),
  unapplyOffer: defineEndpoint({
    method: 'DELETE',
    path: '/api/trade-in/offers/:id/apply',
    summary: 'Takes the offer off the cart.',
    response: tradeInOfferResponseSchema,
  }),
  matchLender: defineEndpoint({
    method: 'GET',
    path: '/api/trade-in/lenders',
    summary: 'The lender a typed name matches, or a suggestion.',
    query: z.object({ name: z.string() }),
    response: lenderMatchResponseSchema,
  }),
  quotePayoff: defineEndpoint({
    method: 'POST',
    path: '/api/trade-in/offers/:id/payoff',
    summary: "The lender's payoff quote for the financed trade-in.",
    body: payoffQuoteRequestSchema,
    response: tradeInOfferResponseSchema,
  }),
  estimatePayoff: defineEndpoint({
    method: 'POST',
    path: '/api/trade-in/offers/:id/payoff-estimate',
    summary: "The shopper's own estimate of the balance owed.",
    body: payoffEstimateRequestSchema,
    response: tradeInOfferResponseSchema,
  }),
} as const;
