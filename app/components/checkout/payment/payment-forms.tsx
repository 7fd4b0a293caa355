import { getFormProps, useForm, type FieldMetadata, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { Form, Link, useNavigation, useRouteLoaderData } from '@remix-run/react';
import type { ReactNode } from 'react';
import { DEPOSIT_CENTS } from '~/lib/contract/checkout';
import { formatUsdWithCents } from '~/lib/shared/money';
import type { ShellData } from '~/lib/shell.server';
import { formatPhone, phoneHref } from '~/lib/shared/tenant/text';
import { PLACEHOLDERS } from '~/lib/shared/validation/messages';
import {
  CHECKOUT_PAYMENT_MESSAGES,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  bankPaymentSchema,
  cardPaymentSchema,
  depositPaymentSchema,
  type PaymentMethod,
} from '../../../lib/checkout/payment-schemas';
import { BankAccountFields, BillingZipField, CardNumberFields } from '~/components/payments/payment-fields';
import { Field, FieldError, inputClass, labelClass } from '~/components/ui/field';
import { Notice } from '~/components/ui/alert-bar';
import { SubmitButton, textLink } from '~/components/ui/button';

// The Overview's payment method choice and its three forms (seed 002 §2-3). The choice is a
// set of links (?method=…), so it works without JavaScript; each form posts its `intent` to the
// Overview's one action with the idempotency key the server made for this render.

type TextMeta = FieldMetadata<string> | FieldMetadata<string | undefined>;

export type PlacementProblemView =
  'paymentDeclined' | 'cardLimit' | 'paymentsUnavailable' | 'orderSave' | 'holdExpired' | 'invalid' | 'submitFailure';

/** The tenant's phone, from the root loader, as the tel: link of the submit-failure message. */
function SubmitFailure({ message }: { message: string }) {
  const tenant = useRouteLoaderData<ShellData>('root')?.tenant;
  if (!tenant) return <>{message}</>;
  const phone = formatPhone(tenant.dealerPhone.number);
  const at = message.indexOf(phone);
  if (at === -1) return <>{message}</>;
  return (
    <>
      {message.slice(0, at)}
      <a href={phoneHref(tenant)} className="font-semibold underline">
        {phone}
      </a>
      {message.slice(at + phone.length)}
    </>
  );
}

/** The form-level error of a failed placement, with the way forward the seed gives for it. */
export function PlacementError({ message, problem }: { message: string; problem: PlacementProblemView | null }) {
  return (
    <Notice kind="error" testId="placement-error">
      <p>{problem === 'submitFailure' ? <SubmitFailure message={message} /> : message}</p>
      {problem === 'orderSave' ? (
        <p className="mt-1">Check your details below and select Place order to try again.</p>
      ) : null}
      {problem === 'holdExpired' ? (
        <p className="mt-1">
          <Link to="/checkout/cart" className={textLink}>
            Go to your cart
          </Link>{' '}
          to hold the vehicle again.
        </p>
      ) : null}
    </Notice>
  );
}

/** The method links: one per method; the card is left out above the card limit, with the reason. */
export function PaymentMethodChoice({ method, methods }: { method: PaymentMethod; methods: PaymentMethod[] }) {
  return (
    <nav aria-label="Payment method" className="flex flex-wrap gap-2">
      {PAYMENT_METHODS.filter((candidate) => methods.includes(candidate)).map((candidate) => (
        <Link
          key={candidate}
          to={`?method=${candidate}`}
          replace
          preventScrollReset
          aria-current={method === candidate ? 'page' : undefined}
          className={`rounded-tenant border px-4 py-2 font-semibold ${method === candidate ? 'border-primary bg-primary text-primary-contrast' : 'border-black/30 hover:bg-black/5'}`}
          data-testid={`method-${candidate}`}
        >
          {PAYMENT_METHOD_LABELS[candidate]}
        </Link>
      ))}
    </nav>
  );
}

type FormProps = {
  idempotencyKey: string;
  dueTodayCents: number;
  lastResult?: SubmissionResult<string[]>;
  problem: PlacementProblemView | null;
  email?: string;
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

export function CardPaymentForm({ idempotencyKey, dueTodayCents, lastResult, problem, email }: FormProps) {
  const schema = cardPaymentSchema(dueTodayCents);
  const [form, fields] = useForm({
    id: 'card-payment',
    lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    defaultValue: { email, country: 'US' },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-1" data-testid="card-form">
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

export function DepositPaymentForm({ idempotencyKey, lastResult, problem, email }: FormProps) {
  const schema = depositPaymentSchema();
  const [form, fields] = useForm({
    id: 'deposit-payment',
    lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    defaultValue: { email, country: 'US' },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-1" data-testid="deposit-form">
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

export function BankPaymentForm({ idempotencyKey, dueTodayCents, lastResult, problem }: FormProps) {
  const schema = bankPaymentSchema(dueTodayCents);
  const [form, fields] = useForm({
    id: 'bank-payment',
    lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    defaultValue: { accountType: 'checking' },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-1" data-testid="bank-form">
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
