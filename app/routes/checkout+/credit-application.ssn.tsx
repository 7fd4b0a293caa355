import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { StepHeading } from '~/components/checkout/credit-application/step-heading';
import { previousStepPath } from '~/lib/checkout/credit-application-steps';
import { checkoutMeta } from '~/lib/checkout/meta';
import { loadApplicationStep, saveApplicationStep } from './credit-application.server';
import { SsnForm } from '~/components/checkout/credit-application/ssn-form';

// SSN entry (seed 002 §2): only when the credit record did not return it (the API puts 'ssn'
// in the application's steps). The number is never shown back. The form hydrates on the
// shopper's first interaction with it (decision 056).

export function loader({ request, context: loadContext }: LoaderFunctionArgs) {
  return loadApplicationStep(request, loadContext, 'ssn');
}

export function action({ request, context: loadContext }: ActionFunctionArgs) {
  return saveApplicationStep(request, loadContext, 'ssn');
}

export default function SsnStep() {
  const page = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <div className="flex flex-col gap-4">
      <StepHeading
        page={page}
        intro="We couldn't find your Social Security number in your credit record. Please enter it to continue."
      />
      <SsnForm page={page} lastResult={reply?.result} back={previousStepPath(page)} />
    </div>
  );
}

export const meta: MetaFunction = (args) => checkoutMeta(args, 'SSN | Credit Application');
