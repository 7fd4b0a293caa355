import type { z } from 'zod';
import { useHydrated } from '~/components/hydrated';
import { secretsOnFile } from '~/lib/checkout/credit-application-secrets';
import { isRecord } from '~/lib/shared/guards';
import type { coBuyerSchema, creditApplicationSchemas } from '~/lib/shared/validation/credit-application';
import { MARITAL_STATUSES } from '~/lib/shared/validation/credit-application/choices';
import { FIELD_LIMITS } from '~/lib/shared/validation/messages';
import { AddressFields } from './address-fields';
import { CheckboxField, Section, SelectField, TextField, useTicked, type Option } from './fields';
import { StepForm, type StepFields, type StepFormProps } from './step-form';

// The personal step's form (routes/checkout+/credit-application.personal.tsx; seed 002 §2):
// legal names, marital status, home address, phone, e-mail, SSN or ITIN (optional here), date of
// birth; and the optional co-buyer with the same fields and a same-address-as-buyer option. An
// island hydrated on the shopper's first interaction (decisions 049, 056): until then it is the
// server's form, with every part shown as without JavaScript.

type Schema = (typeof creditApplicationSchemas)['personal'];
const MARITAL_OPTIONS: Option[] = MARITAL_STATUSES.map((status) => [status, status] as const);

/** The fields the buyer and the co-buyer share, by the names both schemas give them. */
type ApplicantKey = Extract<keyof StepFields<Schema>, keyof z.input<typeof coBuyerSchema>>;

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

/**
 * The co-buyer part. Without JavaScript (and until the form hydrates) every field is on the page
 * and the ticks say which ones are read; once hydrated, the co-buyer's fields show while "Add a
 * co-buyer" is ticked and their address while "same address" is not. The ticks are read from
 * the form's values, so a box ticked before the form hydrated counts.
 */
function CoBuyerSection({ fields, onFile }: { fields: StepFields<Schema>; onFile: readonly string[] }) {
  const hydrated = useHydrated();
  const sameAddressName = `${fields.coBuyer.name}.sameAddressAsBuyer`;
  const hasCoBuyer = useTicked(fields.hasCoBuyer.name);
  const sameAddress = useTicked(sameAddressName);
  return (
    <Section legend="Co-buyer" testId="co-buyer">
      <CheckboxField name={fields.hasCoBuyer.name}>Add a co-buyer to this application (optional)</CheckboxField>
      {!hydrated || hasCoBuyer ? (
        <div className="flex flex-col gap-2">
          {!hydrated ? <p className="text-sm">Fill in this part only if you ticked Add a co-buyer.</p> : null}
          <ApplicantFields name={(field) => `${fields.coBuyer.name}.${field}`} who="co-buyer" onFile={onFile} />
          <CheckboxField name={sameAddressName}>The co-buyer lives at the same address as the buyer</CheckboxField>
          {!hydrated || !sameAddress ? (
            <AddressFields prefix={`${fields.coBuyer.name}.address`} county autoComplete={false} />
          ) : null}
        </div>
      ) : null}
    </Section>
  );
}

export function PersonalForm({
  reEnterText,
  ...step
}: StepFormProps & {
  /** After a post without JavaScript: the SSN or date of birth to type again (never sent back). */
  reEnterText: string | null;
}) {
  const hydrated = useHydrated();
  const saved = step.page.answers;
  const savedCoBuyer = isRecord(saved.coBuyer) ? saved.coBuyer : null;
  const onFile = secretsOnFile(saved);
  const defaultValue = {
    ...saved,
    email: saved.email ?? step.page.shopperEmail ?? undefined,
    coBuyer: savedCoBuyer ?? { sameAddressAsBuyer: true },
  };
  // With JavaScript the fields keep what was typed, so the request to type them again is the
  // server's page's only (issue 18).
  const reEnter = hydrated ? null : reEnterText;
  return (
    <StepForm<Schema> id="credit-application-personal" {...step} defaultValue={defaultValue}>
      {(fields) => (
        <>
          <Section legend="About you">
            {reEnter ? (
              <p role="alert" className="text-sm font-semibold text-red-700" data-testid="re-enter-secrets">
                {reEnter}
              </p>
            ) : null}
            <ApplicantFields name={(field) => fields[field].name} who="buyer" onFile={onFile} />
          </Section>
          <Section legend="Home address">
            <AddressFields prefix={fields.address.name} county />
          </Section>
          <CoBuyerSection fields={fields} onFile={onFile} />
        </>
      )}
    </StepForm>
  );
}
