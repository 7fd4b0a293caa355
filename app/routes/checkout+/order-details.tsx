import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { ApiError } from '~/lib/api.server';
import { cartErrorMessage, requireStep, updateCart } from '~/lib/checkout/cart.server';
import { readCoBuyer } from '~/lib/shared/co-buyer';
import { getCartTermsSetup, readCartTermsForm } from '~/lib/checkout/deal-terms.server';
import { orderDetailsSchema } from '~/lib/checkout/order-details';
import { ORDER_DETAILS_TEXTS } from '~/lib/checkout/order-details-texts';
import { serverOrderDetailsSchema } from '~/lib/checkout/order-details.server';
import { checkoutMeta } from '~/lib/checkout/meta';
import { nextStep, stepPath } from '~/lib/checkout/steps';
import { CHECKOUT_ERROR_CODES, CHECKOUT_STEP_LABELS } from '~/lib/contract/checkout-constants';
import { deliveryOutOfRangeMessage } from '~/lib/shared/pricing/delivery';
import { getSession } from '~/lib/session.server';
import { requireActiveSession } from '~/lib/inactivity.server';
import { OrderDetailsForm } from '~/components/checkout/order-details-form';

// Order Details: delivery or pickup with the zip it is for (seed 002 §2), and the deal terms
// (down payment, term, annual miles) the shopper confirms before the credit application
// (finance, lease) or the overview (cash). Saved on the cart with the step completed, so the
// shopper resumes after it on any device.

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
    // The browser's constraints, from the schema the action checks with (decision 088: no zod in the browser).
    constraint: getZodConstraint(orderDetailsSchema),
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
  return (
    <section aria-labelledby="order-details-heading" className="max-w-2xl space-y-5">
      <h1 id="order-details-heading" className="text-2xl font-bold">
        {ORDER_DETAILS_TEXTS.heading}
      </h1>
      <OrderDetailsForm loaded={loaded} lastResult={acted?.result} />
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = (args) => checkoutMeta(args, ORDER_DETAILS_TEXTS.heading);
