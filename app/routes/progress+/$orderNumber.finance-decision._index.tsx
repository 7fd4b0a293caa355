import { data, type ActionFunctionArgs } from '@remix-run/node';
import { isDecision } from '~/components/tracker/deal-decision';
import { FinanceOffer, financePath, useOfferTerms } from '~/components/tracker/finance-offer';
import { StepFacts, useTrackerPage } from '~/components/tracker/step-page';
import { requireStepContext, stepRedirect, submitDealDecision } from './$orderNumber.steps.server';

// The lender's offer: accept or decline it (confirmed first); the answer leads to the accepted
// or declined page. Pending (approved, waiting for the shopper) shows the same offer.

export async function action({ request, params }: ActionFunctionArgs) {
  const step = await requireStepContext(request, params);
  const intent = String((await request.formData()).get('intent') ?? '');
  if (!isDecision(intent)) throw data(null, { status: 400 });
  const status = await submitDealDecision(step, intent);
  if (status === null) return stepRedirect(request, financePath(step.orderNumber));
  return stepRedirect(request, financePath(step.orderNumber, status === 'UACC' ? 'accepted' : 'declined'));
}

export default function FinanceDecisionPage() {
  const data = useTrackerPage();
  return (
    <>
      <StepFacts facts={data.stepFacts} />
      <FinanceOffer data={data} terms={useOfferTerms()} />
    </>
  );
}
