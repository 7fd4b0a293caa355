import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { StepHeading } from '~/components/checkout/credit-application/step-heading';
import { previousStepPath } from '~/lib/checkout/credit-application-steps';
import { checkoutMeta } from '~/lib/checkout/meta';
import { loadApplicationStep, saveApplicationStep } from './credit-application.server';
import { PersonalForm } from '~/components/checkout/credit-application/personal-form';

// Personal (seed 002 §2): legal names, marital status, home address, phone, e-mail, SSN or
// ITIN (optional here), date of birth; and the optional co-buyer with the same fields and a
// same-address-as-buyer option. The form, with conform, the step's schema (zod, the phone rules)
// and the fields, hydrates on the shopper's first interaction with it (decision 056): until then
// it is the server's form, posting as without JavaScript.

export function loader({ request, context: loadContext }: LoaderFunctionArgs) {
  return loadApplicationStep(request, loadContext, 'personal');
}

export function action({ request, context: loadContext }: ActionFunctionArgs) {
  return saveApplicationStep(request, loadContext, 'personal');
}

/** 'Please enter your SSN and date of birth again…' for the fields that were typed and not kept. */
export function reEnterSecretsText(fields: readonly string[]): string {
  const ssn = fields.some((field) => field.endsWith('ssn'));
  const birth = fields.some((field) => field.endsWith('dateOfBirth'));
  const what = ssn && birth ? 'SSN and date of birth' : ssn ? 'SSN' : 'date of birth';
  return `For your security we do not keep your ${what} when the form comes back with a problem. Please enter ${ssn && birth ? 'them' : 'it'} again.`;
}

export default function PersonalStep() {
  const page = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const saved: Record<string, unknown> = page.answers;
  // Without JavaScript the page comes back from the server, which never sends the SSN or date
  // of birth back: the shopper is told to type them again (issue 18); the form shows it only
  // as the server's page. A string, so the island's props stay the same between renders.
  const reEnterText = reply?.reEnter?.length ? reEnterSecretsText(reply.reEnter) : null;
  return (
    <div className="flex flex-col gap-4">
      <StepHeading page={page} intro="Enter your details as they appear on your legal ID." />
      {saved.hasDateOfBirth ? (
        <p className="text-sm" data-testid="secrets-on-file">
          Your date of birth{saved.hasSsn ? ' and SSN are' : ' is'} on file and never shown again. Leave{' '}
          {saved.hasSsn ? 'them' : 'it'} blank to keep {saved.hasSsn ? 'them' : 'it'}, or type a new value to change{' '}
          {saved.hasSsn ? 'them' : 'it'}.
        </p>
      ) : null}
      <PersonalForm page={page} lastResult={reply?.result} back={previousStepPath(page)} reEnterText={reEnterText} />
    </div>
  );
}

export const meta: MetaFunction = (args) => checkoutMeta(args, 'Personal information | Credit Application');
