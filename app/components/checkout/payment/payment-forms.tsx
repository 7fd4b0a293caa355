import type { FormConstraint } from '~/lib/shared/validation/form-constraints';
import { Form, useNavigation } from '@remix-run/react';
import type { ReactNode } from 'react';
import { DEPOSIT_CENTS } from '~/lib/contract/checkout-constants';
import { formatUsdWithCents } from '~/lib/shared/money';
import { PLACEHOLDERS } from '~/lib/shared/validation/messages';
import type { z } from 'zod';
import type { bankPaymentSchema, cardPaymentSchema, depositPaymentSchema } from '../../../lib/checkout/payment-schemas';
import { CHECKOUT_PAYMENT_MESSAGES, type PaymentMethod } from '../../../lib/checkout/payment-texts';
import { BankAccountFields, BillingZipField, CardNumberFields } from '~/components/payments/payment-fields';
import { Field, FieldError, inputClass, labelClass } from '~/components/ui/field';
import { SubmitButton } from '~/components/ui/button';
import { useServerForm, type FieldLike, type ServerReply } from '~/components/ui/server-form';
import { PlacementError, type PlacementProblemView } from './placement-error';

// The Overview's three payment forms (seed 002 §2-3): each posts its `intent` to the Overview's
// one action with the idempotency key the server made for this render. `PaymentForm`, the one
// the chosen method shows, is checked by the server (decision 088): the browser gets the schema's
// constraints from the loader, never zod, and the server's messages after a post.

type TextMeta = FieldLike;

type FormProps = {
  idempotencyKey: string;
  dueTodayCents: number;
  lastResult?: ServerReply;
  problem: PlacementProblemView | null;
  email?: string;
  /** The form's HTML constraints, read from its schema by the loader. */
  constraint: FormConstraint;
};

function usePlacing(intent: PaymentMethod): boolean {
  const navigation = useNavigation();
  return navigation.state !== 'idle' && navigation.formData?.get('intent') === intent;
}

function FormShell({
  children,
  error,
  problem,
}: {
  children: ReactNode;
  error?: string;
  problem: PlacementProblemView | null;
}) {
  return (
    <>
      {error ? <PlacementError message={error} problem={problem} /> : null}
      {children}
    </>
  );
}

/** The card fields of the card and the deposit forms (both read the shared card rules). */
function CardFields({
  fields,
}: {
  fields: Record<'email' | 'cardNumber' | 'expiry' | 'cvc' | 'cardName' | 'country' | 'postalCode', TextMeta>;
}) {
  return (
    <>
      <Field
        meta={fields.email}
        label="Email"
        type="email"
        autoComplete="email"
        maxLength={60}
        hint="We send your receipt here."
      />
      <CardNumberFields number={fields.cardNumber} expiry={fields.expiry} cvc={fields.cvc} />
      <Field
        meta={fields.cardName}
        label="Name on card"
        autoComplete="cc-name"
        maxLength={80}
        placeholder={PLACEHOLDERS.name}
      />
      <div>
        <label htmlFor={fields.country.id} className={labelClass}>
          Country
        </label>
        <select
          id={fields.country.id}
          name={fields.country.name}
          defaultValue="US"
          autoComplete="country"
          className={inputClass}
        >
          <option value="US">United States</option>
        </select>
        <FieldError id={fields.country.errorId} errors={fields.country.errors?.[0]} />
      </div>
      <BillingZipField meta={fields.postalCode} />
    </>
  );
}

function CardPaymentForm({ idempotencyKey, dueTodayCents, lastResult, problem, email, constraint }: FormProps) {
  const [form, fields] = useServerForm<z.input<ReturnType<typeof cardPaymentSchema>>>({
    id: 'card-payment',
    lastResult,
    constraint,
    defaultValue: { email, country: 'US' },
  });
  return (
    <Form method="post" {...form.props} className="flex flex-col gap-1" data-testid="card-form">
      <FormShell error={form.errors?.[0]} problem={problem}>
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <p className="mb-2">
          Pay the {formatUsdWithCents(dueTodayCents)} due today by credit card. Only the last four digits of your card
          are kept.
        </p>
        <CardFields fields={fields} />
        <PlaceOrderButton intent="card" />
      </FormShell>
    </Form>
  );
}

function DepositPaymentForm({ idempotencyKey, lastResult, problem, email, constraint }: FormProps) {
  const [form, fields] = useServerForm<z.input<ReturnType<typeof depositPaymentSchema>>>({
    id: 'deposit-payment',
    lastResult,
    constraint,
    defaultValue: { email, country: 'US' },
  });
  return (
    <Form method="post" {...form.props} className="flex flex-col gap-1" data-testid="deposit-form">
      <FormShell error={form.errors?.[0]} problem={problem}>
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <p className="mb-2" data-testid="deposit-copy">
          {CHECKOUT_PAYMENT_MESSAGES.depositRefundable} Today you pay {formatUsdWithCents(DEPOSIT_CENTS)}.
        </p>
        <CardFields fields={fields} />
        <PlaceOrderButton intent="deposit" />
      </FormShell>
    </Form>
  );
}

function BankPaymentForm({ idempotencyKey, dueTodayCents, lastResult, problem, constraint }: FormProps) {
  const [form, fields] = useServerForm<z.input<ReturnType<typeof bankPaymentSchema>>>({
    id: 'bank-payment',
    lastResult,
    constraint,
    defaultValue: { accountType: 'checking' },
  });
  return (
    <Form method="post" {...form.props} className="flex flex-col gap-1" data-testid="bank-form">
      <FormShell error={form.errors?.[0]} problem={problem}>
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <p className="mb-2">
          Pay the {formatUsdWithCents(dueTodayCents)} due today from your bank account.{' '}
          {CHECKOUT_PAYMENT_MESSAGES.bankDelay}
        </p>
        <BankAccountFields
          holder={fields.accountHolder}
          routingNumber={fields.routingNumber}
          accountNumber={fields.accountNumber}
          accountType={fields.accountType}
        />
        <PlaceOrderButton intent="bank" />
      </FormShell>
    </Form>
  );
}

/** The form of the chosen method. */
export function PaymentForm({ method, ...props }: FormProps & { method: PaymentMethod }) {
  if (method === 'bank') return <BankPaymentForm {...props} />;
  if (method === 'card') return <CardPaymentForm {...props} />;
  return <DepositPaymentForm {...props} />;
}

function PlaceOrderButton({ intent }: { intent: PaymentMethod }) {
  const busy = usePlacing(intent);
  return (
    <div className="mt-2">
      <SubmitButton value={intent} loading={busy}>
        Place order
      </SubmitButton>
    </div>
  );
}
