import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { StepHeading } from '~/components/checkout/credit-application/step-heading';
import { previousStepPath } from '~/lib/checkout/credit-application-steps';
import { checkoutMeta } from '~/lib/checkout/meta';
import { loadApplicationStep, submitApplication } from './credit-application.server';
import { TermsForm } from '~/components/checkout/credit-application/terms-form';

// Terms and conditions (seed 002 §2): the agree checkbox is required (seed 002 §5) before
// Submit Application sends the application to the lender; the decision page follows. The form
// hydrates on the shopper's first interaction with it (decision 056).

export function loader({ request, context: loadContext }: LoaderFunctionArgs) {
  return loadApplicationStep(request, loadContext, 'terms');
}

export function action({ request, context: loadContext }: ActionFunctionArgs) {
  return submitApplication(request, loadContext);
}

export default function TermsStep() {
  const page = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <div className="flex flex-col gap-4">
      <StepHeading page={page} />
      <TermsForm page={page} lastResult={reply?.result} back={previousStepPath(page)} />
    </div>
  );
}

export const meta: MetaFunction = (args) => checkoutMeta(args, 'Terms | Credit Application');
