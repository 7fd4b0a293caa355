import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { useState } from 'react';
import { AddressFields } from '~/components/checkout/credit-application/address-fields';
import {
  CheckboxField,
  Section,
  SelectField,
  TextField,
  type Option,
} from '~/components/checkout/credit-application/fields';
import { StepForm, type StepFields } from '~/components/checkout/credit-application/step-form';
import { StepHeading } from '~/components/checkout/credit-application/step-heading';
import { secretsOnFile } from '~/lib/checkout/credit-application-steps';
import { useHydrated } from '~/components/hydrated';
import { checkoutMeta } from '~/lib/checkout/meta';
import type { z } from 'zod';
import { isRecord } from '~/lib/shared/guards';
import type { coBuyerSchema } from '~/lib/shared/validation/credit-application';
import { MARITAL_STATUSES, creditApplicationSchemas } from '~/lib/shared/validation/credit-application';
import { FIELD_LIMITS } from '~/lib/shared/validation/messages';
import { loadApplicationStep, saveApplicationStep } from './credit-application.server';

// Personal (seed 002 §2): legal names, marital status, home address, phone, e-mail, SSN or
// ITIN (optional here), date of birth; and the optional co-buyer with the same fields and a
// same-address-as-buyer option.

const schema = creditApplicationSchemas.personal;
const MARITAL_OPTIONS: Option[] = MARITAL_STATUSES.map((status) => [status, status] as const);

export function loader({ request, context: loadContext }: LoaderFunctionArgs) {
  return loadApplicationStep(request, loadContext, 'personal');
}

export function action({ request, context: loadContext }: ActionFunctionArgs) {
  return saveApplicationStep(request, loadContext, 'personal');
}

/** The fields the buyer and the co-buyer share, by the names both schemas give them. */
type ApplicantKey = Extract<keyof StepFields<typeof schema>, keyof z.input<typeof coBuyerSchema>>;

function ApplicantFields({
  name,
  who,
  onFile,
}: {
  /** The form name of one of the applicant's fields (the buyer's, or the co-buyer's under `coBuyer`). */
  name: (field: ApplicantKey) => string;
  who: 'buyer' | 'co-buyer';
  onFile: readonly string[];
}) {
  const auto = (value: string) => (who === 'buyer' ? value : 'off');
  return (
    <div className="grid gap-x-4 gap-y-1 tablet:grid-cols-2">
      <TextField
        name={name('firstName')}
        label="Legal first name"
        maxLength={FIELD_LIMITS.firstName.max}
        counter
        autoComplete={auto('given-name')}
      />
      <TextField
        name={name('middleName')}
        label="Legal middle name (optional)"
        maxLength={FIELD_LIMITS.middleName.max}
        counter
        autoComplete={auto('additional-name')}
      />
      <TextField
        name={name('lastName')}
        label="Legal last name"
        maxLength={FIELD_LIMITS.lastName.max}
        counter
        autoComplete={auto('family-name')}
      />
      <SelectField name={name('maritalStatus')} label="Marital status" options={MARITAL_OPTIONS} />
      <TextField
        name={name('email')}
        label="Email"
        type="email"
        maxLength={FIELD_LIMITS.emailMax}
        autoComplete={auto('email')}
      />
      <TextField name={name('phone')} label="Phone number" mask="phone" autoComplete={auto('tel-national')} />
      <TextField
        name={name('ssn')}
        label="SSN or ITIN (optional)"
        mask="ssn"
        secret
        hint="We use it to find your credit record. It is encrypted and never shown again."
      />
      <TextField
        name={name('dateOfBirth')}
        label={onFile.includes(name('dateOfBirth')) ? 'Date of birth (on file)' : 'Date of birth'}
        mask="date"
        secret
        required={onFile.includes(name('dateOfBirth')) ? false : undefined}
      />
    </div>
  );
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
  const hydrated = useHydrated();
  const saved: Record<string, unknown> = page.answers;
  const savedCoBuyer = isRecord(saved.coBuyer) ? saved.coBuyer : null;
  const [hasCoBuyer, setHasCoBuyer] = useState(Boolean(saved.hasCoBuyer));
  const [sameAddress, setSameAddress] = useState(savedCoBuyer ? Boolean(savedCoBuyer.sameAddressAsBuyer) : true);
  const onFile = secretsOnFile(saved);
  const submitted = reply?.result.initialValue;
  const defaultValue = {
    ...saved,
    email: saved.email ?? page.shopperEmail ?? undefined,
    coBuyer: savedCoBuyer ?? { sameAddressAsBuyer: true },
  };
  // Without JavaScript every part is on the page; the ticks say which ones are read.
  const showCoBuyer = !hydrated || hasCoBuyer || submitted?.hasCoBuyer === 'on';
  const showCoBuyerAddress = !hydrated || !sameAddress;
  // Without JavaScript the page comes back from the server, which never sends the SSN or date
  // of birth back: the shopper is told to type them again (issue 18). With JavaScript the
  // fields keep what was typed.
  const reEnterText = !hydrated && reply?.reEnter?.length ? reEnterSecretsText(reply.reEnter) : null;
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
      <StepForm
        id="credit-application-personal"
        schema={schema}
        page={page}
        lastResult={reply?.result}
        defaultValue={defaultValue}
        onFile={onFile}
      >
        {(fields) => (
          <>
            <Section legend="About you">
              {reEnterText ? (
                <p role="alert" className="text-sm font-semibold text-red-700" data-testid="re-enter-secrets">
                  {reEnterText}
                </p>
              ) : null}
              <ApplicantFields name={(field) => fields[field].name} who="buyer" onFile={onFile} />
            </Section>
            <Section legend="Home address">
              <AddressFields prefix={fields.address.name} county />
            </Section>
            <Section legend="Co-buyer" testId="co-buyer">
              <CheckboxField name={fields.hasCoBuyer.name} onToggle={setHasCoBuyer}>
                Add a co-buyer to this application (optional)
              </CheckboxField>
              {showCoBuyer ? (
                <div className="flex flex-col gap-2">
                  {!hydrated ? <p className="text-sm">Fill in this part only if you ticked Add a co-buyer.</p> : null}
                  <ApplicantFields name={(field) => `${fields.coBuyer.name}.${field}`} who="co-buyer" onFile={onFile} />
                  <CheckboxField name={`${fields.coBuyer.name}.sameAddressAsBuyer`} onToggle={setSameAddress}>
                    The co-buyer lives at the same address as the buyer
                  </CheckboxField>
                  {showCoBuyerAddress ? (
                    <AddressFields prefix={`${fields.coBuyer.name}.address`} county autoComplete={false} />
                  ) : null}
                </div>
              ) : null}
            </Section>
          </>
        )}
      </StepForm>
    </div>
  );
}

export const meta: MetaFunction = (args) => checkoutMeta(args, 'Personal information | Credit Application');
