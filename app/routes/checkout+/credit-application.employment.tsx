import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { StepHeading } from '~/components/checkout/credit-application/step-heading';
import { previousStepPath } from '~/lib/checkout/credit-application-steps';
import { checkoutMeta } from '~/lib/checkout/meta';
import { loadApplicationStep, saveApplicationStep } from './credit-application.server';
import { EmploymentForm } from '~/components/checkout/credit-application/employment-form';

// Employment (seed 002 §2): status, occupation, start date, employer, work phone, gross annual
// income and its source, optional additional monthly income and its source; a previous employer
// when the current job is under 2 years (seed 002 §9). The form hydrates on the shopper's first
// interaction with it (decision 056).

export function loader({ request, context: loadContext }: LoaderFunctionArgs) {
  return loadApplicationStep(request, loadContext, 'employment');
}

export function action({ request, context: loadContext }: ActionFunctionArgs) {
  return saveApplicationStep(request, loadContext, 'employment');
}

export default function EmploymentStep() {
  const page = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <div className="flex flex-col gap-4">
      <StepHeading page={page} />
      <EmploymentForm page={page} lastResult={reply?.result} back={previousStepPath(page)} />
    </div>
  );
}

export const meta: MetaFunction = (args) => checkoutMeta(args, 'Employment | Credit Application');
