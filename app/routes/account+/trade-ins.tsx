import { titledMeta } from '~/lib/meta';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { ConfirmForm, ConfirmStep } from '~/components/trade-in/ui';
import { ApiError } from '~/lib/api.server';
import { fetchCurrentCart, getCheckoutContext } from '~/lib/checkout/cart.server';
import { TRADE_IN_ERROR_CODES, type TradeInOffer } from '~/lib/contract/trade-in';
import { logger } from '~/lib/shared/logger.server';
import { formatMiles, formatUsd } from '~/lib/shared/money';
import {
  applyOffer,
  deleteOffer,
  formatOfferDate,
  formatReadyAt,
  isApiCode,
  listOffers,
  refreshOffer,
  unapplyOffer,
} from '~/lib/trade-in/flow.server';
import { STATUS_LABELS, TRADE_IN_FIELD_MESSAGES, TRADE_IN_TEXTS as T } from '~/lib/trade-in/messages';
import { primaryButton, secondaryButton } from '~/components/ui/button';
import { isOneOf, keysOf } from '~/lib/shared/guards';

// /account/trade-ins (seed 002 §4, §9): the shopper's offers with status, value and expiry, and
// their actions: apply to the purchase (with the tax question), remove from it, delete (both
// confirmed), get a new offer for an expired one, and the payoff quote. The account layout
// already requires a signed-in shopper.

export const meta: MetaFunction = ({ matches }) => titledMeta(matches, 'Trade-ins');

const DONE = { applied: T.applied, deleted: T.deleted, removed: T.removed, refreshed: T.refreshed } as const;
type Done = keyof typeof DONE;
const INTENTS = ['apply', 'delete', 'remove', 'refresh'] as const;
type Intent = (typeof INTENTS)[number];

export async function loader({ request, context: loadContext }: LoaderFunctionArgs) {
  const context = await getCheckoutContext(request, loadContext);
  const [offers, cart] = await Promise.all([listOffers(context.api), fetchCurrentCart(context).catch(() => null)]);
  const done = new URL(request.url).searchParams.get('done');
  const openCart = cart?.vehicle && cart.placement.status === 'NOT_PLACED' ? cart : null;
  return {
    notice: isOneOf(keysOf(DONE), done) ? DONE[done] : null,
    cartTradeInId: openCart?.tradeIn?.offerId ?? null,
    hasCart: Boolean(openCart),
    offers: offers.map((offer) => view(offer, context.tenant.timeZone)),
  };
}

function view(offer: TradeInOffer, timeZone: string) {
  return {
    id: offer.id,
    title: `${offer.year} ${offer.make} ${offer.model} ${offer.trim}`,
    vin: offer.vin,
    mileage: formatMiles(offer.mileage),
    status: offer.status,
    statusLabel: STATUS_LABELS[offer.status],
    value: offer.offerCents === null ? null : formatUsd(offer.offerCents),
    payoff: offer.hasLoan ? formatUsd(offer.payoffCents) : null,
    payoffSource: offer.payoff?.source ?? null,
    equity: offer.equityCents === null || !offer.hasLoan ? null : formatUsd(offer.equityCents),
    expires: offer.expiresAt ? formatOfferDate(offer.expiresAt, timeZone) : null,
    removeOn: offer.removeAt ? formatOfferDate(offer.removeAt, timeZone) : null,
    ready: offer.status === 'pending' && offer.readyAt ? formatReadyAt(offer.readyAt, timeZone) : null,
    hasLoan: offer.hasLoan,
  };
}

type ActionData = { confirming?: { intent: Intent; id: string; returnTo?: string }; error?: string };

/** Where an action posted from another page (the cart) sends the shopper back. */
const RETURN_TO = ['/checkout/cart'];

export async function action({ request, context: loadContext }: ActionFunctionArgs) {
  const form = await request.formData();
  const intent = form.get('intent');
  const id = String(form.get('id') ?? '');
  if (!isOneOf(INTENTS, intent) || !id) throw data(null, { status: 400 });
  const confirmed = form.get('confirmed');
  const returnTo = RETURN_TO.find((path) => path === form.get('returnTo'));
  // Without JavaScript the first post asks the question as a step (with JS a dialog asked it).
  if (intent !== 'refresh' && confirmed !== 'yes' && confirmed !== 'no')
    return data<ActionData>({ confirming: { intent, id, returnTo } });
  if (confirmed === 'no' && intent !== 'apply') return redirect(returnTo ?? '/account/trade-ins');
  const context = await getCheckoutContext(request, loadContext);
  try {
    if (intent === 'delete') await deleteOffer(context.api, id);
    if (intent === 'remove') await unapplyOffer(context.api, id);
    if (intent === 'refresh') await refreshOffer(context.api, id);
    if (intent === 'apply') {
      const cart = await fetchCurrentCart(context);
      if (!cart?.vehicle) return data<ActionData>({ error: T.noCart }, { status: 409 });
      await applyOffer(context.api, id, { cartId: cart.id, taxCredit: confirmed === 'yes' });
      return redirect('/checkout/cart');
    }
  } catch (error) {
    if (isApiCode(error, TRADE_IN_ERROR_CODES.onePerPurchase))
      return data<ActionData>({ error: T.onePerPurchase }, { status: 409 });
    if (error instanceof ApiError && error.status < 500)
      return data<ActionData>({ error: error.message }, { status: error.status });
    logger.warn({ err: error, intent }, 'trade-ins: an action failed');
    return data<ActionData>({ error: TRADE_IN_FIELD_MESSAGES.unavailable }, { status: 503 });
  }
  const done: Record<Intent, Done> = { apply: 'applied', delete: 'deleted', remove: 'removed', refresh: 'refreshed' };
  return redirect(returnTo ?? `/account/trade-ins?done=${done[intent]}`);
}

const CONFIRMS = {
  delete: { title: T.deleteTitle, body: T.deleteBody, choices: [{ value: 'yes', label: T.confirmDelete }] },
  remove: { title: T.removeTitle, body: T.removeBody, choices: [{ value: 'yes', label: T.confirmRemove }] },
  apply: {
    title: T.taxTitle,
    body: T.taxBody,
    choices: [
      { value: 'yes', label: T.taxYes },
      { value: 'no', label: T.taxNo },
    ],
  },
} as const;

export default function AccountTradeIns() {
  const { offers, notice, hasCart, cartTradeInId } = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const asked = acted?.confirming;
  const confirming =
    asked && asked.intent !== 'refresh' ? { intent: asked.intent, id: asked.id, returnTo: asked.returnTo } : null;
  return (
    <section aria-labelledby="account-section-title" data-testid="account-trade-ins">
      <h2 id="account-section-title" className="mb-2 text-xl font-semibold">
        {T.accountHeading}
      </h2>
      {notice ? (
        <p
          role="status"
          className="mb-4 rounded-tenant border-l-4 border-green-700 bg-green-50 p-3 text-sm text-green-900"
        >
          {notice}
        </p>
      ) : null}
      {acted?.error ? (
        <p role="alert" className="mb-4 rounded-tenant border-l-4 border-red-700 bg-red-50 p-3 text-sm text-red-900">
          {acted.error}
        </p>
      ) : null}
      {confirming ? (
        <div className="mb-4">
          <ConfirmStep
            intent={confirming.intent}
            id={confirming.id}
            returnTo={confirming.returnTo}
            cancelHref={confirming.returnTo ?? '/account/trade-ins'}
            testId={`trade-in-${confirming.intent}-confirm`}
            {...CONFIRMS[confirming.intent]}
          />
        </div>
      ) : null}
      {offers.length === 0 ? (
        <>
          <p className="mb-4">{T.accountEmpty}</p>
          <Link to="/trade-in" className={primaryButton}>
            {T.getAnOffer}
          </Link>
        </>
      ) : (
        <ul className="space-y-4">
          {offers.map((offer) => (
            <li
              key={offer.id}
              className="rounded-tenant border border-gray-300 p-4"
              data-testid="trade-in-offer"
              data-status={offer.status}
            >
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 className="text-lg font-bold">{offer.title}</h3>
                <span
                  className="rounded-tenant bg-black/5 px-2 py-1 text-sm font-semibold"
                  data-testid="trade-in-status"
                >
                  {offer.statusLabel}
                </span>
              </div>
              <p className="text-sm">
                VIN {offer.vin} · {offer.mileage}
              </p>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
                {offer.value ? (
                  <>
                    <dt>{T.offerLabel}</dt>
                    <dd className="font-semibold" data-testid="trade-in-value">
                      {offer.value}
                    </dd>
                  </>
                ) : null}
                {offer.payoff ? (
                  <>
                    <dt>{T.payoffLabel}</dt>
                    <dd>
                      {offer.payoff}
                      {offer.payoffSource === 'estimate'
                        ? ' (estimate)'
                        : offer.payoffSource === 'quote'
                          ? ' (lender quote)'
                          : ' (your estimate)'}
                    </dd>
                  </>
                ) : null}
                {offer.equity ? (
                  <>
                    <dt>{T.equityLabel}</dt>
                    <dd>{offer.equity}</dd>
                  </>
                ) : null}
                {offer.ready ? (
                  <>
                    <dt>Ready</dt>
                    <dd>{offer.ready}</dd>
                  </>
                ) : null}
                {offer.expires ? (
                  <>
                    <dt>{offer.status === 'expired' ? 'Expired' : 'Expires'}</dt>
                    <dd data-testid="trade-in-expires">{offer.expires}</dd>
                  </>
                ) : null}
                {offer.status === 'expired' && offer.removeOn ? (
                  <>
                    <dt>Removed on</dt>
                    <dd>{offer.removeOn}</dd>
                  </>
                ) : null}
              </dl>
              <div className="mt-3 flex flex-wrap gap-3">
                {(offer.status === 'available' || offer.status === 'proposed') && hasCart && cartTradeInId === null ? (
                  <ConfirmForm
                    intent="apply"
                    id={offer.id}
                    label={T.apply}
                    testId="trade-in-apply"
                    {...CONFIRMS.apply}
                  />
                ) : null}
                {offer.status === 'applied' ? (
                  <ConfirmForm
                    intent="remove"
                    id={offer.id}
                    label={T.remove}
                    testId="trade-in-remove"
                    {...CONFIRMS.remove}
                  />
                ) : null}
                {offer.status === 'expired' ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="refresh" />
                    <input type="hidden" name="id" value={offer.id} />
                    <button type="submit" className={secondaryButton}>
                      {T.refresh}
                    </button>
                  </Form>
                ) : null}
                {offer.hasLoan && offer.status !== 'expired' && offer.status !== 'pending' ? (
                  <Link to={`/account/trade-ins/${offer.id}/payoff`} className={secondaryButton}>
                    {T.getPayoff}
                  </Link>
                ) : null}
                <ConfirmForm
                  intent="delete"
                  id={offer.id}
                  label={T.delete}
                  testId="trade-in-delete"
                  {...CONFIRMS.delete}
                />
              </div>
              {(offer.status === 'available' || offer.status === 'proposed') && !hasCart ? (
                <p className="mt-2 text-sm">{T.noCart}</p>
              ) : null}
              {(offer.status === 'available' || offer.status === 'proposed') && hasCart && cartTradeInId !== null ? (
                <p className="mt-2 text-sm" data-testid="trade-in-one-per-purchase">
                  {T.onePerPurchase}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
