import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Link, useLoaderData, useSearchParams } from '@remix-run/react';
import { DealTermsTable, DecisionActions, isDecision } from '~/components/tracker/deal-decision';
import { StepActions, StepFacts, StepNotice, StepPage, useTrackerPage } from '~/components/tracker/step-page';
import { stepPath } from '~/lib/tracker/steps';
import { loadDealTerms, requireStepContext, stepRedirect, submitDealDecision } from './$orderNumber.steps.server';
import { primaryButton } from '~/components/ui/button';

/** A page without script: every action on it is a link or a form post (decision 073). */
export const handle = { scripts: false };

// DEAL_REVIEW: the deal a dealer prepared for a cash buyer; accept or decline it, each with a
// confirmation. The outcome shows here: accepted, declined or waiting (pending).

export async function loader({ request, params }: LoaderFunctionArgs) {
  const step = await requireStepContext(request, params);
  return { terms: await loadDealTerms(step) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const step = await requireStepContext(request, params);
  const intent = String((await request.formData()).get('intent') ?? '');
  if (!isDecision(intent)) throw data(null, { status: 400 });
  await submitDealDecision(step, intent);
  return stepRedirect(request, stepPath(step.orderNumber, 'DEAL_REVIEW'));
}

export default function DealReviewStep() {
  const data = useTrackerPage();
  const extra = useLoaderData<typeof loader>();
  const [search] = useSearchParams();
  const confirm = search.get('confirm');
  const outcome = data.facts.dealOutcome;
  const pending = data.facts.dealStatus === 'PENDING_APPROVAL';
  const pagePath = stepPath(data.orderNumber, 'DEAL_REVIEW');
  return (
    <StepPage data={data} step="DEAL_REVIEW">
      <StepFacts facts={data.stepFacts} />
      {extra?.terms ? <DealTermsTable rows={extra.terms.rows} lines={extra.terms.lines} title="Your deal" /> : null}
      <StepActions step="DEAL_REVIEW" title="Your decision">
        {outcome === 'accepted' ? (
          <>
            <StepNotice
              kind="success"
              title="You accepted your deal"
              testId="deal-review-result"
              text="Your contract is being prepared for signing."
            />
            <p>
              <Link
                to={stepPath(data.orderNumber, data.activeStep)}
                className={primaryButton}
                data-testid="next-step-link"
              >
                Go to your next step
              </Link>
            </p>
          </>
        ) : outcome === 'declined' ? (
          <StepNotice
            kind="warning"
            title="You declined your deal"
            testId="deal-review-result"
            text="Your dealer has been told."
            callUs="To talk about new terms, call"
          />
        ) : pending ? (
          <DecisionActions
            kind="deal"
            pagePath={pagePath}
            action={pagePath}
            confirm={isDecision(confirm) ? confirm : null}
          />
        ) : (
          <StepNotice
            kind="info"
            title="Your deal is pending"
            testId="deal-review-result"
            text="Your dealer is still preparing your deal. We will let you know when it is ready to review."
          />
        )}
      </StepActions>
    </StepPage>
  );
}
