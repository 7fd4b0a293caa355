import { z } from 'zod';
import {
  deskChallengeResponseSchema,
  deskCodeRequestSchema,
  deskMeResponseSchema,
  deskSessionResponseSchema,
  deskSignInRequestSchema,
  deskTodayResponseSchema,
  deskAuditResponseSchema,
  deskDocumentReviewSchema,
  deskOrderResponseSchema,
  deskOrdersQuerySchema,
  deskOrdersResponseSchema,
  deskLeadsResponseSchema,
  deskLeadUpdateSchema,
  deskTradeInsResponseSchema,
  deskTradeInReviewSchema,
  deskPrivacyResponseSchema,
  deskPrivacyFulfilSchema,
  deskPrivacyExtendSchema,
  deskInventoryQuerySchema,
  deskInventoryResponseSchema,
  deskVehiclePhotosSchema,
  deskVehicleUpdateSchema,
  deskMoneySchema,
  deskMoveDeliverySchema,
} from '../desk';
import { defineEndpoint } from '../endpoint';

/** The dealer desk API (server/desk/): staff only, with their own token; 404 across tenants. */
export const deskEndpoints = {
  signIn: defineEndpoint({
    method: 'POST',
    path: '/api/desk/sign-in',
    summary:
      'Staff sign-in, step 1: the password; answers the code step’s challenge. 401 wrong, 423 locked (5 failures, 15 minutes).',
    body: deskSignInRequestSchema,
    response: deskChallengeResponseSchema,
  }),
  signInCode: defineEndpoint({
    method: 'POST',
    path: '/api/desk/sign-in/code',
    summary:
      'Staff sign-in, step 2: a TOTP code or a recovery code; answers the desk token. 400 wrong, 410 challenge expired, 423 locked.',
    body: deskCodeRequestSchema,
    response: deskSessionResponseSchema,
  }),
  signOut: defineEndpoint({
    method: 'POST',
    path: '/api/desk/sign-out',
    summary: 'Ends the desk session at once.',
    body: z.object({}),
    response: z.undefined(),
    status: 204,
  }),
  me: defineEndpoint({
    method: 'GET',
    path: '/api/desk/me',
    summary: 'The signed-in staff member.',
    response: deskMeResponseSchema,
  }),
  today: defineEndpoint({
    method: 'GET',
    path: '/api/desk/today',
    summary: 'Today: what needs a person, oldest first, with a count per queue.',
    response: deskTodayResponseSchema,
  }),
  orders: defineEndpoint({
    method: 'GET',
    path: '/api/desk/orders',
    summary: 'Placed orders, newest first; `q` searches order number, shopper, e-mail, VIN and status.',
    query: deskOrdersQuerySchema,
    response: deskOrdersResponseSchema,
  }),
  order: defineEndpoint({
    method: 'GET',
    path: '/api/desk/orders/:orderNumber',
    summary: 'One order: its facts, history, documents, audit trail and the actions open to staff.',
    response: deskOrderResponseSchema,
  }),
  reviewDocument: defineEndpoint({
    method: 'POST',
    path: '/api/desk/orders/:orderNumber/documents/:documentId/review',
    summary:
      'Accepts a document, or rejects it with a reason the shopper reads on the tracker. 409 when it is not open to review.',
    body: deskDocumentReviewSchema,
    response: z.undefined(),
    status: 204,
  }),
  sendDeal: defineEndpoint({
    method: 'POST',
    path: '/api/desk/orders/:orderNumber/deal/send',
    summary: 'Sends the deal of a cash order the dealer started (deal status APEN); 409 when none waits.',
    body: z.object({}),
    response: z.undefined(),
    status: 204,
  }),
  countersign: defineEndpoint({
    method: 'POST',
    path: '/api/desk/orders/:orderNumber/contract/countersign',
    summary: 'Countersigns the contract the buyer signed; 409 when none waits.',
    body: z.object({}),
    response: z.undefined(),
    status: 204,
  }),
  confirmDelivery: defineEndpoint({
    method: 'POST',
    path: '/api/desk/orders/:orderNumber/delivery/confirm',
    summary: 'Confirms the requested delivery or pickup; the shopper is told by e-mail and text. 409 when none waits.',
    body: z.object({}),
    response: z.undefined(),
    status: 204,
  }),
  markDelivered: defineEndpoint({
    method: 'POST',
    path: '/api/desk/orders/:orderNumber/delivered',
    summary:
      'Marks the vehicle handed over (delivered or picked up): a paid, signed order with its appointment confirmed becomes DELIVERED and the shopper is told by e-mail; audited. 409 before then.',
    body: z.object({}),
    response: z.undefined(),
    status: 204,
  }),
  money: defineEndpoint({
    method: 'POST',
    path: '/api/desk/orders/:orderNumber/money',
    summary:
      'Records a payment taken at the dealership (`kind: payment`, never more than is due, once the contract is signed) or a refund (`kind: refund`, never more than was paid), in integer cents, once per idempotency key; audited. Finance or admin (403); 422 error.payment.amountTooHigh; 409 error.payment.notReady.',
    body: deskMoneySchema,
    response: z.undefined(),
    status: 204,
  }),
  moveDelivery: defineEndpoint({
    method: 'POST',
    path: '/api/desk/orders/:orderNumber/delivery/move',
    summary:
      'Moves the booked delivery or pickup to another date and time within business hours (confirmed at once); the shopper is told by e-mail and text. 422 error.fulfillment.badDate or badTime; 409 when none is booked.',
    body: deskMoveDeliverySchema,
    response: z.undefined(),
    status: 204,
  }),
  cancelDelivery: defineEndpoint({
    method: 'POST',
    path: '/api/desk/orders/:orderNumber/delivery/cancel',
    summary:
      'Cancels the booked delivery or pickup: the tracker asks the shopper to choose a time again, and they are told by e-mail and text. 409 when none is booked.',
    body: z.object({}),
    response: z.undefined(),
    status: 204,
  }),
  leads: defineEndpoint({
    method: 'GET',
    path: '/api/desk/leads',
    summary: 'Every lead of the tenant, newest first, with its source, vehicle, status and the staff’s note.',
    response: deskLeadsResponseSchema,
  }),
  updateLead: defineEndpoint({
    method: 'POST',
    path: '/api/desk/leads/:leadId',
    summary: 'Sets a lead’s status (new, contacted, closed) and note; audited with before and after.',
    body: deskLeadUpdateSchema,
    response: z.undefined(),
    status: 204,
  }),
  inventory: defineEndpoint({
    method: 'GET',
    path: '/api/desk/inventory',
    summary:
      'The latest 20 feed runs with their refused rows and failed photos, the photos failing now, and the vehicles matching `q` (VIN, stock number, make or model).',
    query: deskInventoryQuerySchema,
    response: deskInventoryResponseSchema,
  }),
  updateVehicle: defineEndpoint({
    method: 'POST',
    path: '/api/desk/inventory/:vin',
    summary:
      'Sets a vehicle’s price (integer cents) and status (Available, PendingSale for on hold, Sold); audited with before and after. Sales or admin (403); 409 while a shopper’s checkout holds it.',
    body: deskVehicleUpdateSchema,
    response: z.undefined(),
    status: 204,
  }),
  vehiclePhotos: defineEndpoint({
    method: 'POST',
    path: '/api/desk/inventory/:vin/photos',
    summary:
      'Sets a vehicle’s photo URLs in the order shoppers see them (add, remove, reorder; http or https, at most 40, each once). New URLs go to the feed’s photo pipeline, which fetches from outside addresses only; audited with before and after. Sales or admin (403); 409 for a vehicle the feed removed.',
    body: deskVehiclePhotosSchema,
    response: z.undefined(),
    status: 204,
  }),
  tradeIns: defineEndpoint({
    method: 'GET',
    path: '/api/desk/trade-ins',
    summary: 'Trade-in offers in further review, oldest first, with the appraiser’s suggested value.',
    response: deskTradeInsResponseSchema,
  }),
  reviewTradeIn: defineEndpoint({
    method: 'POST',
    path: '/api/desk/trade-ins/:offerId/review',
    summary:
      'Gives an offer in further review its value (integer cents) or denies it; the shopper sees the outcome on their trade-in page. 409 when it is not in review.',
    body: deskTradeInReviewSchema,
    response: z.undefined(),
    status: 204,
  }),
  privacyRequests: defineEndpoint({
    method: 'GET',
    path: '/api/desk/privacy',
    summary:
      'Verified privacy requests not yet done, soonest due first, and the latest 50 done, each with its audit history.',
    response: deskPrivacyResponseSchema,
  }),
  fulfilPrivacy: defineEndpoint({
    method: 'POST',
    path: '/api/desk/privacy/:requestId/fulfil',
    summary:
      'Carries out a verified request (deletion, export e-mailed, correction noted with `note`, opt-out) and tells the shopper. Admin only (403); 409 when it is not open; 400 for a correction without a note.',
    body: deskPrivacyFulfilSchema,
    response: z.undefined(),
    status: 204,
  }),
  extendPrivacy: defineEndpoint({
    method: 'POST',
    path: '/api/desk/privacy/:requestId/extend',
    summary:
      'Extends an open request once, to 90 days after it arrived, with a reason e-mailed to the shopper. Admin only (403); 409 when already extended, done or past its first 45 days.',
    body: deskPrivacyExtendSchema,
    response: z.undefined(),
    status: 204,
  }),
  audit: defineEndpoint({
    method: 'GET',
    path: '/api/desk/audit',
    summary: 'The tenant’s audit trail, oldest first (read only; the desk exports it as CSV).',
    response: deskAuditResponseSchema,
  }),
} as const;
