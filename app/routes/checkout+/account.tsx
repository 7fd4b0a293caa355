import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { ApiError } from '~/lib/api.server';
import { cartErrorMessage, claimCart, requireStep, updateCart } from '~/lib/checkout/cart.server';
import { checkoutMeta } from '~/lib/checkout/meta';
import { nextStep, stepPath } from '~/lib/checkout/steps';
// The labels without the contract's schemas (zod), which the page's JavaScript does not need.
import { CHECKOUT_STEP_LABELS } from '~/lib/contract/checkout-constants';
import { primaryButton, secondaryButton } from '~/components/ui/button';

// Account (seed 002 §1-2). A signed-in shopper sees who they are and continues: the session
// cart becomes theirs (POST …/claim), so they can resume on any device. A signed-out shopper
// signs in or creates an account and comes back here (redirectTo). Every purchase needs an
// account: seed 002 §1 asks for one to pay cash or finance, and the order tracker, the
// contract and the receipt all belong to the shopper who signs in.

export const ACCOUNT_TEXTS = {
  heading: CHECKOUT_STEP_LABELS.account,
  signedInAs: 'You are signed in as',
  continue: `Continue to ${CHECKOUT_STEP_LABELS['order-details']}`,
  signedOutIntro:
    'Sign in or create an account to place your order, follow it in the order tracker and resume your purchase on any device.',
  accountNeeded: 'An account is needed to buy, finance or lease a vehicle.',
  signIn: 'Sign in',
  signUp: 'Create account',
} as const;

export async function loader({ request, context: loadContext }: LoaderFunctionArgs) {
  const context = await requireStep(request, loadContext, 'account');
  const { cart, shopper } = context;
  const query = new URLSearchParams({ redirectTo: '/checkout/account' }).toString();
  return data({
    shopper: shopper ? { firstName: shopper.firstName, lastName: shopper.lastName, email: shopper.email } : null,
    dealType: cart.dealType,
    links: { signIn: `/sign-in?${query}`, signUp: `/sign-up?${query}` },
  });
}

export async function action({ request, context: loadContext }: ActionFunctionArgs) {
  const form = await request.formData();
  const intent = form.get('intent');
  if (intent !== 'continue') throw data(null, { status: 400 });
  const context = await requireStep(request, loadContext, 'account');
  const { cart, shopper, tenant } = context;
  if (!shopper) return redirect(`/sign-in?${new URLSearchParams({ redirectTo: '/checkout/account' })}`);
  const next = nextStep('account', cart.dealType) ?? 'order-details';
  try {
    if (shopper && !cart.ownedByShopper) await claimCart(context, cart.id);
    await updateCart(context, cart.id, { completeStep: 'account', step: next });
  } catch (error) {
    const status = error instanceof ApiError && error.status < 500 ? error.status : 503;
    return data({ error: cartErrorMessage(error, tenant) }, { status });
  }
  return redirect(stepPath(next));
}

export default function Account() {
  const loaded = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  return (
    <section aria-labelledby="account-heading" className="max-w-2xl space-y-5">
      <h1 id="account-heading" className="text-2xl font-bold">
        {ACCOUNT_TEXTS.heading}
      </h1>
      {acted?.error ? (
        <p
          role="alert"
          className="rounded-tenant border-l-4 border-red-700 bg-red-50 p-3 text-sm text-red-900"
          data-testid="account-error"
        >
          {acted.error}
        </p>
      ) : null}
      {loaded.shopper ? (
        <div className="space-y-4" data-testid="account-signed-in">
          <p>
            {ACCOUNT_TEXTS.signedInAs}{' '}
            <span className="font-semibold">
              {loaded.shopper.firstName} {loaded.shopper.lastName}
            </span>{' '}
            (<span data-testid="account-email">{loaded.shopper.email}</span>).
          </p>
          <Form method="post">
            <input type="hidden" name="intent" value="continue" />
            <button type="submit" className={primaryButton} disabled={busy}>
              {ACCOUNT_TEXTS.continue}
            </button>
          </Form>
        </div>
      ) : (
        <div className="space-y-4" data-testid="account-signed-out">
          <p>{ACCOUNT_TEXTS.signedOutIntro}</p>
          <p className="font-semibold">{ACCOUNT_TEXTS.accountNeeded}</p>
          <div className="flex flex-wrap gap-3">
            <Link to={loaded.links.signIn} className={primaryButton}>
              {ACCOUNT_TEXTS.signIn}
            </Link>
            <Link to={loaded.links.signUp} className={secondaryButton}>
              {ACCOUNT_TEXTS.signUp}
            </Link>
          </div>
        </div>
      )}
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = (args) => checkoutMeta(args, ACCOUNT_TEXTS.heading);
