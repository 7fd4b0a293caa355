import type { LoaderFunctionArgs } from '@remix-run/node';
import { Outlet } from '@remix-run/react';
import { StepPage, useTrackerPage } from '~/components/tracker/step-page';
import { loadDealTerms, requireStepContext } from './$orderNumber.steps.server';

// FINANCE_DECISION: the step's header around the offer page and its outcomes; the offer's
// terms are loaded once here for all of them.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const step = await requireStepContext(request, params);
  return { terms: await loadDealTerms(step) };
}

export default function FinanceDecisionStep() {
  const data = useTrackerPage();
  return (
    <StepPage data={data} step="FINANCE_DECISION">
      <Outlet />
    </StepPage>
  );
}
