import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { Section, TextField } from '~/components/checkout/credit-application/fields';
import { StepForm } from '~/components/checkout/credit-application/step-form';
import { StepHeading } from '~/components/checkout/credit-application/step-heading';
import { checkoutMeta } from '~/lib/checkout/meta';
import { creditApplicationSchemas } from '~/lib/shared/validation/credit-application';
import { loadApplicationStep, saveApplicationStep } from './credit-application.server';

// SSN entry (seed 002 §2): only when the credit record did not return it (the API puts 'ssn'
// in the application's steps). The number is never shown back.

const schema = creditApplicationSchemas.ssn;

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
      <StepForm id="credit-application-ssn" schema={schema} page={page} lastResult={reply?.result} defaultValue={{}}>
        {(fields) => (
          <Section legend="Your SSN or ITIN">
            <TextField
              name={fields.ssn.name}
              label="SSN or ITIN"
              mask="ssn"
              secret
              hint="Nine digits. It is encrypted and never shown again."
            />
          </Section>
        )}
      </StepForm>
    </div>
  );
}

export const meta: MetaFunction = (args) => checkoutMeta(args, 'SSN | Credit Application');
