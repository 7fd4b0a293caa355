import { useFetcher } from '@remix-run/react';
import { Fragment, useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useHydrated } from '~/components/hydrated';
import { DownPaymentInput } from '~/components/payments/down-payment-input';
import { DEAL_TYPE_LABELS } from '~/lib/checkout/deal-type-labels';
import type { DealType } from '~/lib/contract/orders';
import { clampDownPayment, getDownPaymentBounds } from '~/lib/shared/payments/down-payment';
import { RESOURCE_PATHS, type PaymentEstimateData } from '~/lib/search/actions';
import {
  calculatorFields,
  calculatorQuery,
  type CalculatorInput,
  type CalculatorOption,
  type CalculatorOptions,
} from '~/lib/search/calculator-choices';
import type { CalculatorEstimate } from '~/lib/search/payment-calculator';
import type { PublicTenant } from '~/lib/shared/tenant/schema';
import { PaymentBlock } from './payment-block';

// The payment calculator of the vehicle page: purchase type (finance, lease, cash), down
// payment (the seed's down-payment input, with its lease helper text for a lease), term, annual
// miles (lease) and credit tier. The server works the figures out (decision 103): without
// JavaScript it is a GET form to the page, whose loader prices the choices; with JavaScript each
// change asks /resources/payment-estimate the same question, and the figures show once it has
// answered (while it works the figures say they are being updated, never an old payment). The
// pricing (app/lib/search/payment-calculator.ts, through app/lib/shared/pricing) stays on the
// server, so the cart opens on the same figures; so does the wording of the fields' options and
// of the result (its lines and notes), which the browser only shows.

type PaymentCalculatorProps = {
  vin: string;
  vehicleName: string;
  /** The purchase types offered for the vehicle. */
  dealTypes: readonly DealType[];
  /** The fields' options with their labels. */
  options: CalculatorOptions;
  /** The loader's figures, for the choices in the page's URL or the defaults. */
  estimate: CalculatorEstimate;
  tenant: Pick<PublicTenant, 'dealerPhone'>;
  /** The page's path, where the form comes back to. */
  action: string;
  /** Told of every answer, so the buy box and the Start purchase form say the same. */
  onEstimateChange?: (estimate: CalculatorEstimate) => void;
};

export const CALCULATOR_TEXTS = {
  heading: 'Estimate your payment',
  purchaseType: 'Purchase type',
  update: 'Update payment',
  updating: 'Updating your payment…',
} as const;

const CALCULATOR_FORM_ID = 'payment-calculator-form';

const selectClass = 'mt-1 w-full rounded-tenant border border-gray-500 bg-surface px-2 py-2 text-ink';
const valueClass = 'text-right font-semibold sm:text-left';

export function PaymentCalculator({
  vin,
  vehicleName,
  dealTypes,
  options,
  estimate: first,
  tenant,
  action,
  onEstimateChange,
}: PaymentCalculatorProps) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<PaymentEstimateData>();
  const [chosen, setInput] = useState(first.input);
  /** The number of the last question asked (0: none yet, the loader's figures stand). */
  const [asked, setAsked] = useState(0);
  const answer = fetcher.data?.estimate ?? null;
  const estimate = answer ?? first;
  // The last question not answered yet: the figures shown are not the choices' (a failed
  // question leaves the fetcher idle, and the last figures stand).
  const updating = asked > 0 && fetcher.data?.asked !== asked && fetcher.state !== 'idle';

  function ask(input: CalculatorInput, fresh = false) {
    const next = asked + 1;
    setAsked(next);
    setInput(input);
    fetcher.load(`${RESOURCE_PATHS.paymentEstimate}?${calculatorQuery(vin, next, calculatorFields(input, fresh))}`);
  }

  // The server's reading of the choices is the calculator's: a purchase type's own term and
  // down payment, a down payment kept inside its range.
  useEffect(() => {
    if (answer) setInput(answer.input);
  }, [answer]);
  const notify = useRef(onEstimateChange);
  notify.current = onEstimateChange;
  useEffect(() => {
    if (answer) notify.current?.(answer);
  }, [answer]);

  // A choice the shopper made in the server's form before the page hydrated is in the form, not
  // in the state: read during the hydrating render (React then sets each radio and select back
  // to what the server rendered) and asked once hydrated. Only at hydration: on a client
  // navigation the form in the document, if any, is the previous page's.
  const [before] = useState(() => {
    if (hydrated || typeof document === 'undefined') return null;
    const form = document.getElementById(CALCULATOR_FORM_ID);
    return form instanceof HTMLFormElement ? formChoices(new FormData(form), first.input, dealTypes, options) : null;
  });
  useEffect(() => {
    if (before) ask(before.input, before.fresh);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only what the server's form held at hydration
  }, []);

  const { dealType, downPaymentCents, termMonths, annualMiles, tier } = chosen;
  const optionsCents = estimate.input.dealType === dealType ? estimate.optionsCents : null;
  const shown = estimate.input.dealType;
  const { rows, block } = estimate;
  const terms = options.terms[dealType] ?? [];

  function onSelect(field: 'termMonths' | 'annualMiles' | 'tier') {
    return (event: ChangeEvent<HTMLSelectElement>) => {
      const value = event.currentTarget.value;
      if (field !== 'tier') ask({ ...chosen, [field]: Number(value) });
      else {
        const tier = optionOf(options.tiers, value);
        if (tier) ask({ ...chosen, tier: tier.value });
      }
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
      data-deal-type={shown}
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
        {dealTypes.length > 1 ? (
          <fieldset className="sm:col-span-3">
            <legend className="text-sm font-semibold">{CALCULATOR_TEXTS.purchaseType}</legend>
            <div className="mt-1 flex flex-wrap gap-4">
              {dealTypes.map((type) => (
                <label key={type} className="flex cursor-pointer items-center gap-2">
                  <input
                    type="radio"
                    name="dealType"
                    value={type}
                    {...(hydrated
                      ? {
                          checked: type === dealType,
                          onChange: () => ask({ ...chosen, dealType: type }, true),
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
            defaultValueCents={clampDownPayment(downPaymentCents, getDownPaymentBounds(optionsCents))}
            variant={dealType === 'Lease' ? 'lease' : 'finance'}
            onValueChange={(cents) => ask({ ...chosen, downPaymentCents: cents })}
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
              {terms.map((term) => (
                <option key={term.value} value={term.value}>
                  {term.label}
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
              {options.annualMiles.map((miles) => (
                <option key={miles.value} value={miles.value}>
                  {miles.label}
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
              {options.tiers.map((tier) => (
                <option key={tier.value} value={tier.value}>
                  {tier.label}
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

      <div
        className="mt-4 rounded-tenant bg-black/[0.03] p-4"
        aria-live="polite"
        aria-busy={updating}
        data-testid="calculator-result"
      >
        {updating ? <p>{CALCULATOR_TEXTS.updating}</p> : null}
        {!updating && block ? <PaymentBlock block={block} tenant={tenant} vehicleName={vehicleName} /> : null}
        {!updating && estimate.unavailable ? <p>{estimate.unavailable}</p> : null}
        {!updating && rows.length > 0 ? (
          <dl className="mt-3 grid grid-cols-[auto_auto] gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_auto_auto_auto]">
            {rows.map((row) => (
              <Fragment key={row.term}>
                <dt>{row.term}</dt>
                <dd className={valueClass} data-testid={row.testId}>
                  {row.value}
                </dd>
              </Fragment>
            ))}
          </dl>
        ) : null}
        <p className="mt-3 text-xs text-gray-700">
          {estimate.note}
          {estimate.placeNote ? <span data-testid="calculator-place"> {estimate.placeNote}</span> : null}
        </p>
      </div>
    </section>
  );
}

/** The option of `options` whose value reads as `value` (a form's or a select's text), if any. */
function optionOf<T extends string | number>(
  options: readonly CalculatorOption<T>[] | undefined,
  value: FormDataEntryValue | null,
): CalculatorOption<T> | undefined {
  return options?.find((option) => String(option.value) === value);
}

/**
 * The choices in the server's form (before hydration) when they differ from the loader's: a
 * purchase type of its own starts afresh (its term and down payment from the server).
 */
function formChoices(
  form: FormData,
  input: CalculatorInput,
  dealTypes: readonly DealType[],
  options: CalculatorOptions,
): { input: CalculatorInput; fresh: boolean } | null {
  const dealType = dealTypes.find((type) => type === form.get('dealType'));
  if (dealType && dealType !== input.dealType) return { input: { ...input, dealType }, fresh: true };
  const next: CalculatorInput = {
    ...input,
    termMonths: optionOf(options.terms[input.dealType], form.get('term'))?.value ?? input.termMonths,
    annualMiles: optionOf(options.annualMiles, form.get('annualMiles'))?.value ?? input.annualMiles,
    tier: optionOf(options.tiers, form.get('creditTier'))?.value ?? input.tier,
  };
  const same =
    next.termMonths === input.termMonths && next.annualMiles === input.annualMiles && next.tier === input.tier;
  return same ? null : { input: next, fresh: false };
}
