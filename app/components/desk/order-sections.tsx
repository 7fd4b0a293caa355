import { Form } from '@remix-run/react';
import { primaryButton, secondaryButton } from '~/components/ui/button';
import { Field, labelClass } from '~/components/ui/field';
import type { DeskOrder } from '~/lib/contract/desk';
import { STEP_APPEARANCE, STEP_STATUS_LABEL, STEP_TITLE, type StepStatus, type WorkStep } from '~/lib/tracker/steps';
import { paymentName } from '~/lib/tracker/payment-texts';
import { formatUsdAmount } from '~/lib/shared/money';
import { when } from '~/lib/desk/when';

// Sections of the desk's order page (issue 33 point 2): the tracker's steps as the shopper sees
// them, the money with a payment taken or refunded at the dealership, and the booked delivery or
// pickup moved or cancelled. Plain forms: they work without JavaScript.

export type FieldErrors = Record<string, string>;

const APPEARANCE_CLASS = {
  disabled: 'text-gray-600',
  active: 'font-semibold',
  completed: 'text-green-800',
  warning: 'font-semibold text-red-800',
} as const;

export function TrackerSteps({ steps }: { steps: ReadonlyArray<{ step: WorkStep; status: StepStatus }> }) {
  return (
    <section className="mb-6" aria-labelledby="desk-tracker">
      <h2 id="desk-tracker" className="mb-2 text-lg font-semibold">
        The shopper’s tracker
      </h2>
      <ol className="list-inside list-decimal text-sm" data-testid="desk-tracker-steps">
        {steps.map(({ step, status }) => (
          <li key={step} data-step={step}>
            {STEP_TITLE[step]}:{' '}
            <span className={APPEARANCE_CLASS[STEP_APPEARANCE[status]]}>{STEP_STATUS_LABEL[status]}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function MoneySection({
  payments,
  idempotencyKey,
  failed,
}: {
  payments: DeskOrder['payments'];
  idempotencyKey: string;
  failed: { intent: string; errors: FieldErrors; amount: string } | null;
}) {
  const forms = [
    { intent: 'payment', label: 'Payment received at the dealership, in dollars', button: 'Record the payment' },
    { intent: 'refund', label: 'Refund, in dollars', button: 'Refund' },
  ] as const;
  // A card payment is refunded to the card (through the card company); other money is given
  // back at the dealership.
  const refundable = payments.payments.filter(
    (payment) => payment.status === 'CAPTURED' && (payment.method === 'CARD' || payment.method === 'DEALERSHIP'),
  );
  return (
    <section className="mb-6" aria-labelledby="desk-money">
      <h2 id="desk-money" className="mb-2 text-lg font-semibold">
        Money
      </h2>
      <p data-testid="desk-money-summary">
        {payments.dealType === 'Cash' ? 'Total price' : 'Down payment'} {formatUsdAmount(payments.totalDueCents)} · paid{' '}
        {formatUsdAmount(payments.capturedCents)}
        {payments.pendingCents > 0 ? ` · pending ${formatUsdAmount(payments.pendingCents)}` : ''} · due{' '}
        {formatUsdAmount(payments.amountDueCents)}
      </p>
      {payments.payments.length > 0 ? (
        <ul className="ml-4 list-disc text-sm">
          {payments.payments.map((payment) => (
            <li key={payment.id}>
              {paymentName(payment)}: {formatUsdAmount(payment.amountCents)} ({payment.status.toLowerCase()})
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-2 flex flex-wrap items-end gap-4">
        {forms.map((form) => (
          <Form key={form.intent} method="post" className="flex flex-wrap items-end gap-2" preventScrollReset>
            <input type="hidden" name="idempotencyKey" value={`${idempotencyKey}-${form.intent}`} />
            <Field
              id={`money-${form.intent}`}
              name="amount"
              label={form.label}
              inputMode="decimal"
              required
              defaultValue={failed?.intent === form.intent ? failed.amount : ''}
              errors={failed?.intent === form.intent ? failed.errors.amount : undefined}
            />
            {form.intent === 'refund' ? <RefundOf payments={refundable} /> : null}
            <button
              type="submit"
              name="intent"
              value={form.intent}
              className={form.intent === 'payment' ? primaryButton : secondaryButton}
            >
              {form.button}
            </button>
          </Form>
        ))}
      </div>
    </section>
  );
}

function RefundOf({ payments }: { payments: DeskOrder['payments']['payments'] }) {
  return (
    <div>
      <label htmlFor="money-refund-of" className={labelClass}>
        Refund of
      </label>
      <select
        id="money-refund-of"
        name="paymentId"
        defaultValue=""
        className="mt-1 block rounded-tenant border border-gray-500 bg-white px-3 py-2 text-gray-900"
      >
        <option value="">Money given back at the dealership</option>
        {payments.map((payment) => (
          <option key={payment.id} value={payment.id}>
            {paymentName(payment)}, {formatUsdAmount(payment.amountCents)}
            {payment.method === 'CARD' ? ' (back to the card)' : ''}
          </option>
        ))}
      </select>
      <p className="mt-1 min-h-5 text-sm" aria-hidden="true"></p>
    </div>
  );
}

export function AppointmentSection({
  delivery,
  timeZone,
  timeSlots,
  failed,
}: {
  delivery: NonNullable<DeskOrder['order']['delivery']>;
  timeZone: string;
  timeSlots: readonly string[];
  failed: { intent: string; errors: FieldErrors; date: string; time: string } | null;
}) {
  const noun = delivery.method === 'PICKUP' ? 'pickup' : 'delivery';
  const moveFailed = failed?.intent === 'moveDelivery' ? failed : null;
  return (
    <section className="mb-6" aria-labelledby="desk-appointment">
      <h2 id="desk-appointment" className="mb-2 text-lg font-semibold">
        {delivery.method === 'PICKUP' ? 'Pickup' : 'Delivery'}
      </h2>
      <p>
        {delivery.state}
        {delivery.appointment ? `, ${when(delivery.appointment, timeZone)}` : ''}
      </p>
      <div className="mt-2 flex flex-wrap items-end gap-4">
        <Form method="post" className="flex flex-wrap items-end gap-2" preventScrollReset>
          <Field
            id="move-date"
            name="date"
            type="date"
            label="New date"
            required
            defaultValue={moveFailed?.date ?? ''}
            errors={moveFailed?.errors.date}
          />
          <div>
            <label htmlFor="move-time" className={labelClass}>
              New time
            </label>
            <select
              id="move-time"
              name="time"
              defaultValue={moveFailed?.time ?? timeSlots[0]}
              aria-describedby={moveFailed?.errors.time ? 'move-time-error' : undefined}
              aria-invalid={moveFailed?.errors.time ? true : undefined}
              className="mt-1 block rounded-tenant border border-gray-500 bg-white px-3 py-2 text-gray-900"
            >
              {timeSlots.map((slot) => (
                <option key={slot} value={slot}>
                  {slot}
                </option>
              ))}
            </select>
            <p id="move-time-error" className="mt-1 min-h-5 text-sm text-red-800">
              {moveFailed?.errors.time ?? ''}
            </p>
          </div>
          <button type="submit" name="intent" value="moveDelivery" className={primaryButton}>
            Move the {noun}
          </button>
        </Form>
        <Form method="post" preventScrollReset>
          <button type="submit" name="intent" value="cancelDelivery" className={secondaryButton}>
            Cancel the {noun}
          </button>
        </Form>
      </div>
    </section>
  );
}
