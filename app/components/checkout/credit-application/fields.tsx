import type { ReactNode } from 'react';
import { Checkbox, RadioGroup } from '~/components/ui/choice';
import { Field, type Mask } from '~/components/ui/field';
import { Select } from '~/components/ui/select';
import { useServerField } from '~/components/ui/server-form';

// The credit application's fields, addressed by name ('coBuyer.address.zip') inside the step's
// ServerFormProvider. Each wires its label, aria-invalid and aria-describedby to its error and
// keeps the error's space. Errors show once the form was sent (the server is the validator,
// decision 088). Masks shape what is typed when JavaScript runs; the server parses any typing.
// Each is the kit's piece (app/components/ui) bound to its field by name (ui/server-form.tsx).

type TextFieldProps = {
  name: string;
  label: string;
  mask?: Mask;
  /** Shows 'N characters remaining' and refuses input beyond it (seed 002 §5). */
  maxLength?: number;
  counter?: boolean;
  autoComplete?: string;
  placeholder?: string;
  hint?: ReactNode;
  type?: 'text' | 'email';
  /** SSN and date of birth: never filled from a reply or saved answers, never remembered by the browser. */
  secret?: boolean;
  /** Overrides the schema's `required` (a date of birth on file may be left blank). */
  required?: boolean;
};

export function TextField({ name, ...props }: TextFieldProps) {
  const meta = useServerField(name);
  return <Field meta={meta} {...props} />;
}

/** A saved money answer shown back in its field: 52000 → '52,000'. */
export function moneyDefault(value: unknown): string | undefined {
  return typeof value === 'number' ? value.toLocaleString('en-US') : undefined;
}

export type Option = readonly [value: string, label: string];

function toChoices(options: readonly Option[]) {
  return options.map(([value, label]) => ({ value, label }));
}

export function SelectField({
  name,
  label,
  options,
  autoComplete,
}: {
  name: string;
  label: string;
  options: readonly Option[];
  autoComplete?: string;
}) {
  const meta = useServerField(name);
  return <Select meta={meta} label={label} options={toChoices(options)} autoComplete={autoComplete} />;
}

/** Radio buttons in a fieldset whose legend is the question. */
export function RadioField({ name, legend, options }: { name: string; legend: string; options: readonly Option[] }) {
  const meta = useServerField(name);
  return <RadioGroup meta={meta} legend={legend} options={toChoices(options)} />;
}

export function CheckboxField({ name, children }: { name: string; children: ReactNode }) {
  const meta = useServerField(name);
  return <Checkbox meta={meta}>{children}</Checkbox>;
}

/**
 * Whether a checkbox of the form is ticked, as the form's values hold it: a box ticked before the
 * form hydrated (an island, decision 049) counts once the island tells the form about it, which a
 * React change handler would not see (React hears a checkbox's change by its click).
 */
export function useTicked(name: string): boolean {
  const meta = useServerField(name);
  return meta.value === 'on';
}

/** A group of fields with a heading-like legend. */
export function Section({ legend, children, testId }: { legend: string; children: ReactNode; testId?: string }) {
  return (
    <fieldset className="flex flex-col gap-1 rounded-tenant border border-gray-300 p-4" data-testid={testId}>
      <legend className="px-1 text-lg font-semibold">{legend}</legend>
      {children}
    </fieldset>
  );
}
