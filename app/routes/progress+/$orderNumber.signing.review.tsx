import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { DealTermsTable } from '~/components/tracker/deal-decision';
import { ContinueSigning } from '~/components/tracker/signing';
import { useEnvelope } from '~/components/tracker/signing-envelope';
import { PrepareForm } from '~/components/tracker/signing-prepare';
import { ResultNote, StepActions, StepFacts, useTrackerPage } from '~/components/tracker/step-page';
import { loadDealTerms, requireStepContext } from './$orderNumber.steps.server';

// Review before signing: the buyer, the vehicle and the terms the contract will carry, and the
// button that asks for the contract to be prepared (it posts to the contract-ready page).

export async function loader({ request, params }: LoaderFunctionArgs) {
  const step = await requireStepContext(request, params);
  return { terms: await loadDealTerms(step) };
}

export default function SigningReview() {
  const data = useTrackerPage();
  const extra = useLoaderData<typeof loader>();
  const envelope = useEnvelope();
  const terms = extra?.terms ?? null;
  const canPrepare =
    !data.facts.signingComplete &&
    (envelope === null || envelope.state === 'NOT_STARTED' || envelope.state === 'TIMED_OUT');
  return (
    <>
      <ResultNote title="Review before you sign" testId="signing-result">
        Check your name, your vehicle and your payment terms before you open the contract.
      </ResultNote>
      {terms ? (
        <section aria-label="Buyer" className="rounded-tenant border border-black/15 p-4" data-testid="contract-buyer">
          <p className="font-semibold">
            {terms.buyer.firstName} {terms.buyer.lastName}
          </p>
          <p className="text-sm text-gray-700">{terms.buyer.email}</p>
          <p className="mt-2 text-sm">
            Seller: {terms.dealer.legalName}, {terms.dealer.address}
          </p>
        </section>
      ) : null}
      {terms ? <DealTermsTable rows={terms.rows} lines={terms.lines} title="Your contract’s terms" /> : null}
      <StepActions step="SIGN_CONTRACT" title="Prepare your contract">
        {canPrepare ? (
          <>
            <p>When you continue we prepare your contract. This can take up to 3 minutes.</p>
            <div>
              <PrepareForm orderNumber={data.orderNumber} label="Prepare my contract" />
            </div>
          </>
        ) : (
          <div>
            <ContinueSigning data={data} envelope={envelope} />
          </div>
        )}
      </StepActions>
      <StepFacts facts={data.stepFacts} />
    </>
  );
}
