import { RadioGroup } from '~/components/ui/choice';
import { CurrencyInput } from '~/components/ui/currency-input';
import { Field } from '~/components/ui/field';
import type { FieldLike } from '~/components/ui/server-form';
import { parseCurrencyInput } from '~/lib/shared/money';

// The payment fields the checkout's Overview (components/checkout/payment/payment-forms.tsx)
// and the tracker's payment step (routes/progress+/$orderNumber.payment.tsx) both ask for,
// on the kit's field, radio group and currency input. Both forms read them with the shared
// card and bank rules (app/lib/shared/validation/payment.ts), so the names are the same.

type TextMeta = FieldLike;

/**
 * The amount to pay, on the kit's currency input ('$' inside, separators as one types). It
 * starts at `defaultCents`, or at what was posted when the server sent the form back.
 */
export function PaymentAmountField({ meta, defaultCents }: { meta: TextMeta; defaultCents: number }) {
  const posted = typeof meta.initialValue === 'string' ? parseCurrencyInput(meta.initialValue) : null;
  const startCents = posted ?? defaultCents;
  return (
    <CurrencyInput
      // A new amount due (after a payment) or a reset form starts the field again. An answer that
      // sends the form back with an error does not: the field already holds what was typed.
      key={`${meta.key ?? ''}-${defaultCents}`}
      id={meta.id}
      name={meta.name}
      form={meta.formId}
      label="Amount to pay"
      defaultValueCents={startCents}
      errors={meta.errors}
    />
  );
}

/** Card number, expiry and security code: the part of a card form both forms lay out alike. */
export function CardNumberFields({ number, expiry, cvc }: { number: TextMeta; expiry: TextMeta; cvc: TextMeta }) {
  return (
    <>
      <Field meta={number} label="Card number" autoComplete="cc-number" inputMode="numeric" maxLength={23} />
      <div className="grid grid-cols-2 gap-4">
        <Field
          meta={expiry}
          label="Expiry (MM/YY)"
          autoComplete="cc-exp"
          inputMode="numeric"
          placeholder="MM/YY"
          maxLength={7}
        />
        <Field meta={cvc} label="Security code (CVC)" autoComplete="cc-csc" inputMode="numeric" maxLength={4} />
      </div>
    </>
  );
}

/** The card form's placeholder for the billing zip (seed 001 §5, seed 002 §5). */
export const BILLING_ZIP_PLACEHOLDER = 'Your 5-digit Zip code';

export function BillingZipField({ meta }: { meta: TextMeta }) {
  return (
    <Field
      meta={meta}
      label="Billing Zip code"
      autoComplete="postal-code"
      inputMode="numeric"
      placeholder={BILLING_ZIP_PLACEHOLDER}
      maxLength={5}
    />
  );
}

const ACCOUNT_TYPES = [
  { value: 'checking', label: 'Checking' },
  { value: 'savings', label: 'Savings' },
] as const;

/** A bank account for an ACH transfer: holder, routing and account numbers, checking or savings. */
export function BankAccountFields({
  holder,
  routingNumber,
  accountNumber,
  accountType,
}: {
  holder: TextMeta;
  routingNumber: TextMeta;
  accountNumber: TextMeta;
  accountType: TextMeta;
}) {
  return (
    <>
      <Field meta={holder} label="Account holder" autoComplete="name" maxLength={80} />
      <Field meta={routingNumber} label="Routing number" inputMode="numeric" maxLength={9} />
      <Field meta={accountNumber} label="Account number" inputMode="numeric" maxLength={17} />
      <div className="mb-2">
        <RadioGroup
          meta={accountType}
          legend="Account type"
          options={ACCOUNT_TYPES}
          defaultValue={typeof accountType.initialValue === 'string' ? accountType.initialValue : 'checking'}
        />
      </div>
    </>
  );
}
