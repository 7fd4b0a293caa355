import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useState } from 'react';
import { useHydrated } from '~/components/hydrated';
import { callApi } from '~/lib/api.server';
import { endpoints } from '~/lib/contract/endpoints';
import { cartErrorMessage, requireCart, updateCart, type CartContext } from '~/lib/checkout/cart.server';
import { type Cart, type LenderDecision } from '~/lib/contract/checkout';
import { stepPath } from '~/lib/checkout/steps';
import { logger } from '~/lib/shared/logger.server';
import { formatApr, formatTerm, formatUsdWithCents } from '~/lib/shared/money';
import { checkoutMeta } from '~/lib/checkout/meta';
import { Notice } from '~/components/ui/alert-bar';
import { SubmitButton, secondaryButton } from '~/components/ui/button';
import { Dialog, preloadDialog } from '~/components/ui/dialog';

// The lender's answer to the credit application (seed 002 §2, §4 Loan decision). Approved: the
// terms, Accept (on to the Overview) or Decline (after a confirmation: a dialog with JavaScript,
// a confirmation step rendered by the server without it; then the declined page). Pending shows
// 'approved for financing' and goes on to the Overview; the order is then 'application received'.

const INTENTS = ['accept', 'decline', 'continue'] as const;

function firstOpenApplicationStep(cart: Cart): string {
  const application = cart.creditApplication;
  const open = application?.steps.find((step) => !application.completed.includes(step));
  return open ? `/checkout/credit-application/${open}` : stepPath('credit-application');
}

/** The decision page's redirects: no decision yet, a declined one, or an answer already given. */
function decisionRedirect(cart: Cart): string | null {
  if (cart.dealType === 'Cash') return stepPath('overview');
  const { decision } = cart;
  if (!decision) return firstOpenApplicationStep(cart);
  if (decision.status === 'DECLINED' || decision.shopperAnswer === 'declined') return '/checkout/decision/declined';
  if (decision.shopperAnswer === 'accepted') return stepPath('overview');
  return null;
}

export async function loader({ request, context: loadContext }: LoaderFunctionArgs) {
  const context = await requireCart(request, loadContext);
  const target = decisionRedirect(context.cart);
  if (target) throw redirect(target);
  const decision = requireDecision(context.cart);
  const confirmDecline =
    decision.status === 'APPROVED' && new URL(request.url).searchParams.get('confirm') === 'decline';
  return data(
    { decision, dealType: context.cart.dealType, confirmDecline },
    { headers: { 'cache-control': 'no-store' } },
  );
}

/** The lender's decision; decisionRedirect has sent away every cart without one, so its absence is a bug. */
function requireDecision(cart: Cart): LenderDecision {
  if (!cart.decision) throw new Error('decision page reached without a lender decision');
  return cart.decision;
}

/** The Overview needs the credit application marked done; the API may have done it already. */
async function openOverview(context: CartContext, cart: Cart): Promise<void> {
  if (cart.completedSteps.includes('credit-application') && cart.step === 'overview') return;
  await updateCart(context, cart.id, { completeStep: 'credit-application', step: 'overview' });
}

export async function action({ request, context: loadContext }: ActionFunctionArgs) {
  const form = await request.formData();
  const intent = INTENTS.find((candidate) => candidate === form.get('intent'));
  if (!intent) throw data({ message: 'Choose Accept or Decline.' }, { status: 400 });
  const context = await requireCart(request, loadContext);
  const target = decisionRedirect(context.cart);
  if (target) return redirect(target);
  const decision = requireDecision(context.cart);
  try {
    if (intent === 'continue' || (decision.status === 'PENDING' && intent === 'accept')) {
      await openOverview(context, context.cart);
      return redirect(stepPath('overview'));
    }
    if (decision.status !== 'APPROVED') return redirect('/checkout/decision');
    const answer = intent === 'accept' ? 'accepted' : 'declined';
    const result = await callApi(context.api, endpoints.checkout.answerDecision, {
      params: { cartId: context.cart.id },
      json: { answer },
    });
    if (!result) return data(null, { status: 499 });
    if (answer === 'declined') return redirect('/checkout/decision/declined');
    await openOverview(context, result.data);
    return redirect(stepPath('overview'));
  } catch (error) {
    if (error instanceof Response) throw error;
    logger.warn({ intent }, 'checkout: answering the lender decision failed');
    return data({ intent, error: cartErrorMessage(error, context.tenant) }, { status: 502 });
  }
}

function Terms({ decision, dealType }: { decision: LenderDecision; dealType: Cart['dealType'] }) {
  const rows: Array<[string, string]> = [];
  if (decision.lenderName) rows.push(['Lender', decision.lenderName]);
  if (decision.aprPercent !== null) rows.push(['APR', formatApr(decision.aprPercent)]);
  if (decision.termMonths !== null) rows.push(['Term', formatTerm(decision.termMonths)]);
  if (decision.monthlyPaymentCents !== null)
    rows.push(['Monthly payment', formatUsdWithCents(decision.monthlyPaymentCents)]);
  if (decision.financedCents !== null)
    rows.push([dealType === 'Lease' ? 'Amount leased' : 'Financed amount', formatUsdWithCents(decision.financedCents)]);
  if (rows.length === 0) return null;
  return (
    <dl
      className="grid max-w-md grid-cols-[1fr_auto] gap-x-6 gap-y-1 rounded-tenant border border-black/15 p-4"
      data-testid="lender-terms"
    >
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt>{label}</dt>
          <dd className="text-right font-semibold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const DECLINE_WARNING =
  'If you decline, this offer ends and your order will not go ahead with this financing. You can start again from the vehicle page.';

/** The confirmation's body: in the dialog (JavaScript) or as a step of the page (without). */
function DeclineConfirmation({ busy, onKeep }: { busy: boolean; onKeep?: () => void }) {
  return (
    <>
      <p>{DECLINE_WARNING}</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Form method="post" replace>
          <SubmitButton value="decline" loading={busy}>
            Yes, decline offer
          </SubmitButton>
        </Form>
        {onKeep ? (
          <button type="button" className={secondaryButton} onClick={onKeep}>
            Keep my offer
          </button>
        ) : (
          <Link to="/checkout/decision" replace preventScrollReset className={secondaryButton}>
            Keep my offer
          </Link>
        )}
      </div>
    </>
  );
}

export default function CheckoutDecision() {
  const { decision, dealType, confirmDecline } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [dialogOpen, setDialogOpen] = useState(false);
  const busyWith = navigation.state !== 'idle' ? navigation.formData?.get('intent') : null;

  if (decision.status === 'PENDING') {
    return (
      <div className="flex flex-col gap-4" data-testid="decision-pending">
        <h1 className="text-2xl font-bold">You're approved for financing</h1>
        <p>
          {decision.lenderName ? `${decision.lenderName} is` : 'The lender is'} finishing its review of your
          application. You can place your order now: we'll let you know as soon as the lender's review is complete, and
          your order will show as application received until then.
        </p>
        <Terms decision={decision} dealType={dealType} />
        {reply?.error ? <Notice kind="error">{reply.error}</Notice> : null}
        <Form method="post">
          <SubmitButton value="continue" loading={busyWith === 'continue'}>
            Continue to overview
          </SubmitButton>
        </Form>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4" data-testid="decision-approved">
      <h1 className="text-2xl font-bold">Congratulations, you're approved</h1>
      <p>Here are the terms your lender offers. Accept them to review and place your order, or decline them.</p>
      <Terms decision={decision} dealType={dealType} />
      {reply?.error ? <Notice kind="error">{reply.error}</Notice> : null}
      {confirmDecline ? (
        <section
          aria-labelledby="decline-heading"
          className="rounded-tenant border border-black/15 p-4"
          data-testid="decline-confirmation"
        >
          <h2 id="decline-heading" className="text-lg font-semibold">
            Decline this offer?
          </h2>
          <DeclineConfirmation busy={busyWith === 'decline'} />
        </section>
      ) : (
        <div className="flex flex-wrap gap-3">
          <Form method="post">
            <SubmitButton value="accept" loading={busyWith === 'accept'}>
              Accept
            </SubmitButton>
          </Form>
          <Link
            to="?confirm=decline"
            preventScrollReset
            className={secondaryButton}
            onPointerEnter={preloadDialog}
            onPointerDown={preloadDialog}
            onFocus={preloadDialog}
            onClick={(event) => {
              if (!hydrated) return;
              event.preventDefault();
              setDialogOpen(true);
            }}
          >
            Decline
          </Link>
        </div>
      )}
      {/* The kit's dialog: Headless UI loads on the first intent on Decline (decision 046). */}
      <Dialog
        open={dialogOpen}
        onClose={() => setDialogOpen(false)}
        title="Decline this offer?"
        testId="decline-dialog"
      >
        <DeclineConfirmation busy={busyWith === 'decline'} onKeep={() => setDialogOpen(false)} />
      </Dialog>
    </div>
  );
}

export const meta: MetaFunction = (args) => checkoutMeta(args, 'Your financing decision');
