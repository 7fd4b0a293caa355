import type { ReactNode } from 'react';
import { Form } from '@remix-run/react';
import { YES_NO, yesNoValue } from '~/components/trade-in/ui';
import { RadioGroup } from '~/components/ui/choice';
import { Field } from '~/components/ui/field';
import { Select } from '~/components/ui/select';
import { primaryButton } from '~/components/ui/button';
import { TRADE_IN_CONDITIONS, TRADE_IN_OWNERSHIP } from '~/lib/contract/trade-in-constants';
import { formatMiles } from '~/lib/shared/money';
import { US_STATES } from '~/lib/shared/validation/address-rules';
import type { Draft } from '~/lib/trade-in/flow.server';
import type { FieldErrors } from '~/lib/trade-in/forms';
import { TRADE_IN_TEXTS as T } from '~/lib/trade-in/messages';

// The trade-in flow's step forms (identify by VIN or plate, the vehicle, the questions): an
// island of /trade-in hydrated on the shopper's first interaction with one of them (decision
// 049), so the kit's fields are not in the page's first JavaScript. Before, they are the
// server's forms, posting as without JavaScript, with the server's errors under the fields.

export type TradeInActionData = { intent: string; errors: FieldErrors; values: Record<string, string>; alert?: string };

type Acted = TradeInActionData | undefined;

const STATE_OPTIONS = Object.entries(US_STATES).map(([value, label]) => ({ value, label }));

/** A step's form: it posts its intent with its fields, and ends with the step's submit button. */
function StepForm({
  intent,
  submitLabel,
  className = 'space-y-2',
  children,
}: {
  intent: 'vin' | 'plate' | 'vehicle' | 'questions';
  submitLabel: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" noValidate className={className} data-testid={`trade-in-${intent}-form`}>
      <input type="hidden" name="intent" value={intent} />
      {children}
      <button type="submit" className={primaryButton}>
        {submitLabel}
      </button>
    </Form>
  );
}

/** One way to find the vehicle (by VIN, by plate): a boxed step form. */
function LookupForm({
  intent,
  submitLabel,
  children,
}: {
  intent: 'vin' | 'plate';
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <StepForm intent={intent} submitLabel={submitLabel} className="space-y-2 rounded-tenant border border-gray-300 p-4">
      {children}
    </StepForm>
  );
}

function Identify({ acted, draft }: { acted: Acted; draft: Draft }) {
  const errors = acted?.errors ?? {};
  const values = acted?.values ?? {};
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <LookupForm intent="vin" submitLabel={T.findByVin}>
        <Field
          id="trade-in-vin"
          name="vin"
          autoComplete="off"
          label={T.vinLabel}
          hint={T.vinHint}
          maxLength={17}
          defaultValue={values.vin ?? draft.vin}
          errors={acted?.intent === 'vin' ? errors.vin : undefined}
        />
      </LookupForm>
      <LookupForm intent="plate" submitLabel={T.findByPlate}>
        <Field
          id="trade-in-plate"
          name="plate"
          autoComplete="off"
          label={T.plateLabel}
          maxLength={10}
          defaultValue={values.plate}
          errors={acted?.intent === 'plate' ? errors.plate : undefined}
        />
        <Select
          id="trade-in-plateState"
          name="plateState"
          placeholder="Choose…"
          label={T.plateStateLabel}
          options={STATE_OPTIONS}
          defaultValue={values.plateState}
          errors={acted?.intent === 'plate' ? errors.plateState : undefined}
        />
      </LookupForm>
    </div>
  );
}

function Vehicle({
  acted,
  draft,
  models,
}: {
  acted: Acted;
  draft: Draft;
  models: Array<{ model: string; trims: string[] }>;
}) {
  const errors = acted?.errors ?? {};
  const values = acted?.values ?? {};
  const trims = [...new Set(models.flatMap((entry) => entry.trims))];
  return (
    <StepForm intent="vehicle" submitLabel={T.next}>
      <h3 className="text-lg font-bold">
        {T.vehicleHeading}: {draft.year} {draft.make}
      </h3>
      <p className="text-sm">VIN {draft.vin}</p>
      <Select
        id="trade-in-model"
        name="model"
        placeholder="Choose…"
        label={T.modelLabel}
        options={models.map((entry) => ({ value: entry.model, label: entry.model }))}
        defaultValue={values.model ?? draft.model ?? (models.length === 1 ? models[0]!.model : undefined)}
        errors={errors.model}
      />
      <Select
        id="trade-in-trim"
        name="trim"
        placeholder="Choose…"
        label={T.trimLabel}
        options={trims.map((trim) => ({ value: trim, label: trim }))}
        defaultValue={values.trim ?? draft.trim}
        errors={errors.trim}
      />
      <Field
        id="trade-in-mileage"
        name="mileage"
        autoComplete="off"
        label={T.mileageLabel}
        inputMode="numeric"
        maxLength={7}
        defaultValue={values.mileage ?? (draft.mileage === undefined ? undefined : String(draft.mileage))}
        errors={errors.mileage}
      />
      <RadioGroup
        name="condition"
        legend={T.conditionLegend}
        options={TRADE_IN_CONDITIONS.map((value) => ({ value, label: value }))}
        defaultValue={values.condition ?? draft.condition}
        errors={errors.condition}
      />
    </StepForm>
  );
}

/** A yes/no question of the questions step: what was posted, else the answer saved in the draft. */
function YesNoQuestion({
  name,
  legend,
  acted,
  answers,
}: {
  name: 'onTitle' | 'applyToPurchase' | 'hasLoan';
  legend: string;
  acted: Acted;
  answers: Draft['answers'];
}) {
  return (
    <RadioGroup
      name={name}
      legend={legend}
      options={YES_NO}
      defaultValue={acted?.values[name] ?? yesNoValue(answers?.[name])}
      errors={acted?.errors[name]}
    />
  );
}

function Questions({ acted, draft }: { acted: Acted; draft: Draft }) {
  const errors = acted?.errors ?? {};
  const values = acted?.values ?? {};
  const answers = draft.answers;
  const owed = answers?.amountOwedCents;
  return (
    <StepForm intent="questions" submitLabel={T.getOffer}>
      <h3 className="text-lg font-bold">
        {T.questionsHeading}: {draft.year} {draft.make} {draft.model} {draft.trim}, {formatMiles(draft.mileage ?? 0)}
      </h3>
      <RadioGroup
        name="ownership"
        legend={T.ownershipLegend}
        options={TRADE_IN_OWNERSHIP.map((value) => ({ value, label: value }))}
        defaultValue={values.ownership ?? answers?.ownership}
        errors={errors.ownership}
      />
      <YesNoQuestion name="onTitle" legend={T.onTitleLegend} acted={acted} answers={answers} />
      <Select
        id="trade-in-registrationState"
        name="registrationState"
        placeholder="Choose…"
        label={T.stateLabel}
        options={STATE_OPTIONS}
        defaultValue={values.registrationState ?? answers?.registrationState}
        errors={errors.registrationState}
      />
      <YesNoQuestion name="applyToPurchase" legend={T.applyLegend} acted={acted} answers={answers} />
      <YesNoQuestion name="hasLoan" legend={T.loanLegend} acted={acted} answers={answers} />
      <Field
        id="trade-in-amountOwed"
        name="amountOwed"
        autoComplete="off"
        label={T.owedLabel}
        hint={T.owedHint}
        inputMode="decimal"
        maxLength={12}
        defaultValue={values.amountOwed ?? (owed === null || owed === undefined ? undefined : String(owed / 100))}
        errors={errors.amountOwed}
      />
    </StepForm>
  );
}

/** The step's form, or nothing on the offer and saved steps. */
export function TradeInStepForms({
  step,
  acted,
  draft,
  models,
}: {
  step: string;
  acted: Acted;
  draft: Draft;
  models: Array<{ model: string; trims: string[] }>;
}) {
  if (step === 'identify') return <Identify acted={acted} draft={draft} />;
  if (step === 'vehicle') return <Vehicle acted={acted} draft={draft} models={models} />;
  if (step === 'questions') return <Questions acted={acted} draft={draft} />;
  return null;
}
