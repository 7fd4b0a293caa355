import type { creditApplicationSchemas } from '~/lib/shared/validation/credit-application';
import { Section, TextField } from './fields';
import { StepForm, type StepFormProps } from './step-form';

// The SSN step's form (routes/checkout+/credit-application.ssn.tsx; seed 002 §2): the number,
// never shown back. An island hydrated on the shopper's first interaction (decision 056).

type Schema = (typeof creditApplicationSchemas)['ssn'];

export function SsnForm(step: StepFormProps) {
  return (
    <StepForm<Schema> id="credit-application-ssn" {...step} defaultValue={{}}>
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
  );
}
