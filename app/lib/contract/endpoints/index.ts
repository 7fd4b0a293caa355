import type { EndpointDefinition } from '../endpoint';
import { accountEndpoints, messagingEndpoints, prequalEndpoints, privacyEndpoints } from './account';
import { checkoutEndpoints } from './checkout';
import { deskEndpoints } from './desk';
import { identityEndpoints } from './identity';
import { inventoryEndpoints } from './inventory';
import { tradeInEndpoints } from './trade-in';
import {
  contractingEndpoints,
  documentEndpoints,
  fulfillmentEndpoints,
  idVerificationEndpoints,
  insuranceEndpoints,
  orderEndpoints,
  paymentEndpoints,
} from './tracker';
import { entriesOf } from '../../shared/guards';

// The commerce API, one entry per call the storefront makes, grouped by area. Read by
// `callApi`, the backend's routers (server/http/endpoint-route.ts), the msw handlers of the
// tests (`mockApi`) and scripts/api-reference.ts, which writes docs/api-reference.md.

export const endpoints = {
  identity: identityEndpoints,
  inventory: inventoryEndpoints,
  checkout: checkoutEndpoints,
  tradeIn: tradeInEndpoints,
  orders: orderEndpoints,
  documents: documentEndpoints,
  contracting: contractingEndpoints,
  idVerification: idVerificationEndpoints,
  insurance: insuranceEndpoints,
  payments: paymentEndpoints,
  fulfillment: fulfillmentEndpoints,
  prequal: prequalEndpoints,
  privacy: privacyEndpoints,
  account: accountEndpoints,
  messaging: messagingEndpoints,
  desk: deskEndpoints,
} as const;

export type EndpointArea = keyof typeof endpoints;

/** Every entry with its area and name, in table order (for the reference and the table's own tests). */
export function listEndpoints(): { area: EndpointArea; name: string; endpoint: EndpointDefinition }[] {
  return entriesOf(endpoints).flatMap(([area, group]) =>
    Object.entries(group).map(([name, endpoint]) => ({ area, name, endpoint })),
  );
}
