import { Form, Link, useNavigation, useRouteLoaderData } from '@remix-run/react';
import type { Envelope } from '~/lib/contract/tracker';
import type { TrackerPageData } from '~/lib/tracker/page';
import { stepPath } from '~/lib/tracker/steps';
import { CallUs } from './step-page';
import { Notice } from '~/components/ui/alert-bar';
import { SubmitButton, primaryButton } from '~/components/ui/button';

// The signing step's shared pieces: the contract package (loaded once by the signing layout
// route), the messages of seed 002 §8 for contracts, and the link that continues from where the
// package is.

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

/** Seed 002 §8, contract: link broken, not found, different email, expired or cancelled, not available. */
export const CONTRACT_MESSAGES = {
  linkBroken: 'This signing link is broken. Open your contract from your order instead.',
  notFound: 'We could not find this contract.',
  differentEmail:
    'This contract belongs to another e-mail address. Sign in with the e-mail tied to your order to sign it.',
  expired: 'This contract has expired or was cancelled. Call us so we can send you a new one.',
  notAvailable: 'Your contract is not available yet. Finish the steps before this one first.',
  nameMismatch: 'Type your full name exactly as it appears on the contract.',
  agreeRequired: 'Check the box to agree to sign electronically.',
  failed: 'We could not record your signature. Please try again.',
} as const;

/** The shopper's way on from where the package is. */
export function ContinueSigning({ data, envelope }: { data: TrackerPageData; envelope: Envelope | null }) {
  const order = data.orderNumber;
  if (data.facts.signingComplete || envelope?.state === 'SIGNED') {
    return (
      <Link to={signingPath(order, 'thank-you')} className={primaryButton} data-testid="signing-continue">
        See your signed contract
      </Link>
    );
  }
  if (envelope?.state === 'CANCELLED' || data.facts.signing.status === 'Cancelled') {
    return (
      <Notice kind="warning" title="Your contract is no longer available">
        {CONTRACT_MESSAGES.expired} <CallUs prefix="Call" />
      </Notice>
    );
  }
  if (envelope && envelope.state !== 'NOT_STARTED') {
    return (
      <Link to={signingPath(order, 'contract-ready')} className={primaryButton} data-testid="signing-continue">
        {envelope.state === 'READY' ? 'Open your contract' : 'See your contract’s progress'}
      </Link>
    );
  }
  return (
    <Link to={signingPath(order, 'review')} className={primaryButton} data-testid="signing-continue">
      Review your contract
    </Link>
  );
}

/** Starts (or restarts) preparing the contract. */
export function PrepareForm({
  orderNumber,
  label,
  variant = 'primary',
}: {
  orderNumber: string;
  label: string;
  variant?: 'primary' | 'secondary';
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'prepare';
  return (
    <Form method="post" action={signingPath(orderNumber, 'contract-ready')}>
      <SubmitButton value="prepare" loading={busy} variant={variant}>
        {label}
      </SubmitButton>
    </Form>
  );
}
