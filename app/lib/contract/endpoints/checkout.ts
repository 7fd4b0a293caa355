import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import {
  cartResponseSchema,
  createCartRequestSchema,
  creditProfileResponseSchema,
  currentCartResponseSchema,
  decisionAnswerRequestSchema,
  placeOrderRequestSchema,
  protectionChoiceRequestSchema,
  protectionPlansResponseSchema,
  receiptResponseSchema,
  submitApplicationRequestSchema,
  updateCartRequestSchema,
} from '../checkout';

/** The checkout API (server/checkout/): the cart, its protection, the credit application and placement. */
export const checkoutEndpoints = {
  currentCart: defineEndpoint({
    method: 'GET',
    path: '/api/checkout/carts/current',
    summary: "The open cart (the shopper's, or the session's), or null.",
    response: currentCartResponseSchema,
  }),
  createCart: defineEndpoint({
    method: 'POST',
    path: '/api/checkout/carts',
    summary: 'Starts (or resumes) a purchase of a vehicle.',
    body: createCartRequestSchema,
    response: cartResponseSchema,
    status: 201,
  }),
  cart: defineEndpoint({
    method: 'GET',
    path: '/api/checkout/carts/:cartId',
    summary: "A cart by its id, its owner's (or its session's) only.",
    response: cartResponseSchema,
  }),
  updateCart: defineEndpoint({
    method: 'PATCH',
    path: '/api/checkout/carts/:cartId',
    summary: 'Step, completed step and deal fields; 422 error.cart.invalid with the seed’s message.',
    body: updateCartRequestSchema,
    response: cartResponseSchema,
  }),
  extendHold: defineEndpoint({
    method: 'POST',
    path: '/api/checkout/carts/:cartId/hold',
    summary: 'Starts the hold again from HOLD_MINUTES.',
    response: cartResponseSchema,
  }),
  acknowledgeChanges: defineEndpoint({
    method: 'POST',
    path: '/api/checkout/carts/:cartId/changes/acknowledge',
    summary: 'The shopper has read the changed figures: they are flagged again only when a figure moves after this.',
    response: cartResponseSchema,
  }),
  removeVehicle: defineEndpoint({
    method: 'DELETE',
    path: '/api/checkout/carts/:cartId/vehicle',
    summary: 'Takes the vehicle out of the cart.',
    response: cartResponseSchema,
  }),
  claimCart: defineEndpoint({
    method: 'POST',
    path: '/api/checkout/carts/:cartId/claim',
    summary: 'Makes a session cart the signed-in shopper’s.',
    response: cartResponseSchema,
  }),
  protectionPlans: defineEndpoint({
    method: 'GET',
    path: '/api/checkout/carts/:cartId/protection',
    summary: "Protection plans for the cart's vehicle and deal.",
    response: protectionPlansResponseSchema,
  }),
  chooseProtection: defineEndpoint({
    method: 'PUT',
    path: '/api/checkout/carts/:cartId/protection',
    summary: 'Records the protection choice (plans, or a decline).',
    body: protectionChoiceRequestSchema,
    response: cartResponseSchema,
  }),
  submitCreditApplication: defineEndpoint({
    method: 'POST',
    path: '/api/checkout/carts/:cartId/credit-application/submit',
    summary: 'Submits the credit application; answers the cart with its decision.',
    body: submitApplicationRequestSchema,
    response: cartResponseSchema,
  }),
  saveCreditApplicationStep: defineEndpoint({
    method: 'PUT',
    path: '/api/checkout/carts/:cartId/credit-application/:step',
    summary: "One step's answers; 422 error.cart.applicationInvalid with `fieldErrors`.",
    body: z.unknown(),
    response: cartResponseSchema,
  }),
  answerDecision: defineEndpoint({
    method: 'POST',
    path: '/api/checkout/carts/:cartId/decision',
    summary: "The shopper's answer to an approved decision.",
    body: decisionAnswerRequestSchema,
    response: cartResponseSchema,
  }),
  placeOrder: defineEndpoint({
    method: 'POST',
    path: '/api/checkout/carts/:cartId/place',
    summary: 'Places the order; needs the `idempotency-key` header.',
    body: placeOrderRequestSchema,
    response: cartResponseSchema,
    status: 202,
  }),
  creditProfile: defineEndpoint({
    method: 'GET',
    path: '/api/checkout/credit-profile',
    summary: "The signed-in shopper's newest bureau score, or null.",
    response: creditProfileResponseSchema,
  }),
  receipt: defineEndpoint({
    method: 'GET',
    path: '/api/checkout/orders/:orderNumber/receipt',
    summary: 'The receipt of a placed order.',
    response: receiptResponseSchema,
  }),
} as const;
