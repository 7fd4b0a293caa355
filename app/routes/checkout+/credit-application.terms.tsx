import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { CheckboxField, Section } from '~/components/checkout/credit-application/fields';
import { StepForm } from '~/components/checkout/credit-application/step-form';
import { StepHeading } from '~/components/checkout/credit-application/step-heading';
import { checkoutMeta } from '~/lib/checkout/meta';
import { creditApplicationSchemas } from '~/lib/shared/validation/credit-application';
import { loadApplicationStep, submitApplication } from './credit-application.server';

// Terms and conditions (seed 002 §2): the agree checkbox is required (seed 002 §5) before
// Submit Application sends the application to the lender; the decision page follows.

const schema = creditApplicationSchemas.terms;

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
      <StepForm
        id="credit-application-terms"
        schema={schema}
        page={page}
        lastResult={reply?.result}
        defaultValue={{}}
        submitLabel="Submit Application"
      >
        {(fields) => (
          <Section legend="Before you submit">
            <div className="flex flex-col gap-2 text-sm" data-testid="terms-text">
              <p>
                By submitting this application you certify that the information you gave is true and complete, and you
                authorize us and the lenders we work with to obtain your credit report and verify your information to
                decide on your application.
              </p>
              <p>
                A soft credit check is made first; it does not affect your credit score. You may be contacted about this
                application by phone or email.
              </p>
              <p>If you added a co-buyer, you confirm that they agreed to apply with you.</p>
            </div>
            <CheckboxField name={fields.agreedToTerms.name}>
              I have read and agree to the terms and conditions
            </CheckboxField>
          </Section>
        )}
      </StepForm>
    </div>
  );
}

export const meta: MetaFunction = (args) => checkoutMeta(args, 'Terms | Credit Application');
