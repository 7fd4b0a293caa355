import type { LoaderFunctionArgs } from '@remix-run/node';
import { Outlet } from '@remix-run/react';
import { StepPage, useTrackerPage } from '~/components/tracker/step-page';
import { requireStepContext, tryApi } from './$orderNumber.steps.server';
import { endpoints } from '~/lib/contract/endpoints';

// SIGN_CONTRACT: the step's header around the signing pages (review, contract ready, hello
// again, thank you). The contract package is loaded here once for all of them.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const step = await requireStepContext(request, params);
  const envelope = await tryApi(step.api, endpoints.contracting.envelope, {
    params: { orderNumber: step.orderNumber },
  });
  return { envelope: envelope.ok ? envelope.value.data : null };
}

export default function SigningStep() {
  const data = useTrackerPage();
  return (
    <StepPage data={data} step="SIGN_CONTRACT">
      <Outlet />
    </StepPage>
  );
}
