import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  type AppLoadContext,
} from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { CopyPage, copyPageMeta } from '~/components/info/copy-page';
import { RouteErrorBoundary } from '~/components/route-error-boundary';
import type { TradeInActionData } from '~/components/trade-in/step-forms';
import { ApiError } from '~/lib/api.server';
import { fetchCurrentCart, getCheckoutContext, type CheckoutContext } from '~/lib/checkout/cart.server';
import { copyPageData } from '~/lib/copy-page.server';
import type { TradeInOffer } from '~/lib/contract/trade-in';
import { TRADE_IN_ERROR_CODES } from '~/lib/contract/trade-in-constants';
import { logger } from '~/lib/shared/logger.server';
import { formatUsd } from '~/lib/shared/money';
import {
  appraisalRequestOf,
  appraise,
  applyOffer,
  clearDraft,
  formatOfferDate,
  formatReadyAt,
  getOffer,
  isApiCode,
  lookupPlate,
  lookupVin,
  readDraft,
  saveOffer,
  writeDraft,
  type Draft,
} from '~/lib/trade-in/flow.server';
import {
  parsePlateForm,
  parseQuestionsForm,
  parseVehicleForm,
  parseVinForm,
  type FieldErrors,
} from '~/lib/trade-in/forms';
import { getShopContext } from '~/lib/request-context.server';
import { TRADE_IN_FLOW_TEXTS as FLOW } from '~/lib/trade-in/flow-messages';
import { REASON_TEXTS, TRADE_IN_FIELD_MESSAGES as M, TRADE_IN_TEXTS as T } from '~/lib/trade-in/messages';
import { isOneOf } from '~/lib/shared/guards';
import { TradeInStepForms } from '~/components/trade-in/step-forms';
import { Offer, Saved } from '~/components/trade-in/results';

// /trade-in: the landing copy (the tenant's texts) with the instant cash offer flow in it (seed
// 002 §2 "Trade-in"): identify the car by VIN or plate, then the car, then the seed's questions,
// then the offer (success, further review, ineligible or denied), saving it (sign-in needed;
// the draft cookie keeps the answers across sign-in), and applying it to the purchase with the
// tax question. Each step is a form posting here, so the flow works without JavaScript.

export const handle = { pageType: 'tradeIn' };

const STEPS = ['identify', 'vehicle', 'questions', 'offer', 'saved'] as const;
type Step = (typeof STEPS)[number];

function requestedStep(request: Request): Step {
  const step = new URL(request.url).searchParams.get('step');
  return isOneOf(STEPS, step) ? step : 'identify';
}

/** The furthest step the draft allows, so a bookmarked step without its answers falls back. */
function allowedStep(step: Step, draft: Draft): Step {
  if (step === 'saved') return draft.savedId ? 'saved' : allowedStep('offer', draft);
  if (step === 'offer') return draft.appraisal ? 'offer' : allowedStep('questions', draft);
  if (step === 'questions') return draft.vin && draft.model ? 'questions' : allowedStep('vehicle', draft);
  if (step === 'vehicle') return draft.vin ? 'vehicle' : 'identify';
  return 'identify';
}

async function savedOffer(context: CheckoutContext, draft: Draft): Promise<TradeInOffer | null> {
  if (!draft.savedId || !context.api.token) return null;
  try {
    return await getOffer(context.api, draft.savedId);
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return null;
    throw error;
  }
}

export async function loader({ request, context: loadContext }: LoaderFunctionArgs) {
  const context = await getCheckoutContext(request, loadContext);
  const draft = await readDraft(request);
  const step = allowedStep(requestedStep(request), draft);
  const models = step === 'vehicle' && draft.vin ? (await lookupVin(context.api, draft.vin)).models : [];
  const offer = step === 'saved' ? await savedOffer(context, draft) : null;
  const cart = step === 'saved' && offer && context.shopper ? await fetchCurrentCart(context).catch(() => null) : null;
  const appraisal = draft.appraisal;
  return data({
    ...copyPageData(request, 'tradeIn'),
    step,
    draft,
    models,
    signedIn: Boolean(context.shopper),
    email: context.shopper?.email ?? null,
    appraisalView: appraisal
      ? {
          outcome: appraisal.outcome,
          value: appraisal.offerCents === null ? null : formatUsd(appraisal.offerCents),
          ready: appraisal.readyAt ? formatReadyAt(appraisal.readyAt, context.tenant.timeZone) : null,
          reasons: appraisal.reasons.map((reason) => REASON_TEXTS[reason]),
          expires: formatOfferDate(new Date(Date.now() + 7 * 24 * 60 * 60_000).toISOString(), context.tenant.timeZone),
        }
      : null,
    offer: offer && {
      id: offer.id,
      status: offer.status,
      value: offer.offerCents === null ? null : formatUsd(offer.offerCents),
      expires: offer.expiresAt ? formatOfferDate(offer.expiresAt, context.tenant.timeZone) : null,
      ready: offer.readyAt ? formatReadyAt(offer.readyAt, context.tenant.timeZone) : null,
      applyToPurchase: offer.applyToPurchase,
    },
    // Seed 002 §2: one trade-in vehicle per purchase; a cart that has one says so instead of asking.
    cartHasTradeIn: Boolean(cart?.vehicle && cart.placement.status === 'NOT_PLACED' && cart.tradeIn),
    canApply: Boolean(
      cart?.vehicle &&
      !cart.tradeIn &&
      cart.placement.status === 'NOT_PLACED' &&
      offer?.applyToPurchase &&
      (offer.status === 'available' || offer.status === 'proposed'),
    ),
  });
}

type ActionData = TradeInActionData;

function invalid(intent: string, errors: FieldErrors, form: FormData, status = 400, alert?: string) {
  const values: Record<string, string> = {};
  for (const [key, value] of form.entries()) if (typeof value === 'string' && key !== 'intent') values[key] = value;
  return data({ intent, errors, values, alert } satisfies ActionData, { status });
}

async function go(request: Request, loadContext: AppLoadContext, draft: Draft, step: Step | null) {
  const shop = await getShopContext({ request, context: loadContext });
  shop.cookies.set(await writeDraft(request, draft));
  return redirect(step ? `/trade-in?step=${step}` : '/trade-in');
}

async function endDraft(request: Request, loadContext: AppLoadContext, to: string) {
  const shop = await getShopContext({ request, context: loadContext });
  shop.cookies.set(await clearDraft(request));
  return redirect(to);
}

export async function action({ request, context: loadContext }: ActionFunctionArgs) {
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  if (!['vin', 'plate', 'vehicle', 'questions', 'save', 'apply', 'start-over'].includes(intent))
    throw data(null, { status: 400 });
  const context = await getCheckoutContext(request, loadContext);
  const draft = await readDraft(request);
  try {
    switch (intent) {
      case 'vin': {
        const parsed = parseVinForm(form);
        if (!parsed.ok) return invalid(intent, parsed.errors, form);
        try {
          const found = await lookupVin(context.api, parsed.value.vin);
          return go(request, loadContext, { vin: found.vin, year: found.year, make: found.make }, 'vehicle');
        } catch (error) {
          if (isApiCode(error, TRADE_IN_ERROR_CODES.invalidVin))
            return invalid(intent, { vin: M.vinCheckDigit }, form, 422);
          if (isApiCode(error, TRADE_IN_ERROR_CODES.unknownVehicle))
            return invalid(intent, { vin: M.vinUnknown }, form, 422);
          throw error;
        }
      }
      case 'plate': {
        const parsed = parsePlateForm(form);
        if (!parsed.ok) return invalid(intent, parsed.errors, form);
        try {
          const found = await lookupPlate(context.api, parsed.value.plate, parsed.value.state);
          return go(request, loadContext, { vin: found.vin, year: found.year, make: found.make }, 'vehicle');
        } catch (error) {
          if (error instanceof ApiError && error.status === 404)
            return invalid(intent, { plate: M.plateNotFound }, form, 422);
          throw error;
        }
      }
      case 'vehicle': {
        if (!draft.vin) return go(request, loadContext, {}, null);
        const { models } = await lookupVin(context.api, draft.vin);
        const parsed = parseVehicleForm(form, models);
        if (!parsed.ok) return invalid(intent, parsed.errors, form);
        return go(
          request,
          loadContext,
          { vin: draft.vin, year: draft.year, make: draft.make, ...parsed.value, answers: draft.answers },
          'questions',
        );
      }
      case 'questions': {
        const parsed = parseQuestionsForm(form);
        if (!parsed.ok) return invalid(intent, parsed.errors, form);
        const next: Draft = { ...draft, answers: parsed.value, appraisal: undefined, savedId: undefined };
        const appraisalRequest = appraisalRequestOf(next);
        if (!appraisalRequest) return go(request, loadContext, next, 'vehicle');
        next.appraisal = await appraise(context.api, appraisalRequest);
        return go(request, loadContext, next, 'offer');
      }
      case 'save': {
        const appraisalRequest = appraisalRequestOf(draft);
        if (!appraisalRequest) return go(request, loadContext, draft, null);
        if (!context.shopper) {
          return redirect(`/sign-in?${new URLSearchParams({ redirectTo: '/trade-in?step=offer' })}`);
        }
        const offer = await saveOffer(context.api, appraisalRequest);
        return go(request, loadContext, { ...draft, savedId: offer.id }, 'saved');
      }
      case 'apply': {
        if (!draft.savedId || !context.shopper) return go(request, loadContext, draft, null);
        const cart = await fetchCurrentCart(context);
        if (!cart?.vehicle) return redirect('/checkout/cart');
        try {
          await applyOffer(context.api, draft.savedId, { cartId: cart.id, taxCredit: form.get('confirmed') === 'yes' });
        } catch (error) {
          if (isApiCode(error, TRADE_IN_ERROR_CODES.onePerPurchase))
            return invalid(intent, {}, form, 409, T.onePerPurchase);
          throw error;
        }
        return endDraft(request, loadContext, '/checkout/cart');
      }
      default:
        return endDraft(request, loadContext, '/trade-in');
    }
  } catch (error) {
    if (error instanceof ApiError && error.status === 401)
      return redirect(`/sign-in?${new URLSearchParams({ redirectTo: '/trade-in?step=offer' })}`);
    logger.warn({ err: error, intent }, 'trade-in: a step failed');
    return invalid(intent, {}, form, 503, M.unavailable);
  }
}

function StepNav({ back }: { back: Step | null }) {
  return (
    <div className="mt-4 flex flex-wrap items-center gap-4">
      {back ? (
        <Link to={`/trade-in?step=${back}`} className="font-semibold text-primary underline">
          {FLOW.back}
        </Link>
      ) : null}
      <Form method="post">
        <input type="hidden" name="intent" value="start-over" />
        <button type="submit" className="cursor-pointer font-semibold text-primary underline">
          {FLOW.startOver}
        </button>
      </Form>
    </div>
  );
}

export default function TradeInPage() {
  const { step, draft, models, signedIn, appraisalView, offer, canApply, cartHasTradeIn, email } =
    useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  return (
    <CopyPage page="tradeIn">
      <section
        aria-labelledby="trade-in-flow-heading"
        className="mt-8 rounded-tenant bg-black/[0.03] p-4"
        data-testid="trade-in-flow"
        data-step={step}
      >
        <h2 id="trade-in-flow-heading" className="mb-4 text-2xl font-bold">
          {FLOW.flowHeading}
        </h2>
        {acted?.alert && step !== 'saved' ? (
          <p role="alert" className="mb-4 rounded-tenant border-l-4 border-red-700 bg-red-50 p-3 text-sm text-red-900">
            {acted.alert}
          </p>
        ) : null}
        {step === 'identify' || step === 'vehicle' || step === 'questions' ? (
          <TradeInStepForms step={step} acted={acted} draft={draft} models={models} />
        ) : null}
        {step === 'offer' && appraisalView ? <Offer view={appraisalView} signedIn={signedIn} /> : null}
        {step === 'saved' && offer ? (
          <Saved offer={offer} canApply={canApply} cartHasTradeIn={cartHasTradeIn} email={email} alert={acted?.alert} />
        ) : null}
        {step !== 'identify' ? (
          <StepNav
            back={
              step === 'vehicle' ? 'identify' : step === 'questions' ? 'vehicle' : step === 'offer' ? 'questions' : null
            }
          />
        ) : null}
      </section>
    </CopyPage>
  );
}

export const meta: MetaFunction = (args) => copyPageMeta(args, 'tradeIn');

export const ErrorBoundary = RouteErrorBoundary;
