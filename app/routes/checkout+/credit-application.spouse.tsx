import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { useState } from 'react';
import { AddressFields } from '~/components/checkout/credit-application/address-fields';
import { CheckboxField, Section, TextField } from '~/components/checkout/credit-application/fields';
import { StepForm } from '~/components/checkout/credit-application/step-form';
import { StepHeading } from '~/components/checkout/credit-application/step-heading';
import { useHydrated } from '~/components/hydrated';
import { checkoutMeta } from '~/lib/checkout/meta';
import { creditApplicationSchemas } from '~/lib/shared/validation/credit-application';
import { FIELD_LIMITS } from '~/lib/shared/validation/messages';
import { loadApplicationStep, saveApplicationStep } from './credit-application.server';

// Spouse details (seed 002 §2): asked only in community-property states (the API leaves the
// step out of `steps` elsewhere): the spouse's name and where they live.

const schema = creditApplicationSchemas.spouse;

export function loader({ request, context: loadContext }: LoaderFunctionArgs) {
  return loadApplicationStep(request, loadContext, 'spouse');
}

export function action({ request, context: loadContext }: ActionFunctionArgs) {
  return saveApplicationStep(request, loadContext, 'spouse');
}

export default function SpouseStep() {
  const page = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const hydrated = useHydrated();
  const saved = page.answers;
  const [sameAddress, setSameAddress] = useState(
    saved.sameAddressAsApplicant === undefined ? true : Boolean(saved.sameAddressAsApplicant),
  );
  const defaultValue = { sameAddressAsApplicant: true, ...saved };
  return (
    <div className="flex flex-col gap-4">
      <StepHeading page={page} intro="You live in a community-property state, so the lender asks about your spouse." />
      <StepForm
        id="credit-application-spouse"
        schema={schema}
        page={page}
        lastResult={reply?.result}
        defaultValue={defaultValue}
      >
        {(fields) => (
          <>
            <Section legend="Your spouse">
              <div className="grid gap-x-4 gap-y-1 tablet:grid-cols-2">
                <TextField
                  name={fields.firstName.name}
                  label="Spouse's legal first name"
                  maxLength={FIELD_LIMITS.firstName.max}
                  counter
                  autoComplete="off"
                />
                <TextField
                  name={fields.middleName.name}
                  label="Spouse's legal middle name (optional)"
                  maxLength={FIELD_LIMITS.middleName.max}
                  counter
                  autoComplete="off"
                />
                <TextField
                  name={fields.lastName.name}
                  label="Spouse's legal last name"
                  maxLength={FIELD_LIMITS.lastName.max}
                  counter
                  autoComplete="off"
                />
              </div>
            </Section>
            <Section legend="Spouse's housing">
              <CheckboxField name={fields.sameAddressAsApplicant.name} onToggle={setSameAddress}>
                My spouse lives at my home address
              </CheckboxField>
              {!hydrated || !sameAddress ? (
                <>
                  {!hydrated ? (
                    <p className="text-sm">Fill in the address only if your spouse lives elsewhere.</p>
                  ) : null}
                  <AddressFields prefix={fields.address.name} autoComplete={false} />
                </>
              ) : null}
            </Section>
          </>
        )}
      </StepForm>
    </div>
  );
}

export const meta: MetaFunction = (args) => checkoutMeta(args, 'Spouse details | Credit Application');
