import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useHydrated } from '~/components/hydrated';
import { DownPaymentInput } from '~/components/payments/down-payment-input';
import { formatApr, formatTerm, formatUsd, formatUsdWithCents } from '~/lib/shared/money';
import type { CreditTier } from '~/lib/shared/payments/credit';
import {
  CALCULATOR_TERMS,
  CALCULATOR_TIERS,
  CREDIT_TIER_LABELS,
  computeCalculator,
  type CalculatorInput,
  type CalculatorSetup,
  type CalculatorVehicle,
} from '~/lib/search/payment-calculator';
import type { PublicTenant } from '~/lib/shared/tenant/schema';
import { PaymentBlock } from './payment-block';

// The payment calculator of the vehicle page: down payment (the seed's down-payment input),
// term and credit tier. Without JavaScript it is a GET form and the server works the figures
// out; with JavaScript they change as the fields do, computed in the browser by the same code.

type PaymentCalculatorProps = {
  vehicle: CalculatorVehicle;
  vehicleName: string;
  setup: CalculatorSetup;
  initial: CalculatorInput;
  tenant: Pick<PublicTenant, 'dealerPhone'>;
  /** The page's path, where the form comes back to. */
  action: string;
  /** Told of every change, so the Start purchase form carries the same choices. */
  onInputChange?: (input: CalculatorInput) => void;
};

const selectClass = 'mt-1 w-full rounded-tenant border border-gray-500 bg-surface px-2 py-2 text-ink';

export function PaymentCalculator({
  vehicle,
  vehicleName,
  setup,
  initial,
  tenant,
  action,
  onInputChange,
}: PaymentCalculatorProps) {
  const hydrated = useHydrated();
  const [input, setInput] = useState(initial);
  const notify = useRef(onInputChange);
  notify.current = onInputChange;
  useEffect(() => {
    notify.current?.(input);
  }, [input]);
  const { quote, block } = computeCalculator(vehicle, input);
  const estimate = quote.estimate;

  function onSelect(field: 'termMonths' | 'tier') {
    return (event: ChangeEvent<HTMLSelectElement>) => {
      const value = event.currentTarget.value;
      setInput((current) =>
        field === 'termMonths' ? { ...current, termMonths: Number(value) } : { ...current, tier: value as CreditTier },
      );
    };
  }

  return (
    <section
      id="payment-calculator"
      aria-labelledby="calculator-heading"
      className="rounded-tenant border border-black/15 p-4"
      data-testid="payment-calculator"
    >
      <h2 id="calculator-heading" className="text-xl font-bold">
        Estimate your payment
      </h2>
      <form
        method="get"
        action={`${action}#payment-calculator`}
        className="mt-3 grid gap-4 sm:grid-cols-3"
        onSubmit={hydrated ? (event) => event.preventDefault() : undefined}
      >
        <DownPaymentInput
          optionsCents={setup.optionsCents}
          defaultValueCents={initial.downPaymentCents}
          onValueChange={(cents) => setInput((current) => ({ ...current, downPaymentCents: cents }))}
          id="calculator-down-payment"
        />
        <div>
          <label htmlFor="calculator-term" className="block text-sm font-semibold">
            Term
          </label>
          <select
            id="calculator-term"
            name="term"
            className={selectClass}
            {...(hydrated
              ? { value: input.termMonths, onChange: onSelect('termMonths') }
              : { defaultValue: initial.termMonths })}
          >
            {CALCULATOR_TERMS.map((months) => (
              <option key={months} value={months}>
                {formatTerm(months)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="calculator-tier" className="block text-sm font-semibold">
            Credit
          </label>
          <select
            id="calculator-tier"
            name="creditTier"
            className={selectClass}
            {...(hydrated ? { value: input.tier, onChange: onSelect('tier') } : { defaultValue: initial.tier })}
          >
            {CALCULATOR_TIERS.map((tier) => (
              <option key={tier} value={tier}>
                {CREDIT_TIER_LABELS[tier]}
              </option>
            ))}
          </select>
        </div>
        {hydrated ? null : (
          <div className="sm:col-span-3">
            <button
              type="submit"
              className="cursor-pointer rounded-tenant bg-primary px-4 py-2 font-semibold text-primary-contrast"
            >
              Update payment
            </button>
          </div>
        )}
      </form>

      <div className="mt-4 rounded-tenant bg-black/[0.03] p-4" aria-live="polite" data-testid="calculator-result">
        <PaymentBlock block={block} tenant={tenant} vehicleName={vehicleName} />
        {estimate ? (
          <dl className="mt-3 grid grid-cols-[auto_auto] gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_auto_auto_auto]">
            <dt>Vehicle price</dt>
            <dd className="text-right font-semibold sm:text-left">{formatUsd(estimate.priceCents)}</dd>
            <dt>Taxes and fees (est.)</dt>
            <dd className="text-right font-semibold sm:text-left">
              {formatUsd(estimate.taxesCents + estimate.feesCents)}
            </dd>
            <dt>Down payment</dt>
            <dd className="text-right font-semibold sm:text-left">{formatUsd(estimate.downPaymentCents)}</dd>
            <dt>Amount financed</dt>
            <dd className="text-right font-semibold sm:text-left" data-testid="calculator-financed">
              {formatUsd(estimate.financedCents)}
            </dd>
            <dt>APR</dt>
            <dd className="text-right font-semibold sm:text-left">{formatApr(estimate.aprPercent)}</dd>
            <dt>Term</dt>
            <dd className="text-right font-semibold sm:text-left">{formatTerm(estimate.termMonths)}</dd>
            <dt>Monthly payment</dt>
            <dd className="text-right font-semibold sm:text-left" data-testid="calculator-monthly">
              {formatUsdWithCents(estimate.monthlyPaymentCents)}/mo
            </dd>
            <dt>Due today</dt>
            <dd className="text-right font-semibold sm:text-left" data-testid="calculator-due-today">
              {formatUsdWithCents(estimate.downPaymentCents)}
            </dd>
          </dl>
        ) : null}
        <p className="mt-3 text-xs text-gray-700">
          An estimate for the credit tier you pick, with taxes and fees estimated. Your payment is final once a lender
          approves your credit application.
        </p>
      </div>
    </section>
  );
}
