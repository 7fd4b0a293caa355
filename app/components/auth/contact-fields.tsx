import type { ReactNode } from 'react';
import { Field } from '~/components/ui/field';
import { FIELD_LIMITS, PLACEHOLDERS } from '~/lib/shared/validation/messages';
import type { FieldLike } from '~/components/ui/server-form';

// The contact fields of the account screens and the lead forms: the kit's one field
// (app/components/ui/field.tsx) with the seed's labels, placeholders, limits and masks (seed 000 §4).

type Meta = FieldLike;

export function EmailField({
  meta,
  label = 'Email',
  placeholder,
  autoComplete = 'email',
  hint,
  readOnly = false,
  errors,
}: {
  meta: Meta;
  label?: string;
  placeholder?: string;
  autoComplete?: string;
  hint?: ReactNode;
  readOnly?: boolean;
  errors?: string[];
}) {
  return (
    <Field
      meta={meta}
      type="email"
      label={label}
      placeholder={placeholder}
      maxLength={FIELD_LIMITS.emailMax}
      autoComplete={autoComplete}
      hint={hint}
      readOnly={readOnly}
      errors={errors}
    />
  );
}

/** A name field: the seed's placeholder and its maximum length. */
function NameField({
  meta,
  label,
  max,
  autoComplete,
}: {
  meta: Meta;
  label: string;
  max: number;
  autoComplete: string;
}) {
  return (
    <Field meta={meta} label={label} placeholder={PLACEHOLDERS.name} maxLength={max} autoComplete={autoComplete} />
  );
}

/** First and last name side by side (stacked on a phone), with the seed's limits; every form that asks a name uses it. */
export function NameFields({
  firstName,
  lastName,
  className = 'grid gap-x-4 sm:grid-cols-2',
  testId,
}: {
  firstName: Meta;
  lastName: Meta;
  className?: string;
  testId?: string;
}) {
  return (
    <div className={className} data-testid={testId}>
      <NameField meta={firstName} label="First name" max={FIELD_LIMITS.firstName.max} autoComplete="given-name" />
      <NameField meta={lastName} label="Last name" max={FIELD_LIMITS.lastName.max} autoComplete="family-name" />
    </div>
  );
}

/** Phone with the mask (999) 999 - 9999 while typing; without JavaScript any format is accepted and kept as digits. */
export function PhoneField({ meta, label = 'Phone number' }: { meta: Meta; label?: string }) {
  return (
    <Field
      meta={meta}
      type="tel"
      mask="phone"
      label={label}
      autoComplete="tel-national"
      placeholder={PLACEHOLDERS.phone}
    />
  );
}
