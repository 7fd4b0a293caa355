import { useServerField } from '~/components/ui/server-form';
import { useHydrated } from '~/components/hydrated';
import { APPLICANT_LIMITS as L } from '~/lib/shared/validation/applicant-messages';
import type { creditApplicationSchemas } from '~/lib/shared/validation/credit-application';
import {
  ADDITIONAL_INCOME_SOURCES,
  EMPLOYED_STATUSES,
  EMPLOYMENT_STATUSES,
  INCOME_SOURCES,
} from '~/lib/shared/validation/credit-application/choices';
import { isWithinYears } from '~/lib/shared/validation/dates';
import { Section, SelectField, TextField, type Option } from './fields';
import { StepForm, moneyDefault, type StepFields, type StepFormProps } from './step-form';

// The employment step's form (routes/checkout+/credit-application.employment.tsx; seed 002 §2):
// status, occupation, start date, employer, work phone, gross annual income and its source,
// optional additional monthly income and its source; a previous employer when the current job
// is under 2 years (seed 002 §9). An island hydrated on the shopper's first interaction
// (decision 056): until then every part shows, as without JavaScript.

type Schema = (typeof creditApplicationSchemas)['employment'];
const options = (values: readonly string[]): Option[] => values.map((value) => [value, value] as const);

function EmploymentFields({ fields }: { fields: StepFields<Schema> }) {
  const hydrated = useHydrated();
  const status = useServerField(fields.employmentStatus.name);
  const start = useServerField(fields.employmentStartDate.name);
  const statusValue = typeof status.value === 'string' ? status.value : '';
  const employed = !hydrated || statusValue === '' || EMPLOYED_STATUSES.includes(statusValue);
  const startValue = typeof start.value === 'string' ? start.value : '';
  const needsPrevious =
    !hydrated || (EMPLOYED_STATUSES.includes(statusValue) && isWithinYears(startValue, L.historyYears));
  return (
    <>
      <Section legend="Current employment">
        <div className="grid gap-x-4 gap-y-1 tablet:grid-cols-2">
          <SelectField
            name={fields.employmentStatus.name}
            label="Employment status"
            options={options(EMPLOYMENT_STATUSES)}
          />
          {employed ? (
            <>
              <TextField
                name={fields.occupation.name}
                label="Occupation"
                maxLength={L.occupationMax}
                counter
                autoComplete="organization-title"
              />
              <TextField
                name={fields.employerName.name}
                label="Employer name"
                maxLength={L.employerMax}
                counter
                autoComplete="organization"
              />
              <TextField name={fields.employmentStartDate.name} label="Start date" mask="date" />
              <TextField name={fields.workPhone.name} label="Work phone" mask="phone" autoComplete="off" />
            </>
          ) : null}
        </div>
        {!hydrated ? (
          <p className="text-sm">
            Employer, occupation, start date and work phone are needed if you are employed, self-employed or in the
            military.
          </p>
        ) : null}
      </Section>
      <Section legend="Income">
        <div className="grid gap-x-4 gap-y-1 tablet:grid-cols-2">
          <TextField name={fields.annualIncome.name} label="Gross annual income ($)" mask="money" />
          <SelectField name={fields.incomeSource.name} label="Income source" options={options(INCOME_SOURCES)} />
          <TextField
            name={fields.additionalMonthlyIncome.name}
            label="Additional monthly income ($, optional)"
            mask="money"
          />
          <SelectField
            name={fields.additionalIncomeSource.name}
            label="Additional income source (optional)"
            options={options(ADDITIONAL_INCOME_SOURCES)}
          />
        </div>
      </Section>
      {needsPrevious ? (
        <Section legend="Previous employment" testId="previous-employment">
          <p className="text-sm">Needed when you have been in your current job for less than {L.historyYears} years.</p>
          <div className="grid gap-x-4 gap-y-1 tablet:grid-cols-2">
            <TextField
              name={fields.previousEmployerName.name}
              label="Previous employer name"
              maxLength={L.employerMax}
              counter
              autoComplete="off"
            />
            <TextField
              name={fields.previousOccupation.name}
              label="Previous occupation"
              maxLength={L.occupationMax}
              counter
              autoComplete="off"
            />
            <TextField name={fields.previousEmploymentStartDate.name} label="Previous job start date" mask="date" />
          </div>
        </Section>
      ) : null}
    </>
  );
}

export function EmploymentForm(step: StepFormProps) {
  const saved = step.page.answers;
  const defaultValue = {
    ...saved,
    annualIncome: moneyDefault(saved.annualIncome),
    additionalMonthlyIncome: moneyDefault(saved.additionalMonthlyIncome),
  };
  return (
    <StepForm<Schema> id="credit-application-employment" {...step} defaultValue={defaultValue}>
      {(fields) => <EmploymentFields fields={fields} />}
    </StepForm>
  );
}
