import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { StepHeading } from '~/components/checkout/credit-application/step-heading';
import { previousStepPath } from '~/lib/checkout/credit-application-steps';
import { checkoutMeta } from '~/lib/checkout/meta';
import { loadApplicationStep, saveApplicationStep } from './credit-application.server';
import { HousingForm } from '~/components/checkout/credit-application/housing-form';

// Housing (seed 002 §2): own or rent, monthly expense, when the shopper moved in; previous
// addresses with their start dates until 2 years of history are covered (seed 002 §9). The form
// hydrates on the shopper's first interaction with it (decision 056).

export function loader({ request, context: loadContext }: LoaderFunctionArgs) {
  return loadApplicationStep(request, loadContext, 'housing');
}

export function action({ request, context: loadContext }: ActionFunctionArgs) {
  return saveApplicationStep(request, loadContext, 'housing');
}

export default function HousingStep() {
  const page = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <div className="flex flex-col gap-4">
      <StepHeading page={page} />
      <HousingForm page={page} lastResult={reply?.result} back={previousStepPath(page)} />
    </div>
  );
}

export const meta: MetaFunction = (args) => checkoutMeta(args, 'Housing | Credit Application');
