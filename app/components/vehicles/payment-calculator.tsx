import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useHydrated } from '~/components/hydrated';
import { DownPaymentInput } from '~/components/payments/down-payment-input';
import { DEAL_TYPE_LABELS } from '~/lib/checkout/deal-terms';
import type { DealType } from '~/lib/contract/orders';
import { formatApr, formatMiles, formatTerm, formatUsd, formatUsdWithCents } from '~/lib/shared/money';
import { clampDownPayment, getDownPaymentBounds } from '~/lib/shared/payments/down-payment';
import { taxesAndFeesCents } from '~/lib/shared/pricing/deal';
import {
  CALCULATOR_ANNUAL_MILES,
  CALCULATOR_TIERS,
  CREDIT_TIER_LABELS,
  adoptCalculatorChoices,
  calculatorTerms,
  computeCalculator,
  getDownPaymentOptions,
  switchCalculatorDealType,
  type CalculatorInput,
  type CalculatorSetup,
  type CalculatorVehicle,
} from '~/lib/search/payment-calculator';
import type { PricingPlace } from '~/lib/shared/pricing/state-fees';
import type { PublicTenant } from '~/lib/shared/tenant/schema';
import { PaymentBlock } from './payment-block';
import { isOneOf } from '~/lib/shared/guards';

// The payment calculator of the vehicle page: purchase type (finance, lease, cash), down
// payment (the seed's down-payment input, with its lease helper text for a lease), term, annual
// miles (lease) and credit tier. Without JavaScript it is a GET form and the server works the
// figures out; with JavaScript they change as the fields do, computed in the browser by the
// same code (app/lib/search/payment-calculator.ts, which prices through app/lib/shared/pricing).

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
  /** The shopper's place, when their zip is known: taxes and fees follow its state, as in the cart. */
  place?: PricingPlace;
};

export const CALCULATOR_TEXTS = {
  heading: 'Estimate your payment',
  purchaseType: 'Purchase type',
  update: 'Update payment',
  notes: {
    Finance:
      'An estimate for the credit tier you pick, with taxes and fees estimated. Your payment is final once a lender approves your credit application.',
    Lease:
      'A lease estimate for the credit tier you pick, with the tax in each payment and fees estimated. Your payment is final once a lender approves your credit application.',
    Cash: 'Taxes and fees are estimated until we know your Zip code.',
  } satisfies Record<DealType, string>,
  /** Said instead of the estimate note once the zip is known: `Taxes and fees for Zip code 78704 (TX).` */
  placeNote: (place: { state: string; zip: string }) => `Taxes and fees for Zip code ${place.zip} (${place.state}).`,
  noLease: 'A lease estimate is not available for this vehicle with these terms.',
} as const;

const CALCULATOR_FORM_ID = 'payment-calculator-form';

const selectClass = 'mt-1 w-full rounded-tenant border border-gray-500 bg-surface px-2 py-2 text-ink';
const valueClass = 'text-right font-semibold sm:text-left';

export function PaymentCalculator({
  vehicle,
  vehicleName,
  setup,
  initial,
  tenant,
  action,
  onInputChange,
  place,
}: PaymentCalculatorProps) {
  const hydrated = useHydrated();
  const [chosen, setInput] = useState(initial);
  // A lease's largest down payment follows its term and miles: what is kept is always inside it.
  const optionsCents = getDownPaymentOptions(vehicle, chosen);
  const input: CalculatorInput = {
    ...chosen,
    downPaymentCents: optionsCents ? clampDownPayment(chosen.downPaymentCents, getDownPaymentBounds(optionsCents)) : 0,
  };
  const notify = useRef(onInputChange);
  notify.current = onInputChange;
  const { dealType, downPaymentCents, termMonths, annualMiles, tier } = input;
  useEffect(() => {
    notify.current?.({ dealType, downPaymentCents, termMonths, annualMiles, tier });
  }, [dealType, downPaymentCents, termMonths, annualMiles, tier]);
  // A choice the shopper made in the server's form before the page hydrated is in the form, not
  // in the state. It is read during the hydrating render, before React hydrates the form's
  // fields: React 18 then sets each radio and select back to what the server rendered (a Lease
  // clicked early came back as Finance). Only at hydration: on a client navigation the form in
  // the document, if any, is the previous page's.
  const [before] = useState(() => {
    if (hydrated || typeof document === 'undefined') return null;
    const form = document.getElementById(CALCULATOR_FORM_ID);
    return form instanceof HTMLFormElement ? new FormData(form) : null;
  });
  useEffect(() => {
    if (before) setInput((current) => adoptCalculatorChoices(vehicle, setup, current, before));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only what the server's form held at hydration
  }, []);
  const { deal, block } = computeCalculator(vehicle, input, undefined, place);
  const terms = calculatorTerms(dealType);
  const known = place?.state && place.zip ? { state: place.state, zip: place.zip } : null;

  function onSelect(field: 'termMonths' | 'annualMiles' | 'tier') {
    return (event: ChangeEvent<HTMLSelectElement>) => {
      const value = event.currentTarget.value;
      setInput((current) => {
        if (field !== 'tier') return { ...current, [field]: Number(value) };
        return isOneOf(CALCULATOR_TIERS, value) ? { ...current, tier: value } : current;
      });
    };
  }

  function controlled<T extends string | number>(value: T, onChange: (event: ChangeEvent<HTMLSelectElement>) => void) {
    return hydrated ? { value, onChange } : { defaultValue: value };
  }

  return (
    <section
      id="payment-calculator"
      aria-labelledby="calculator-heading"
      className="rounded-tenant border border-black/15 p-4"
      data-testid="payment-calculator"
      data-deal-type={dealType}
    >
      <h2 id="calculator-heading" className="text-xl font-bold">
        {CALCULATOR_TEXTS.heading}
      </h2>
      <form
        id={CALCULATOR_FORM_ID}
        method="get"
        action={`${action}#payment-calculator`}
        className="mt-3 grid gap-4 sm:grid-cols-3"
        onSubmit={hydrated ? (event) => event.preventDefault() : undefined}
      >
        {setup.dealTypes.length > 1 ? (
          <fieldset className="sm:col-span-3">
            <legend className="text-sm font-semibold">{CALCULATOR_TEXTS.purchaseType}</legend>
            <div className="mt-1 flex flex-wrap gap-4">
              {setup.dealTypes.map((type) => (
                <label key={type} className="flex cursor-pointer items-center gap-2">
                  <input
                    type="radio"
                    name="dealType"
                    value={type}
                    {...(hydrated
                      ? {
                          checked: type === dealType,
                          onChange: () =>
                            setInput((current) => switchCalculatorDealType(vehicle, setup, current, type)),
                        }
                      : { defaultChecked: type === dealType })}
                  />
                  {DEAL_TYPE_LABELS[type]}
                </label>
              ))}
            </div>
          </fieldset>
        ) : (
          <input type="hidden" name="dealType" value={dealType} />
        )}
        {optionsCents ? (
          <DownPaymentInput
            // New suggestions (another purchase type, a lease term or miles): a fresh field.
            key={`${dealType}-${optionsCents.join(',')}`}
            optionsCents={optionsCents}
            defaultValueCents={downPaymentCents}
            variant={dealType === 'Lease' ? 'lease' : 'finance'}
            onValueChange={(cents) => setInput((current) => ({ ...current, downPaymentCents: cents }))}
            id="calculator-down-payment"
          />
        ) : null}
        {terms.length > 0 ? (
          <div>
            <label htmlFor="calculator-term" className="block text-sm font-semibold">
              Term
            </label>
            <select
              key={dealType}
              id="calculator-term"
              name="term"
              className={selectClass}
              {...controlled(termMonths, onSelect('termMonths'))}
            >
              {terms.map((months) => (
                <option key={months} value={months}>
                  {formatTerm(months)}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {dealType === 'Lease' ? (
          <div>
            <label htmlFor="calculator-miles" className="block text-sm font-semibold">
              Annual miles
            </label>
            <select
              id="calculator-miles"
              name="annualMiles"
              className={selectClass}
              {...controlled(annualMiles, onSelect('annualMiles'))}
            >
              {CALCULATOR_ANNUAL_MILES.map((miles) => (
                <option key={miles} value={miles}>
                  {formatMiles(miles)}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {dealType !== 'Cash' ? (
          <div>
            <label htmlFor="calculator-tier" className="block text-sm font-semibold">
              Credit
            </label>
            <select
              id="calculator-tier"
              name="creditTier"
              className={selectClass}
              {...controlled(tier, onSelect('tier'))}
            >
              {CALCULATOR_TIERS.map((option) => (
                <option key={option} value={option}>
                  {CREDIT_TIER_LABELS[option]}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {hydrated ? null : (
          <div className="sm:col-span-3">
            <button
              type="submit"
              className="cursor-pointer rounded-tenant bg-primary px-4 py-2 font-semibold text-primary-contrast"
            >
              {CALCULATOR_TEXTS.update}
            </button>
          </div>
        )}
      </form>

      <div className="mt-4 rounded-tenant bg-black/[0.03] p-4" aria-live="polite" data-testid="calculator-result">
        {block ? <PaymentBlock block={block} tenant={tenant} vehicleName={vehicleName} /> : null}
        {dealType === 'Lease' && !deal ? <p>{CALCULATOR_TEXTS.noLease}</p> : null}
        {deal ? (
          <dl className="mt-3 grid grid-cols-[auto_auto] gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_auto_auto_auto]">
            <dt>Vehicle price</dt>
            <dd className={valueClass}>{formatUsd(deal.priceCents)}</dd>
            {deal.dealType === 'Lease' ? (
              <>
                <dt>Fees at signing (est.)</dt>
                <dd className={valueClass}>{formatUsd(deal.feesCents)}</dd>
                <dt>Cap cost reduction</dt>
                <dd className={valueClass}>{formatUsd(deal.downPaymentCents)}</dd>
                <dt>Annual miles</dt>
                <dd className={valueClass}>{formatMiles(deal.lease?.annualMiles ?? annualMiles)}</dd>
              </>
            ) : (
              <>
                <dt>Taxes and fees (est.)</dt>
                <dd className={valueClass}>{formatUsd(taxesAndFeesCents(deal))}</dd>
              </>
            )}
            {deal.dealType === 'Finance' ? (
              <>
                <dt>Down payment</dt>
                <dd className={valueClass}>{formatUsd(deal.downPaymentCents)}</dd>
                <dt>Amount financed</dt>
                <dd className={valueClass} data-testid="calculator-financed">
                  {formatUsd(deal.amountFinancedCents ?? 0)}
                </dd>
                <dt>APR</dt>
                <dd className={valueClass}>{formatApr(deal.aprPercent ?? 0)}</dd>
              </>
            ) : null}
            {deal.termMonths !== null && deal.monthlyPaymentCents !== null ? (
              <>
                <dt>Term</dt>
                <dd className={valueClass}>{formatTerm(deal.termMonths)}</dd>
                <dt>Monthly payment</dt>
                <dd className={valueClass} data-testid="calculator-monthly">
                  {formatUsdWithCents(deal.monthlyPaymentCents)}/mo
                </dd>
              </>
            ) : (
              <>
                <dt>Total</dt>
                <dd className={valueClass} data-testid="calculator-total">
                  {formatUsdWithCents(deal.totalCents)}
                </dd>
              </>
            )}
            <dt>{deal.dealType === 'Lease' ? 'Due at signing' : 'Due today'}</dt>
            <dd className={valueClass} data-testid="calculator-due-today">
              {formatUsdWithCents(deal.dueTodayCents)}
            </dd>
          </dl>
        ) : null}
        <p className="mt-3 text-xs text-gray-700">
          {/* Cash's note is only about the zip: once it is known, the zip's note says it all. */}
          {known && dealType === 'Cash' ? null : CALCULATOR_TEXTS.notes[dealType]}
          {known ? <span data-testid="calculator-place"> {CALCULATOR_TEXTS.placeNote(known)}</span> : null}
        </p>
      </div>
    </section>
  );
}
