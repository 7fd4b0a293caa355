import type { creditApplicationSchemas } from '~/lib/shared/validation/credit-application';
import { CheckboxField, Section } from './fields';
import { StepForm, type StepFormProps } from './step-form';

// The terms step's form (routes/checkout+/credit-application.terms.tsx; seed 002 §2, §5): the
// terms and the required agree checkbox, then Submit Application. An island hydrated on the
// shopper's first interaction (decision 056).

type Schema = (typeof creditApplicationSchemas)['terms'];

export function TermsForm(step: StepFormProps) {
  return (
    <StepForm<Schema>
      id="credit-application-terms"

      {...step}
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
  );
}
