import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { Field } from '~/components/ui/field';
import { ApiError } from '~/lib/api.server';
import { getCheckoutContext } from '~/lib/checkout/cart.server';
import { TRADE_IN_ERROR_CODES as E, type PayoffField } from '~/lib/contract/trade-in';
import { logger } from '~/lib/shared/logger.server';
import { formatUsd } from '~/lib/shared/money';
import { estimatePayoff, getOffer, isApiCode, matchLender, quotePayoff } from '~/lib/trade-in/flow.server';
import { parseLenderForm, parsePayoffDetails, type FieldErrors } from '~/lib/trade-in/forms';
import { PAYOFF_TEXTS as P, TRADE_IN_FIELD_MESSAGES } from '~/lib/trade-in/messages';
import { parseDollars } from '~/lib/shared/validation/money';
import { primaryButton, secondaryButton } from '~/components/ui/button';
import { isOneOf } from '~/lib/shared/guards';
import { safeRedirect } from '~/lib/safe-redirect';

// The payoff quote (seed 002 §2 "Payoff quote", §5, §8): start, lender input (the lender must be
// in the list; not-listed message and a suggestion), the fields that lender requires (account
// number last 4, last name, SSN last 4) with the VIN check, the summary and its verification,
// "enter an estimate instead", and the loan-not-found, failed-retrieval and technical-difficulties
// screens. Each screen is a form posting here (?screen=…), so it works without JavaScript. The
// SSN digits go to the API once; they are never logged, kept in a cookie or shown again.

export const meta: MetaFunction = () => [{ title: 'Payoff quote' }];

const SCREENS = ['start', 'lender', 'details', 'summary', 'estimate', 'not-found', 'failed', 'technical'] as const;
type Screen = (typeof SCREENS)[number];
const FIELD_LABELS: Record<PayoffField, string> = {
  accountLast4: P.accountLast4Label,
  lastName: P.lastNameLabel,
  ssnLast4: P.ssnLast4Label,
};

/** Where the payoff started from: the cart carries itself (a path on this site), else the offers. */
const OFFERS_PATH = '/account/trade-ins';

function returnToOf(value: FormDataEntryValue | string | null | undefined): string {
  return safeRedirect(value, OFFERS_PATH);
}

/** A screen of this payoff, carrying where to return to when it is not the offers page. */
function payoffHref(id: string, returnTo: string, query: Record<string, string> = {}): string {
  const search = new URLSearchParams(query);
  if (returnTo !== OFFERS_PATH) search.set('returnTo', returnTo);
  const text = search.toString();
  return `/account/trade-ins/${encodeURIComponent(id)}/payoff${text ? `?${text}` : ''}`;
}

function screenOf(url: URL): Screen {
  const screen = url.searchParams.get('screen');
  return isOneOf(SCREENS, screen) ? screen : 'start';
}

export async function loader({ request, params, context: loadContext }: LoaderFunctionArgs) {
  const context = await getCheckoutContext(request, loadContext);
  const url = new URL(request.url);
  let screen = screenOf(url);
  const offer = await getOffer(context.api, String(params.id)).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) throw data(null, { status: 404 });
    throw error;
  });
  const lenderName = url.searchParams.get('lender') ?? '';
  const match = screen === 'details' && lenderName ? await matchLender(context.api, lenderName) : null;
  if (screen === 'details' && !match?.lender) screen = 'lender';
  if (screen === 'summary' && !offer.payoff) screen = 'start';
  return {
    screen,
    returnTo: returnToOf(url.searchParams.get('returnTo')),
    offer: {
      id: offer.id,
      title: `${offer.year} ${offer.make} ${offer.model} ${offer.trim}`,
      value: offer.offerCents === null ? null : formatUsd(offer.offerCents),
      payoff: offer.payoff && {
        lender: offer.payoff.lender,
        balance: formatUsd(offer.payoff.balanceCents),
        source: offer.payoff.source,
        accountLast4: offer.payoff.accountLast4,
      },
      equity: offer.equityCents === null ? null : formatUsd(offer.equityCents),
    },
    lender: match?.lender ?? null,
    lenderName,
  };
}

type ActionData = { intent: string; errors: FieldErrors; values: Record<string, string>; suggestion?: string | null };

function invalid(intent: string, errors: FieldErrors, form: FormData, extra: Partial<ActionData> = {}, status = 422) {
  const values: Record<string, string> = {};
  // The SSN digits are never sent back to the page.
  for (const [key, value] of form.entries())
    if (typeof value === 'string' && key !== 'ssnLast4' && key !== 'intent') values[key] = value;
  return data({ intent, errors, values, ...extra } satisfies ActionData, { status });
}

export async function action({ request, params, context: loadContext }: ActionFunctionArgs) {
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const id = String(params.id);
  const returnTo = returnToOf(form.get('returnTo') ?? new URL(request.url).searchParams.get('returnTo'));
  const screenHref = (query: Record<string, string>) => payoffHref(id, returnTo, query);
  const context = await getCheckoutContext(request, loadContext);
  try {
    if (intent === 'lender') {
      const parsed = parseLenderForm(form);
      if (!parsed.ok) return invalid(intent, parsed.errors, form, {}, 400);
      const match = await matchLender(context.api, parsed.value.lender);
      if (!match.lender) return invalid(intent, { lender: P.lenderNotListed }, form, { suggestion: match.suggestion });
      return redirect(screenHref({ screen: 'details', lender: match.lender.name }));
    }
    if (intent === 'details') {
      const lenderName = String(form.get('lender') ?? '');
      const [offer, match] = await Promise.all([getOffer(context.api, id), matchLender(context.api, lenderName)]);
      if (!match.lender) return redirect(screenHref({ screen: 'lender' }));
      const parsed = parsePayoffDetails(form, match.lender.requires, offer.vin);
      if (!parsed.ok) return invalid(intent, parsed.errors, form);
      try {
        await quotePayoff(context.api, id, { lender: match.lender.name, ...parsed.value });
      } catch (error) {
        if (isApiCode(error, E.loanNotFound)) return redirect(screenHref({ screen: 'not-found' }));
        if (isApiCode(error, E.retrievalFailed)) return redirect(screenHref({ screen: 'failed' }));
        if (isApiCode(error, E.unavailable)) return redirect(screenHref({ screen: 'technical' }));
        if (isApiCode(error, E.vinMismatch)) return invalid(intent, { vin: P.vinMismatch }, form);
        throw error;
      }
      return redirect(screenHref({ screen: 'summary' }));
    }
    if (intent === 'estimate') {
      const text = String(form.get('estimate') ?? '').trim();
      const dollars = text ? parseDollars(text) : null;
      if (!text) return invalid(intent, { estimate: TRADE_IN_FIELD_MESSAGES.owedRequired }, form, {}, 400);
      if (dollars === null || dollars > 999_999)
        return invalid(intent, { estimate: TRADE_IN_FIELD_MESSAGES.owedInvalid }, form, {}, 400);
      await estimatePayoff(context.api, id, dollars * 100, null);
      return redirect(screenHref({ screen: 'summary' }));
    }
    if (intent === 'confirm') return redirect(returnTo);
  } catch (error) {
    if (error instanceof ApiError && error.status === 503) return redirect(screenHref({ screen: 'technical' }));
    logger.warn({ err: error, intent }, 'payoff: a step failed');
    return redirect(screenHref({ screen: 'technical' }));
  }
  throw data(null, { status: 400 });
}

function EstimateLink({ id, returnTo }: { id: string; returnTo: string }) {
  return (
    <Link
      to={payoffHref(id, returnTo, { screen: 'estimate' })}
      className={secondaryButton}
      data-testid="payoff-estimate-link"
    >
      {P.estimateInstead}
    </Link>
  );
}

export default function PayoffQuote() {
  const { screen, offer, lender, lenderName, returnTo } = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const errors = acted?.errors ?? {};
  const values = acted?.values ?? {};
  const screenHref = (query: Record<string, string>) => payoffHref(offer.id, returnTo, query);
  // Each form says where the payoff returns to, whatever address it posts to.
  const returnField = <input type="hidden" name="returnTo" value={returnTo} />;
  // The way back names where it goes: the offers, or the cart the payoff started from (issue 31).
  const back = returnTo === OFFERS_PATH ? P.done : P.backToCart;
  return (
    <section aria-labelledby="payoff-heading" className="space-y-4" data-testid="payoff" data-screen={screen}>
      <p className="text-sm">
        <Link to={returnTo} className="font-semibold text-primary underline">
          {back}
        </Link>
      </p>
      <p className="font-semibold">
        {offer.title}
        {offer.value ? ` · offer ${offer.value}` : ''}
      </p>

      {screen === 'start' ? (
        <>
          <h2 id="payoff-heading" className="text-xl font-semibold">
            {P.startHeading}
          </h2>
          <p>{P.startBody}</p>
          <div className="flex flex-wrap gap-3">
            <Link to={screenHref({ screen: 'lender' })} className={primaryButton}>
              {P.start}
            </Link>
            <EstimateLink id={offer.id} returnTo={returnTo} />
          </div>
        </>
      ) : null}

      {screen === 'lender' ? (
        <>
          <h2 id="payoff-heading" className="text-xl font-semibold">
            {P.startHeading}
          </h2>
          <Form method="post" noValidate className="space-y-2">
            {returnField}
            <input type="hidden" name="intent" value="lender" />
            <Field
              id="trade-in-lender"
              name="lender"
              autoComplete="off"
              label={P.lenderLabel}
              hint={P.lenderHint}
              maxLength={80}
              defaultValue={values.lender ?? lenderName}
              errors={errors.lender}
            />
            <button type="submit" className={primaryButton}>
              {P.start}
            </button>
          </Form>
          {acted?.suggestion ? (
            <Form method="post" className="flex flex-wrap items-center gap-3" data-testid="payoff-suggestion">
              {returnField}
              <p>{P.suggestion(acted.suggestion)}</p>
              <input type="hidden" name="intent" value="lender" />
              <input type="hidden" name="lender" value={acted.suggestion} />
              <button type="submit" className={secondaryButton}>
                {P.pickSuggestion(acted.suggestion)}
              </button>
            </Form>
          ) : null}
          {errors.lender ? <EstimateLink id={offer.id} returnTo={returnTo} /> : null}
        </>
      ) : null}

      {screen === 'details' && lender ? (
        <>
          <h2 id="payoff-heading" className="text-xl font-semibold">
            {P.detailsHeading(lender.name)}
          </h2>
          <Form method="post" noValidate className="space-y-2" autoComplete="off">
            {returnField}
            <input type="hidden" name="intent" value="details" />
            <input type="hidden" name="lender" value={lender.name} />
            {lender.requires.map((field) => (
              <Field
                key={field}
                id={`trade-in-${field}`}
                name={field}
                autoComplete="off"
                label={FIELD_LABELS[field]}
                inputMode={field === 'lastName' ? 'text' : 'numeric'}
                maxLength={field === 'lastName' ? 25 : 4}
                defaultValue={field === 'ssnLast4' ? undefined : values[field]}
                errors={errors[field]}
              />
            ))}
            <Field
              id="trade-in-vin"
              name="vin"
              label={P.vinLabel}
              maxLength={17}
              autoComplete="off"
              defaultValue={values.vin}
              errors={errors.vin}
            />
            <button type="submit" className={primaryButton}>
              {P.getQuote}
            </button>
          </Form>
          <EstimateLink id={offer.id} returnTo={returnTo} />
        </>
      ) : null}

      {screen === 'summary' && offer.payoff ? (
        <>
          <h2 id="payoff-heading" className="text-xl font-semibold">
            {offer.payoff.source === 'quote' ? P.summaryHeading : P.estimateHeading}
          </h2>
          <dl className="grid max-w-sm grid-cols-[1fr_auto] gap-x-4 gap-y-1" data-testid="payoff-summary">
            {offer.payoff.lender ? (
              <>
                <dt>{P.lenderLabel}</dt>
                <dd className="text-right">{offer.payoff.lender}</dd>
              </>
            ) : null}
            {offer.payoff.accountLast4 ? (
              <>
                <dt>Account</dt>
                <dd className="text-right">••••{offer.payoff.accountLast4}</dd>
              </>
            ) : null}
            <dt>Payoff</dt>
            <dd className="text-right font-semibold" data-testid="payoff-balance">
              {offer.payoff.balance}
            </dd>
            {offer.equity ? (
              <>
                <dt>Equity</dt>
                <dd className="text-right font-semibold">{offer.equity}</dd>
              </>
            ) : null}
          </dl>
          {offer.payoff.source === 'quote' ? (
            <div
              role="group"
              aria-labelledby="payoff-verify-heading"
              className="space-y-2 rounded-tenant border-2 border-primary p-4"
            >
              <h3 id="payoff-verify-heading" className="font-bold">
                {P.verificationHeading}
              </h3>
              <p>{P.verificationBody}</p>
              <div className="flex flex-wrap gap-3">
                <Form method="post">
                  {returnField}
                  <input type="hidden" name="intent" value="confirm" />
                  <button type="submit" className={primaryButton}>
                    {P.confirm}
                  </button>
                </Form>
                <EstimateLink id={offer.id} returnTo={returnTo} />
              </div>
            </div>
          ) : (
            <Link to={returnTo} className={primaryButton}>
              {back}
            </Link>
          )}
        </>
      ) : null}

      {screen === 'estimate' ? (
        <>
          <h2 id="payoff-heading" className="text-xl font-semibold">
            {P.estimateHeading}
          </h2>
          <Form method="post" noValidate className="space-y-2">
            {returnField}
            <input type="hidden" name="intent" value="estimate" />
            <Field
              id="trade-in-estimate"
              name="estimate"
              autoComplete="off"
              label={P.estimateLabel}
              hint={P.estimateHint}
              inputMode="decimal"
              maxLength={12}
              defaultValue={values.estimate}
              errors={errors.estimate}
            />
            <button type="submit" className={primaryButton}>
              {P.saveEstimate}
            </button>
          </Form>
        </>
      ) : null}

      {screen === 'not-found' || screen === 'failed' || screen === 'technical' ? (
        <>
          <h2 id="payoff-heading" className="text-xl font-semibold">
            {screen === 'not-found' ? P.notFoundHeading : screen === 'failed' ? P.failedHeading : P.technicalHeading}
          </h2>
          <p role="alert">
            {screen === 'not-found' ? P.notFoundBody : screen === 'failed' ? P.failedBody : P.technicalBody}
          </p>
          <div className="flex flex-wrap gap-3">
            <Link to={screenHref({ screen: 'lender' })} className={primaryButton}>
              {P.tryAgain}
            </Link>
            <EstimateLink id={offer.id} returnTo={returnTo} />
          </div>
        </>
      ) : null}
    </section>
  );
}
