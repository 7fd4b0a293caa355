import { Link } from '@remix-run/react';
import type { CartTradeIn as CartTradeInData } from '~/lib/contract/trade-in';
import type { DealType } from '~/lib/contract/orders';
import { formatUsdWithCents } from '~/lib/shared/money';
import { TRADE_IN_CART_TEXTS as T } from '~/lib/trade-in/cart-messages';
import type { SavedOffer } from '~/lib/checkout/cart-page';
import { TRADE_IN_TEXTS as A } from '~/lib/trade-in/messages';
import { ConfirmForm } from './ui';
import { secondaryButton } from '~/components/ui/button';

// The cart's trade-in (seed 002 §2 "Only one trade-in vehicle per purchase"): the applied
// offer, its payoff and equity, with remove (confirmed) and the payoff quote; or a way to get
// an offer. Removing posts to /account/trade-ins, which sends the shopper back here.

export function CartTradeIn({
  tradeIn,
  dealType,
  savedOffers = [],
}: {
  tradeIn: CartTradeInData | null | undefined;
  dealType: DealType;
  /** The shopper's saved offers that can be applied to this purchase. */
  savedOffers?: readonly SavedOffer[];
}) {
  const usd = formatUsdWithCents;
  return (
    <section aria-labelledby="cart-trade-in-heading" className="space-y-2" data-testid="cart-trade-in">
      <h2 id="cart-trade-in-heading" className="text-lg font-bold">
        {T.cartHeading}
      </h2>
      {tradeIn ? (
        <>
          <p className="font-semibold">
            {tradeIn.year} {tradeIn.make} {tradeIn.model} {tradeIn.trim}
          </p>
          <dl className="grid max-w-sm grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
            <dt>{T.offerLabel}</dt>
            <dd className="text-right tabular-nums">{usd(tradeIn.offerCents)}</dd>
            <dt>{T.payoffLabel}</dt>
            <dd className="text-right tabular-nums">-{usd(tradeIn.payoffCents)}</dd>
            <dt className="font-bold">{T.equityLabel}</dt>
            <dd className="text-right font-bold tabular-nums" data-testid="cart-trade-in-equity">
              {tradeIn.equityCents < 0 ? `-${usd(-tradeIn.equityCents)}` : usd(tradeIn.equityCents)}
            </dd>
          </dl>
          {tradeIn.equityCents < 0 ? (
            <p className="text-sm">{dealType === 'Cash' ? T.negativeEquityCash : T.negativeEquityNote}</p>
          ) : null}
          <div className="flex flex-wrap gap-3">
            <Link
              to={`/account/trade-ins/${tradeIn.offerId}/payoff?${new URLSearchParams({ returnTo: '/checkout/cart' })}`}
              className={secondaryButton}
            >
              {T.getPayoff}
            </Link>
            <ConfirmForm
              intent="remove"
              id={tradeIn.offerId}
              action="/account/trade-ins"
              returnTo="/checkout/cart"
              label={T.remove}
              title={T.removeTitle}
              body={T.removeBody}
              choices={[{ value: 'yes', label: T.confirmRemove }]}
              testId="cart-trade-in-remove"
            />
          </div>
        </>
      ) : (
        <>
          <p>{T.cartNone}</p>
          {savedOffers.length > 0 ? (
            <ul className="space-y-2" data-testid="cart-saved-offers">
              {savedOffers.map((offer) => (
                <li key={offer.id} className="flex flex-wrap items-center gap-3">
                  <span>
                    {offer.title} · offer {offer.value}
                  </span>
                  <ConfirmForm
                    intent="apply"
                    id={offer.id}
                    action="/account/trade-ins"
                    returnTo="/checkout/cart"
                    label={A.apply}
                    title={A.taxTitle}
                    body={A.taxBody}
                    choices={[
                      { value: 'yes', label: A.taxYes },
                      { value: 'no', label: A.taxNo },
                    ]}
                    testId="cart-trade-in-apply"
                  />
                </li>
              ))}
            </ul>
          ) : null}
          <Link to="/trade-in" className={secondaryButton}>
            {T.getAnOffer}
          </Link>
        </>
      )}
    </section>
  );
}
