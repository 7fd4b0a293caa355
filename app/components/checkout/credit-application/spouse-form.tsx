import { useHydrated } from '~/components/hydrated';
import type { creditApplicationSchemas } from '~/lib/shared/validation/credit-application';
import { FIELD_LIMITS } from '~/lib/shared/validation/messages';
import { AddressFields } from './address-fields';
import { CheckboxField, Section, TextField, useTicked } from './fields';
import { StepForm, type StepFields, type StepFormProps } from './step-form';

// The spouse step's form (routes/checkout+/credit-application.spouse.tsx; seed 002 §2): the
// spouse's name and where they live. An island hydrated on the shopper's first interaction
// (decision 056).

type Schema = (typeof creditApplicationSchemas)['spouse'];

/** Without JavaScript (and until the form hydrates) the address shows; then only while "lives at my home address" is not ticked. */
function SpouseHousing({ fields }: { fields: StepFields<Schema> }) {
  const hydrated = useHydrated();
  const sameAddress = useTicked(fields.sameAddressAsApplicant.name);
  return (
    <Section legend="Spouse's housing">
      <CheckboxField name={fields.sameAddressAsApplicant.name}>My spouse lives at my home address</CheckboxField>
      {!hydrated || !sameAddress ? (
        <>
          {!hydrated ? <p className="text-sm">Fill in the address only if your spouse lives elsewhere.</p> : null}
          <AddressFields prefix={fields.address.name} autoComplete={false} />
        </>
      ) : null}
    </Section>
  );
}

export function SpouseForm(step: StepFormProps) {
  const defaultValue = { sameAddressAsApplicant: true, ...step.page.answers };
  return (
    <StepForm<Schema> id="credit-application-spouse" {...step} defaultValue={defaultValue}>
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
          <SpouseHousing fields={fields} />
        </>
      )}
    </StepForm>
  );
}
