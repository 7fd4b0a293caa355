import { useRouteLoaderData } from '@remix-run/react';
import type { Envelope } from '~/lib/contract/tracker';
import { stepPath } from '~/lib/tracker/steps';

// The contract package, loaded once by the signing layout route, and the signing pages' paths:
// on their own, so a signing page that only reads them loads none of ./signing.tsx (decision 057).

export const SIGNING_ROUTE_ID = 'routes/progress+/$orderNumber.signing';

export type SigningLayoutData = { envelope: Envelope | null };

export function useEnvelope(): Envelope | null {
  return useRouteLoaderData<SigningLayoutData>(SIGNING_ROUTE_ID)?.envelope ?? null;
}

export function signingPath(
  orderNumber: string,
  subPage?: 'review' | 'contract-ready' | 'hello-again' | 'thank-you',
): string {
  return stepPath(orderNumber, 'SIGN_CONTRACT', subPage);
}
