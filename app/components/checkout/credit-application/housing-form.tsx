import { useServerField } from '~/components/ui/server-form';
import { useHydrated } from '~/components/hydrated';
import { isRecord } from '~/lib/shared/guards';
import { APPLICANT_LIMITS as L } from '~/lib/shared/validation/applicant-messages';
import type { creditApplicationSchemas } from '~/lib/shared/validation/credit-application';
import { HOUSING_STATUSES, previousAddressesNeeded } from '~/lib/shared/validation/credit-application/choices';
import { AddressFields } from './address-fields';
import { RadioField, Section, TextField } from './fields';
import { StepForm, moneyDefault, type StepFields, type StepFormProps } from './step-form';

// The housing step's form (routes/checkout+/credit-application.housing.tsx; seed 002 §2): own or
// rent, monthly expense, when the shopper moved in; previous addresses with their start dates
// until 2 years of history are covered (seed 002 §9). An island hydrated on the shopper's first
// interaction (decision 056): until then one previous address is offered, as without JavaScript.

type Schema = (typeof creditApplicationSchemas)['housing'];

function textOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function HousingFields({ fields }: { fields: StepFields<Schema> }) {
  const hydrated = useHydrated();
  const start = useServerField(fields.residenceStartDate.name);
  const previous = useServerField(fields.previousAddresses.name);
  const typed = previous.value;
  const previousStarts = Array.from({ length: L.previousAddressesMax }, (_, index) => {
    const item = Array.isArray(typed) ? typed[index] : undefined;
    return isRecord(item) ? textOf(item.residenceStartDate) : undefined;
  });
  const needed = previousAddressesNeeded(textOf(start.value), previousStarts);
  // Without JavaScript one previous address is always offered; the server asks for more when needed.
  const count = hydrated ? needed : Math.max(1, needed);
  return (
    <>
      <Section legend="Current home">
        <RadioField
          name={fields.housingStatus.name}
          legend="Do you own or rent your home?"
          options={HOUSING_STATUSES.map((status) => [status, status] as const)}
        />
        <div className="grid gap-x-4 gap-y-1 tablet:grid-cols-2">
          <TextField name={fields.monthlyHousingExpense.name} label="Monthly rent or mortgage ($)" mask="money" />
          <TextField name={fields.residenceStartDate.name} label="Date you moved in" mask="date" />
        </div>
      </Section>
      {Array.from({ length: count }, (_, index) => (
        <Section
          key={index}
          legend={count > 1 ? `Previous address ${index + 1}` : 'Previous address'}
          testId={`previous-address-${index}`}
        >
          {index === 0 ? (
            <p className="text-sm">
              Needed until your addresses cover the last {L.historyYears} years
              {hydrated ? '.' : ': leave it empty if you moved in more than 2 years ago.'}
            </p>
          ) : null}
          <AddressFields prefix={`${fields.previousAddresses.name}[${index}]`} autoComplete={false} />
          <TextField
            name={`${fields.previousAddresses.name}[${index}].residenceStartDate`}
            label="Date you moved in there"
            mask="date"
          />
        </Section>
      ))}
    </>
  );
}

export function HousingForm(step: StepFormProps) {
  const saved = step.page.answers;
  const defaultValue = { ...saved, monthlyHousingExpense: moneyDefault(saved.monthlyHousingExpense) };
  return (
    <StepForm<Schema> id="credit-application-housing" {...step} defaultValue={defaultValue}>
      {(fields) => <HousingFields fields={fields} />}
    </StepForm>
  );
}
