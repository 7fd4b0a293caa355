import type { FormConstraint } from '~/lib/shared/validation/form-constraints';
import { Form, useNavigation } from '@remix-run/react';
import type { PaymentSummary } from '~/lib/contract/tracker';
import type { bankFormSchema, cardFormSchema } from '~/lib/tracker/payment-forms';
import { BANK_DELAY_MESSAGE } from '~/lib/tracker/payment-texts';
import type { z } from 'zod';
import {
  BankAccountFields,
  BillingZipField,
  CardNumberFields,
  PaymentAmountField,
} from '~/components/payments/payment-fields';
import { Field } from '~/components/ui/field';
import { useServerForm, type ServerReply } from '~/components/ui/server-form';
import { Notice } from '~/components/ui/alert-bar';
import { SubmitButton } from '~/components/ui/button';
import { formatUsdAmount as formatUsd } from '~/lib/shared/money';

// The payment step's card and bank forms (routes/progress+/$orderNumber.payment.tsx), checked by
// the server (decision 088): the browser gets the schemas' constraints from the loader, never
// zod, and the server's messages beside the fields after a post, with or without JavaScript.

type FormProps = {
  summary: PaymentSummary;
  idempotencyKey: string;
  lastResult?: ServerReply;
  /** The form's HTML constraints, read from its schema by the loader. */
  constraint: FormConstraint;
};

/** The amount the form starts at: all that is due, up to what the method can pay at once. */
function defaultAmountCents(summary: PaymentSummary, limitCents: number): number {
  return Math.min(summary.amountDueCents, limitCents);
}

function CardForm({ summary, idempotencyKey, lastResult, constraint }: FormProps) {
  const navigation = useNavigation();
  const [form, fields] = useServerForm<z.input<ReturnType<typeof cardFormSchema>>>({
    id: 'card-payment',
    lastResult,
    constraint,
  });
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'card';
  return (
    <Form method="post" {...form.props} className="flex flex-col gap-1" data-testid="card-form">
      {form.errors?.length ? <Notice kind="error">{form.errors[0]}</Notice> : null}
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <PaymentAmountField meta={fields.amount} defaultCents={defaultAmountCents(summary, summary.limits.cardCents)} />
      <Field meta={fields.cardName} label="Name on card" autoComplete="cc-name" maxLength={80} />
      <CardNumberFields number={fields.cardNumber} expiry={fields.expiry} cvc={fields.cvc} />
      <BillingZipField meta={fields.postalCode} />
      <p className="mb-2 text-sm text-gray-700">
        A card can pay up to {formatUsd(summary.limits.cardCents)}. Only the last four digits of your card are kept.
      </p>
      <div>
        <SubmitButton value="card" loading={busy}>
          Pay by card
        </SubmitButton>
      </div>
    </Form>
  );
}

function BankForm({ summary, idempotencyKey, lastResult, constraint }: FormProps) {
  const navigation = useNavigation();
  const [form, fields] = useServerForm<z.input<ReturnType<typeof bankFormSchema>>>({
    id: 'bank-payment',
    lastResult,
    constraint,
    defaultValue: { accountType: 'checking' },
  });
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'bank';
  return (
    <Form method="post" {...form.props} className="flex flex-col gap-1" data-testid="bank-form">
      {form.errors?.length ? <Notice kind="error">{form.errors[0]}</Notice> : null}
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <PaymentAmountField meta={fields.amount} defaultCents={defaultAmountCents(summary, summary.limits.achCents)} />
      <BankAccountFields
        holder={fields.accountHolder}
        routingNumber={fields.routingNumber}
        accountNumber={fields.accountNumber}
        accountType={fields.accountType}
      />
      <p className="mb-2 text-sm text-gray-700">
        A bank transfer can pay up to {formatUsd(summary.limits.achCents)} at a time. {BANK_DELAY_MESSAGE}
      </p>
      <div>
        <SubmitButton value="bank" loading={busy}>
          Pay by bank transfer
        </SubmitButton>
      </div>
    </Form>
  );
}

/**
 * The form of the method chosen. A payment taken (a new amount due) starts it afresh; nothing
 * else does. The loader gives a new idempotency key on every load, so keyed on that key the
 * form was built again by each revalidation, and what the shopper had typed since (an amount, a
 * card after a decline) was lost: the press then paid the default amount (issue 32 point 4).
 */
export function PaymentStepForm({ method, ...props }: FormProps & { method: 'card' | 'bank' }) {
  return method === 'bank' ? (
    <BankForm key={`bank-${props.summary.amountDueCents}`} {...props} />
  ) : (
    <CardForm key={`card-${props.summary.amountDueCents}`} {...props} />
  );
}
