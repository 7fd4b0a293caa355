import { Form, useNavigation } from '@remix-run/react';
import { DEAL_TYPE_LABELS } from '~/lib/checkout/deal-type-labels';
import type { DealType } from '~/lib/contract/orders';
import type { CalculatorInput } from '~/lib/search/calculator-choices';

// "Start purchase": a form that POSTs to /checkout/<vin> with the purchase type the shopper
// picked (among the tenant's), and the calculator's choices when there are some: its purchase
// type (preselected here), down payment, term, annual miles and credit tier (issue 12 item 2).
// The server creates the cart, which puts the vehicle on hold, and opens the cart. The terms
// apply when the purchase type posted is the calculator's; the tier applies to any.

export const START_PURCHASE_TEXTS = {
  legend: 'How would you like to pay?',
  submit: 'Start purchase',
  hints: {
    Cash: 'Pay the full price.',
    Finance: 'Monthly payments with a loan.',
    Lease: 'Lower monthly payments, return or buy at the end.',
  } satisfies Record<DealType, string>,
} as const;

export function StartPurchaseForm({
  vin,
  dealTypes,
  defaultDealType,
  calculator,
  idPrefix = 'start',
  note,
}: {
  vin: string;
  dealTypes: readonly DealType[];
  defaultDealType?: DealType;
  /** The vehicle page calculator's choices, carried into the cart. */
  calculator?: CalculatorInput | null;
  idPrefix?: string;
  /** Why a purchase type is missing (Finance on a vehicle too cheap to finance), said before the cart. */
  note?: string;
}) {
  const navigation = useNavigation();
  const action = `/checkout/${encodeURIComponent(vin)}`;
  const busy = navigation.state !== 'idle' && navigation.formAction === action;
  const preferred = calculator?.dealType ?? defaultDealType;
  const initial =
    preferred && dealTypes.includes(preferred) ? preferred : dealTypes.includes('Finance') ? 'Finance' : dealTypes[0];
  return (
    <Form method="post" action={action} className="space-y-3" data-testid="start-purchase-form">
      {dealTypes.length > 1 ? (
        // A purchase type picked in the calculator selects the same one here.
        <fieldset key={initial}>
          <legend className="font-semibold">{START_PURCHASE_TEXTS.legend}</legend>
          <div className="mt-2 grid gap-2">
            {dealTypes.map((type) => (
              <label
                key={type}
                htmlFor={`${idPrefix}-deal-${type}`}
                className="flex cursor-pointer items-start gap-2 rounded-tenant border border-black/15 p-2 has-checked:border-primary"
              >
                <input
                  id={`${idPrefix}-deal-${type}`}
                  type="radio"
                  name="dealType"
                  value={type}
                  defaultChecked={type === initial}
                  className="mt-1"
                />
                <span>
                  <span className="font-semibold">{DEAL_TYPE_LABELS[type]}</span>
                  <span className="block text-sm text-gray-700">{START_PURCHASE_TEXTS.hints[type]}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : (
        <input type="hidden" name="dealType" value={initial} />
      )}
      {note ? (
        <p className="text-sm" data-testid="start-purchase-note">
          {note}
        </p>
      ) : null}
      {calculator ? (
        <>
          <input type="hidden" name="calculatorDealType" value={calculator.dealType} />
          <input type="hidden" name="downPaymentCents" value={calculator.downPaymentCents} />
          <input type="hidden" name="termMonths" value={calculator.termMonths} />
          <input type="hidden" name="annualMiles" value={calculator.annualMiles} />
          <input type="hidden" name="creditTier" value={calculator.tier} />
        </>
      ) : null}
      <button
        type="submit"
        disabled={busy}
        aria-busy={busy || undefined}
        className="block w-full cursor-pointer rounded-tenant bg-accent px-5 py-3 text-center text-lg font-bold text-accent-contrast disabled:opacity-60"
        data-testid="start-purchase"
      >
        {START_PURCHASE_TEXTS.submit}
      </button>
    </Form>
  );
}
