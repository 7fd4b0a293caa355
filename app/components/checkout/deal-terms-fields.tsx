import { DownPaymentInput } from '~/components/payments/down-payment-input';
import type { TermsSetup } from '~/lib/checkout/deal-terms';
import { formatMiles } from '~/lib/shared/money';

// The deal terms a shopper can set for a finance or lease cart: down payment (the payments
// DownPaymentInput, with the loan-to-value range), finance or lease term, and annual miles for
// a lease. Plain named fields inside the caller's form; the action reads them with readTermsForm.

export const TERMS_TEXTS = {
  downPayment: 'Down payment',
  financeTerm: 'Finance term',
  leaseTerm: 'Lease term',
  annualMiles: 'Annual miles',
  months: (months: number) => `${months} months`,
} as const;

const selectClass = 'mt-1 block min-h-11 w-full rounded-tenant border border-gray-500 bg-white px-3 py-2';

export function DealTermsFields({
  setup,
  downPaymentCents,
  termMonths,
  annualMiles,
  downPaymentErrors,
  idPrefix = 'terms',
}: {
  setup: TermsSetup;
  downPaymentCents: number;
  termMonths: number;
  annualMiles: number | null;
  downPaymentErrors?: readonly string[];
  idPrefix?: string;
}) {
  if (setup.dealType === 'Cash') return null;
  const lease = setup.dealType === 'Lease';
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {setup.downPaymentOptionsCents ? (
        <DownPaymentInput
          // Remount when the saved amount changes, so the field shows what the cart holds.
          key={`${setup.dealType}-${downPaymentCents}`}
          id={`${idPrefix}-down-payment`}
          optionsCents={setup.downPaymentOptionsCents}
          defaultValueCents={downPaymentCents}
          variant={lease ? 'lease' : 'finance'}
          label={TERMS_TEXTS.downPayment}
          errors={downPaymentErrors}
          className="sm:col-span-2"
        />
      ) : null}
      <div>
        <label htmlFor={`${idPrefix}-term`} className="block text-sm font-semibold">
          {lease ? TERMS_TEXTS.leaseTerm : TERMS_TEXTS.financeTerm}
        </label>
        <select
          key={`term-${termMonths}`}
          id={`${idPrefix}-term`}
          name="termMonths"
          defaultValue={String(termMonths)}
          className={selectClass}
        >
          {setup.termOptions.map((months) => (
            <option key={months} value={months}>
              {TERMS_TEXTS.months(months)}
            </option>
          ))}
        </select>
      </div>
      {setup.annualMilesOptions ? (
        <div>
          <label htmlFor={`${idPrefix}-miles`} className="block text-sm font-semibold">
            {TERMS_TEXTS.annualMiles}
          </label>
          <select
            key={`miles-${annualMiles ?? ''}`}
            id={`${idPrefix}-miles`}
            name="annualMiles"
            defaultValue={String(annualMiles ?? 12_000)}
            className={selectClass}
          >
            {setup.annualMilesOptions.map((miles) => (
              <option key={miles} value={miles}>
                {formatMiles(miles)} per year
              </option>
            ))}
          </select>
        </div>
      ) : null}
    </div>
  );
}
