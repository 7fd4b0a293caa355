import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { CompareTable, PlanCard, ProtectionFaq } from '~/components/checkout/protection-plans';
import { ApiError } from '~/lib/api.server';
import {
  cartErrorMessage,
  chooseProtection,
  ensureShopperCart,
  getProtectionPlans,
  requireStep,
  updateCart,
  type CartContext,
} from '~/lib/checkout/cart.server';
import { CHECKOUT_MESSAGES, checkoutMessage } from '~/lib/checkout/messages';
import { checkoutMeta } from '~/lib/checkout/meta';
import { planIdsAfterAdding, planIdsAfterRemoving, plansFor } from '~/lib/checkout/protection';
import { nextStep, stepPath } from '~/lib/checkout/steps';
import type { ProtectionPlan } from '~/lib/contract/checkout';
// The labels without the contract's schemas (zod), which the page's JavaScript does not need.
import { CHECKOUT_STEP_LABELS } from '~/lib/contract/checkout-constants';
import { logger } from '~/lib/shared/logger.server';
import { linkButton, primaryButton, secondaryButton } from '~/components/ui/button';
import { requireActiveSession } from '~/lib/inactivity.server';
import { isOneOf } from '~/lib/shared/guards';

// Coverage (seed 002 §2 "Protection plans"): appearance, mechanical, both, and GAP, with
// details, a compare table and an FAQ; add, remove, or decline. Plans are for signed-in
// shoppers (seed 002 §1); a signed-out shopper gets a sign-in prompt that comes back here and
// may continue without. When the plans fail to load the page offers a retry; the attempt is
// counted in the URL (?attempt=2), so the second failure shows the seed's message and a way on.

export const COVERAGE_TEXTS = {
  heading: CHECKOUT_STEP_LABELS.coverage,
  intro: 'Protect your vehicle with a plan that fits how you drive. Add one, compare them, or continue without.',
  signIn: 'Sign in',
  signUp: 'Create account',
  signInPrompt: CHECKOUT_MESSAGES.protectionSignedOut,
  retry: 'Try again',
  decline: 'No thanks, continue without protection',
  continue: `Continue to ${CHECKOUT_STEP_LABELS.account}`,
  continueCheckout: 'Continue to checkout',
  none: CHECKOUT_MESSAGES.protectionNone,
  declined: 'You declined vehicle protection. You can still add a plan before you continue.',
} as const;

const MAX_ATTEMPTS = 2;

function readAttempt(url: URL): number {
  const value = Number(url.searchParams.get('attempt') ?? '1');
  return Number.isInteger(value) && value >= 1 ? Math.min(value, MAX_ATTEMPTS) : 1;
}

function signInLinks(redirectTo: string) {
  const query = new URLSearchParams({ redirectTo }).toString();
  return { signIn: `/sign-in?${query}`, signUp: `/sign-up?${query}` };
}

type Loaded =
  | { state: 'signed-out'; links: ReturnType<typeof signInLinks> }
  | { state: 'failed'; message: string; retryHref: string }
  | { state: 'failed-again'; message: string }
  | { state: 'ready'; plans: ProtectionPlan[] };

async function loadPlans(context: CartContext, attempt: number): Promise<Loaded> {
  const { cart, tenant } = context;
  if (!context.shopper) return { state: 'signed-out', links: signInLinks('/checkout/coverage') };
  try {
    // Plans are priced for the shopper's own cart: a session cart is claimed first.
    const owned = await ensureShopperCart(context);
    return { state: 'ready', plans: plansFor(await getProtectionPlans(owned, owned.cart.id), cart.dealType) };
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ApiError && error.status === 401)
      return { state: 'signed-out', links: signInLinks('/checkout/coverage') };
    logger.warn({ err: error, attempt }, 'coverage: protection plans did not load');
    if (attempt < MAX_ATTEMPTS)
      return {
        state: 'failed',
        message: checkoutMessage('protectionUnavailable', tenant),
        retryHref: `/checkout/coverage?attempt=${attempt + 1}`,
      };
    return { state: 'failed-again', message: checkoutMessage('protectionUnavailableAgain', tenant) };
  }
}

export async function loader({ request, context: loadContext }: LoaderFunctionArgs) {
  const context = await requireStep(request, loadContext, 'coverage');
  const loaded = await loadPlans(context, readAttempt(new URL(request.url)));
  const { cart } = context;
  const page: Loaded & { protection: typeof cart.protection; dealType: typeof cart.dealType; signedIn: boolean } = {
    ...loaded,
    protection: cart.protection,
    dealType: cart.dealType,
    signedIn: Boolean(context.shopper),
  };
  return data(page);
}

const INTENTS = ['add', 'remove', 'decline', 'continue'] as const;
type Intent = (typeof INTENTS)[number];

export type CoverageActionData = { intent: Intent; error: string };

export async function action({ request, context: loadContext }: ActionFunctionArgs) {
  // Session inactivity (issue 14): an idle shopper signs in again before the coverage changes.
  await requireActiveSession(request, loadContext, '/checkout/coverage');
  const form = await request.formData();
  const intent = form.get('intent');
  if (!isOneOf(INTENTS, intent)) throw data(null, { status: 400 });
  const context = await requireStep(request, loadContext, 'coverage');
  const { cart, tenant } = context;
  const next = nextStep('coverage', cart.dealType) ?? 'account';
  const owned = () => ensureShopperCart(context);
  const fail = (error: unknown) =>
    data({ intent, error: cartErrorMessage(error, tenant) } satisfies CoverageActionData, {
      status: error instanceof ApiError && error.status < 500 ? error.status : 503,
    });

  try {
    if (intent === 'add' || intent === 'remove') {
      if (!context.shopper) return redirect(signInLinks('/checkout/coverage').signIn);
      const shopperContext = await owned();
      const planId = String(form.get('planId') ?? '');
      let planIds: string[];
      if (intent === 'add') {
        const plan = plansFor(await getProtectionPlans(shopperContext, cart.id), cart.dealType).find(
          (item) => item.id === planId,
        );
        if (!plan) throw data(null, { status: 400 });
        planIds = planIdsAfterAdding(cart.protection.plans, plan);
      } else {
        planIds = planIdsAfterRemoving(cart.protection.plans, planId);
      }
      await chooseProtection(shopperContext, cart.id, { planIds, declined: false });
      return redirect('/checkout/coverage');
    }
    if (intent === 'decline') {
      if (context.shopper) await chooseProtection(await owned(), cart.id, { planIds: [], declined: true });
    }
    await updateCart(context, cart.id, { completeStep: 'coverage', step: next });
  } catch (error) {
    if (error instanceof Response) throw error;
    return fail(error);
  }
  return redirect(stepPath(next));
}

function ContinueForm({
  label,
  intent = 'continue',
  primary = true,
}: {
  label: string;
  intent?: Intent;
  primary?: boolean;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" className={primary ? primaryButton : secondaryButton} disabled={busy}>
        {label}
      </button>
    </Form>
  );
}

export default function Coverage() {
  const loaded = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const addedIds = new Set(loaded.protection.plans.map((plan) => plan.id));
  return (
    <section aria-labelledby="coverage-heading" className="space-y-6">
      <div>
        <h1 id="coverage-heading" className="text-2xl font-bold">
          {COVERAGE_TEXTS.heading}
        </h1>
        <p className="mt-1">{COVERAGE_TEXTS.intro}</p>
      </div>
      {acted?.error ? (
        <p
          role="alert"
          className="rounded-tenant border-l-4 border-red-700 bg-red-50 p-3 text-sm text-red-900"
          data-testid="coverage-error"
        >
          {acted.error}
        </p>
      ) : null}

      {loaded.state === 'signed-out' ? (
        <div className="space-y-4 rounded-tenant border border-black/15 p-4" data-testid="coverage-sign-in">
          <p className="font-semibold">{COVERAGE_TEXTS.signInPrompt}</p>
          <div className="flex flex-wrap gap-3">
            <Link to={loaded.links.signIn} className={primaryButton}>
              {COVERAGE_TEXTS.signIn}
            </Link>
            <Link to={loaded.links.signUp} className={secondaryButton}>
              {COVERAGE_TEXTS.signUp}
            </Link>
          </div>
          <ContinueForm label={COVERAGE_TEXTS.continue} primary={false} />
        </div>
      ) : null}

      {loaded.state === 'failed' ? (
        <div className="space-y-3" data-testid="coverage-failed">
          <p role="alert" className="rounded-tenant border-l-4 border-red-700 bg-red-50 p-3 text-red-900">
            {loaded.message}
          </p>
          <a href={loaded.retryHref} className={primaryButton}>
            {COVERAGE_TEXTS.retry}
          </a>
        </div>
      ) : null}

      {loaded.state === 'failed-again' ? (
        <div className="space-y-3" data-testid="coverage-failed-again">
          <p role="alert" className="rounded-tenant border-l-4 border-red-700 bg-red-50 p-3 text-red-900">
            {loaded.message}
          </p>
          <ContinueForm label={COVERAGE_TEXTS.continueCheckout} />
        </div>
      ) : null}

      {loaded.state === 'ready' ? (
        loaded.plans.length === 0 ? (
          <div className="space-y-3">
            <p>{COVERAGE_TEXTS.none}</p>
            <ContinueForm label={COVERAGE_TEXTS.continue} />
          </div>
        ) : (
          <>
            {loaded.protection.status === 'declined' ? (
              <p data-testid="coverage-declined">{COVERAGE_TEXTS.declined}</p>
            ) : null}
            <div className="grid gap-4 sm:grid-cols-2" data-testid="protection-plans">
              {loaded.plans.map((plan) => (
                <PlanCard key={plan.id} plan={plan} added={addedIds.has(plan.id)} />
              ))}
            </div>
            <div className="flex flex-wrap items-center gap-4">
              <ContinueForm label={COVERAGE_TEXTS.continue} />
              {addedIds.size === 0 && loaded.protection.status !== 'declined' ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="decline" />
                  <button type="submit" className={linkButton}>
                    {COVERAGE_TEXTS.decline}
                  </button>
                </Form>
              ) : null}
            </div>
            <CompareTable plans={loaded.plans} />
            <ProtectionFaq />
          </>
        )
      ) : null}
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = (args) => checkoutMeta(args, COVERAGE_TEXTS.heading);
