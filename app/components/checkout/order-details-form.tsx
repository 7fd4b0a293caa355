import { Form, useNavigation, type useLoaderData } from '@remix-run/react';
import { primaryButton } from '~/components/ui/button';
import { ServerFormProvider, controlProps, useServerForm, type ServerReply } from '~/components/ui/server-form';
import { FULFILLMENT_TEXTS, ORDER_DETAILS_TEXTS } from '~/lib/checkout/order-details-texts';
import { maskZip } from '~/lib/search/zip-rules';
// eslint-disable-next-line no-restricted-imports -- types only: this is the route's own form, in a module of its own for its chunk (decision 056)
import type { loader } from '~/routes/checkout+/order-details';
import { CashCoBuyerFields } from './co-buyer-fields';
import { DealTermsFields } from './deal-terms-fields';

// The Order Details form (routes/checkout+/order-details.tsx; seed 002 §2): delivery or pickup
// with the zip it is for, the deal terms of a finance or lease cart, a cash order's co-buyer. An
// form checked by the server (decision 088): the browser gets the schema's constraints from the
// loader, never zod, and the server's errors after a post, with or without JavaScript.

type OrderDetailsData = ReturnType<typeof useLoaderData<typeof loader>>;

export function OrderDetailsForm({
  loaded,
  lastResult,
}: {
  loaded: OrderDetailsData;
  lastResult: ServerReply | undefined;
}) {
  const navigation = useNavigation();
  const [form, fields] = useServerForm<{ method: string; zip: string }>({
    id: 'order-details',
    lastResult,
    constraint: loaded.constraint,
    defaultValue: {
      method: loaded.fulfillment.method ?? undefined,
      zip: loaded.fulfillment.zip,
      hasCoBuyer: loaded.coBuyer ? 'on' : undefined,
      coBuyer: {
        firstName: loaded.coBuyer?.firstName,
        lastName: loaded.coBuyer?.lastName,
        email: loaded.coBuyer?.email,
        phone: loaded.coBuyer?.phone,
        sameAddressAsBuyer: (loaded.coBuyer?.sameAddressAsBuyer ?? true) ? 'on' : undefined,
        address: loaded.coBuyer?.address ?? undefined,
      },
    },
  });
  const chosen = fields.method.value;
  const method = typeof chosen === 'string' ? chosen : (loaded.fulfillment.method ?? null);
  const zipError = fields.zip.errors?.[0];
  const methodError = fields.method.errors?.[0];
  const formError = form.errors?.[0];
  const busy = navigation.state === 'submitting';
  const { key: zipKey, ...zipControl } = controlProps(fields.zip);
  const zipProps = {
    ...zipControl,
    type: 'text',
    minLength: fields.zip.minLength,
    maxLength: fields.zip.maxLength,
    pattern: fields.zip.pattern,
    defaultValue: typeof fields.zip.initialValue === 'string' ? fields.zip.initialValue : undefined,
  };
  return (
    <>
      {formError ? (
        <p
          id={form.errorId}
          role="alert"
          className="rounded-tenant border-l-4 border-red-700 bg-red-50 p-3 text-sm text-red-900"
          data-testid="order-details-error"
        >
          {formError}
        </p>
      ) : null}
      <ServerFormProvider form={form}>
        <Form method="post" {...form.props} className="space-y-6">
          <fieldset aria-describedby={methodError ? fields.method.errorId : undefined}>
            <legend className="font-semibold">{FULFILLMENT_TEXTS.legend}</legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {(['delivery', 'pickup'] as const).map((value) => (
                <label
                  key={value}
                  htmlFor={`${fields.method.id}-${value}`}
                  className="flex cursor-pointer items-start gap-2 rounded-tenant border border-black/15 p-3 has-checked:border-primary"
                >
                  <input
                    id={`${fields.method.id}-${value}`}
                    type="radio"
                    name={fields.method.name}
                    value={value}
                    defaultChecked={fields.method.initialValue === value}
                    required
                    aria-invalid={methodError ? true : undefined}
                    className="mt-1"
                  />
                  <span>
                    <span className="font-semibold">
                      {value === 'delivery' ? FULFILLMENT_TEXTS.delivery : FULFILLMENT_TEXTS.pickup}
                    </span>
                    <span className="block text-sm text-gray-700">
                      {value === 'delivery' ? FULFILLMENT_TEXTS.deliveryHint : FULFILLMENT_TEXTS.pickupHint}
                    </span>
                  </span>
                </label>
              ))}
            </div>
            <p id={fields.method.errorId} className="min-h-5 text-sm text-red-800" aria-live="polite">
              {methodError}
            </p>
          </fieldset>
          <div className="max-w-xs">
            <label htmlFor={fields.zip.id} className="block text-sm font-semibold">
              {method === 'delivery' ? FULFILLMENT_TEXTS.zipDelivery : FULFILLMENT_TEXTS.zipPickup}
            </label>
            <input
              {...zipProps}
              key={zipKey}
              inputMode="numeric"
              autoComplete="postal-code"
              placeholder={FULFILLMENT_TEXTS.zipPlaceholder}
              aria-invalid={zipError ? true : undefined}
              aria-describedby={zipError ? fields.zip.errorId : undefined}
              onInput={(event) => {
                const input = event.currentTarget;
                const masked = maskZip(input.value);
                if (masked !== input.value) input.value = masked;
              }}
              className="mt-1 block w-full rounded-tenant border border-gray-500 bg-white px-3 py-2 aria-[invalid=true]:border-red-700"
            />
            <p id={fields.zip.errorId} className="min-h-5 text-sm text-red-800" aria-live="polite">
              {zipError}
            </p>
          </div>
          {loaded.dealType !== 'Cash' ? (
            <fieldset className="space-y-3">
              <legend className="font-semibold">{ORDER_DETAILS_TEXTS.termsHeading}</legend>
              <DealTermsFields
                setup={loaded.setup}
                downPaymentCents={loaded.terms.downPaymentCents}
                termMonths={loaded.terms.termMonths}
                annualMiles={loaded.terms.annualMiles}
                idPrefix="order-details"
              />
            </fieldset>
          ) : null}
          {loaded.dealType === 'Cash' ? <CashCoBuyerFields /> : null}
          <button type="submit" className={primaryButton} disabled={busy}>
            {ORDER_DETAILS_TEXTS.continueTo(loaded.nextLabel)}
          </button>
        </Form>
      </ServerFormProvider>
    </>
  );
}
