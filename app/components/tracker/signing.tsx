import { Link } from '@remix-run/react';
import type { Envelope } from '~/lib/contract/tracker';
import type { TrackerPageData } from '~/lib/tracker/page';
import { signingPath } from './signing-envelope';
import { StepNotice } from './step-page';
import { primaryButton } from '~/components/ui/button';

// The signing step's shared pieces: the messages of seed 002 §8 for contracts, and the link that
// continues from where the contract package is (./signing-envelope.ts reads it). The form that
// prepares the contract is ./signing-prepare.tsx (its two pages only).

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
      <StepNotice
        kind="warning"
        title="Your contract is no longer available"
        text={CONTRACT_MESSAGES.expired}
        callUs="Call"
      />
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
