import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { StepHeading } from '~/components/checkout/credit-application/step-heading';
import { previousStepPath } from '~/lib/checkout/credit-application-steps';
import { checkoutMeta } from '~/lib/checkout/meta';
import { loadApplicationStep, saveApplicationStep } from './credit-application.server';
import { SpouseForm } from '~/components/checkout/credit-application/spouse-form';

// Spouse details (seed 002 §2): asked only in community-property states (the API leaves the
// step out of `steps` elsewhere): the spouse's name and where they live. The form hydrates on
// the shopper's first interaction with it (decision 056).

export function loader({ request, context: loadContext }: LoaderFunctionArgs) {
  return loadApplicationStep(request, loadContext, 'spouse');
}

export function action({ request, context: loadContext }: ActionFunctionArgs) {
  return saveApplicationStep(request, loadContext, 'spouse');
}

export default function SpouseStep() {
  const page = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <div className="flex flex-col gap-4">
      <StepHeading page={page} intro="You live in a community-property state, so the lender asks about your spouse." />
      <SpouseForm page={page} lastResult={reply?.result} back={previousStepPath(page)} />
    </div>
  );
}

export const meta: MetaFunction = (args) => checkoutMeta(args, 'Spouse details | Credit Application');
