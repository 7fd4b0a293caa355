import { FormProvider, getFormProps, getInputProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { primaryButton } from '~/components/ui/button';
import { CashCoBuyerFields } from '~/components/checkout/co-buyer-fields';
import { DealTermsFields } from '~/components/checkout/deal-terms-fields';
import { ApiError } from '~/lib/api.server';
import { cartErrorMessage, requireStep, updateCart } from '~/lib/checkout/cart.server';
import { readCoBuyer } from '~/lib/shared/co-buyer';
import { getCartTermsSetup, readCartTermsForm } from '~/lib/checkout/deal-terms.server';
import { FULFILLMENT_TEXTS, orderDetailsSchema } from '~/lib/checkout/order-details';
import { serverOrderDetailsSchema } from '~/lib/checkout/order-details.server';
import { checkoutMeta } from '~/lib/checkout/meta';
import { nextStep, stepPath } from '~/lib/checkout/steps';
import { CHECKOUT_ERROR_CODES, CHECKOUT_STEP_LABELS } from '~/lib/contract/checkout';
import { deliveryOutOfRangeMessage } from '~/lib/shared/pricing/delivery';
import { maskZip } from '~/lib/search/zip-rules';
import { getSession } from '~/lib/session.server';
import { requireActiveSession } from '~/lib/inactivity.server';

// Order Details: delivery or pickup with the zip it is for (seed 002 §2), and the deal terms
// (down payment, term, annual miles) the shopper confirms before the credit application
// (finance, lease) or the overview (cash). Saved on the cart with the step completed, so the
// shopper resumes after it on any device.

export const ORDER_DETAILS_TEXTS = {
  heading: CHECKOUT_STEP_LABELS['order-details'],
  termsHeading: 'Your terms',
  continueTo: (label: string) => `Continue to ${label}`,
} as const;

export async function loader({ request, context: loadContext }: LoaderFunctionArgs) {
  const [context, session] = await Promise.all([
    requireStep(request, loadContext, 'order-details'),
    getSession(request),
  ]);
  const { cart } = context;
  const next = nextStep('order-details', cart.dealType) ?? 'overview';
  return data({
    fulfillment: cart.fulfillment ?? { method: null, zip: session.get('zip') ?? '' },
    dealType: cart.dealType,
    coBuyer: cart.dealType === 'Cash' ? (cart.coBuyer ?? null) : null,
    terms: { downPaymentCents: cart.downPaymentCents, termMonths: cart.termMonths, annualMiles: cart.annualMiles },
    setup: await getCartTermsSetup(context, cart),
    nextLabel: CHECKOUT_STEP_LABELS[next],
  });
}

export async function action({ request, context: loadContext }: ActionFunctionArgs) {
  // Session inactivity (issue 14): an idle shopper signs in again before the order details change.
  await requireActiveSession(request, loadContext, '/checkout/order-details');
  const form = await request.formData();
  const context = await requireStep(request, loadContext, 'order-details');
  const { cart, tenant } = context;
  const submission = await parseWithZod(form, { schema: serverOrderDetailsSchema, async: true });
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 });
  const next = nextStep('order-details', cart.dealType) ?? 'overview';
  try {
    const terms = await readCartTermsForm(context, cart, form);
    await updateCart(context, cart.id, {
      ...terms,
      fulfillment: { method: submission.value.method, zip: submission.value.zip },
      ...(cart.dealType === 'Cash' ? { coBuyer: readCoBuyer(submission.value) } : {}),
      completeStep: 'order-details',
      step: next,
    });
  } catch (error) {
    if (error instanceof ApiError && error.code === CHECKOUT_ERROR_CODES.deliveryOutOfRange) {
      const message = deliveryOutOfRangeMessage(tenant.dealerPhone.number);
      return data({ result: submission.reply({ fieldErrors: { zip: [message] } }) }, { status: 422 });
    }
    const status = error instanceof ApiError && error.status < 500 ? error.status : 503;
    return data({ result: submission.reply({ formErrors: [cartErrorMessage(error, tenant)] }) }, { status });
  }
  return redirect(stepPath(next));
}

export default function OrderDetails() {
  const loaded = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: 'order-details',
    lastResult: acted?.result,
    constraint: getZodConstraint(orderDetailsSchema),
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
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: orderDetailsSchema }),
  });
  const method = fields.method.value ?? loaded.fulfillment.method ?? null;
  const zipError = fields.zip.errors?.[0];
  const methodError = fields.method.errors?.[0];
  const formError = form.errors?.[0];
  const busy = navigation.state === 'submitting';
  const { key: zipKey, ...zipProps } = getInputProps(fields.zip, { type: 'text' });
  return (
    <section aria-labelledby="order-details-heading" className="max-w-2xl space-y-5">
      <h1 id="order-details-heading" className="text-2xl font-bold">
        {ORDER_DETAILS_TEXTS.heading}
      </h1>
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
      <FormProvider context={form.context}>
        <Form method="post" {...getFormProps(form)} className="space-y-6">
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
          {loaded.dealType === 'Cash' ? (
            <CashCoBuyerFields
              added={Boolean(loaded.coBuyer)}
              sameAddress={loaded.coBuyer?.sameAddressAsBuyer ?? true}
            />
          ) : null}
          <button type="submit" className={primaryButton} disabled={busy}>
            {ORDER_DETAILS_TEXTS.continueTo(loaded.nextLabel)}
          </button>
        </Form>
      </FormProvider>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = (args) => checkoutMeta(args, ORDER_DETAILS_TEXTS.heading);
