import { Form, Link, useNavigation, type useLoaderData } from '@remix-run/react';
import { ResultDialog } from '~/components/trade-in/ui';
import { primaryButton, secondaryButton } from '~/components/ui/button';
import { TRADE_IN_TEXTS as T } from '~/lib/trade-in/messages';
// eslint-disable-next-line no-restricted-imports -- types only: these are the route's own results, in a module of their own for their chunk (decision 055)
import type { loader } from '~/routes/_shop+/trade-in';

// The /trade-in flow's results (seed 002 §2 "Trade-in"): the offer (success, further review,
// ineligible or denied) with its save button, and the saved offer with the tax question. Islands
// of the route started when a page renders one (decision 055): the dialog, its texts and this
// code are not in the first JavaScript of the flow's other steps. The server renders them as a
// section; once hydrated they open as a dialog.

type TradeInLoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

export function Offer({
  view,
  signedIn,
}: {
  view: NonNullable<TradeInLoaderData['appraisalView']>;
  signedIn: boolean;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const save = (
    <div className="mt-4 space-y-2">
      {!signedIn ? <p className="text-sm">{T.signInNote}</p> : null}
      <Form method="post">
        <input type="hidden" name="intent" value="save" />
        <button type="submit" className={primaryButton} disabled={busy} data-testid="trade-in-save">
          {signedIn ? T.saveOffer : T.signInToSave}
        </button>
      </Form>
    </div>
  );
  if (view.outcome === 'instant') {
    return (
      <ResultDialog title={T.successTitle} testId="trade-in-success">
        <p data-testid="trade-in-offer-value">{T.successBody(view.value ?? '', view.expires)}</p>
        {save}
      </ResultDialog>
    );
  }
  if (view.outcome === 'review') {
    return (
      <ResultDialog title={T.reviewTitle} testId="trade-in-review">
        <p>{T.reviewBody(view.ready ?? '')}</p>
        <ul className="mt-2 list-disc pl-5">
          {view.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
        {save}
      </ResultDialog>
    );
  }
  return (
    <ResultDialog title={view.outcome === 'denied' ? T.deniedTitle : T.ineligibleTitle} testId="trade-in-ineligible">
      {view.reasons.map((reason) => (
        <p key={reason}>{reason}</p>
      ))}
    </ResultDialog>
  );
}

export function Saved({
  offer,
  canApply,
  cartHasTradeIn,
  email,
  alert,
}: {
  offer: NonNullable<TradeInLoaderData['offer']>;
  canApply: boolean;
  cartHasTradeIn: boolean;
  email: string | null;
  alert?: string;
}) {
  if (offer.status === 'pending') {
    return (
      <ResultDialog title={T.checkEmailTitle} testId="trade-in-check-email">
        <p>{T.checkEmailBody(email ?? 'you')}</p>
        <p className="mt-2">{T.reviewBody(offer.ready ?? '')}</p>
        <Link to="/account/trade-ins" className={`${secondaryButton} mt-4`}>
          {T.viewOffers}
        </Link>
      </ResultDialog>
    );
  }
  return (
    <ResultDialog
      title={canApply ? T.taxTitle : T.savedTitle}
      testId={canApply ? 'trade-in-tax-question' : 'trade-in-saved'}
    >
      {alert ? (
        <p role="alert" className="mb-2 rounded-tenant border-l-4 border-red-700 bg-red-50 p-3 text-sm text-red-900">
          {alert}
        </p>
      ) : null}
      <p>{T.savedBody(offer.expires ?? '')}</p>
      {cartHasTradeIn && offer.applyToPurchase ? (
        <p className="mt-2" data-testid="trade-in-one-per-purchase">
          {T.onePerPurchase}
        </p>
      ) : null}
      {canApply ? (
        <>
          <p className="mt-2">{T.taxBody}</p>
          <Form method="post" className="mt-4 flex flex-wrap gap-3">
            <input type="hidden" name="intent" value="apply" />
            <button type="submit" name="confirmed" value="yes" className={primaryButton}>
              {T.taxYes}
            </button>
            <button type="submit" name="confirmed" value="no" className={secondaryButton}>
              {T.taxNo}
            </button>
          </Form>
        </>
      ) : null}
      <Link to="/account/trade-ins" className={`${secondaryButton} mt-4`}>
        {T.viewOffers}
      </Link>
    </ResultDialog>
  );
}
