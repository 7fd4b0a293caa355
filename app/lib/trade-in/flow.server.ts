import { createCookie, data } from '@remix-run/node';
import { z } from 'zod';
import { ApiError, callApi, type ApiContext } from '~/lib/api.server';
import {
  type Appraisal,
  type AppraisalRequest,
  type LenderMatch,
  type PayoffQuoteRequest,
  type TradeInOffer,
  type VehicleLookup,
} from '~/lib/contract/trade-in';
import { appraisalSchema } from '~/lib/contract/trade-in';
import { endpoints } from '~/lib/contract/endpoints';
import { requireSessionSecret } from '~/lib/shared/env.server';
import { formatDealerDate, formatDealerDateTime, formatDealerTime, localDate } from '~/lib/shared/dealer-time';

// The storefront's side of the trade-in: the offer flow's draft (what the shopper entered so
// far, in a cookie of its own so it survives signing in, which starts a fresh shopper session)
// and the calls of the trade-in API.

const DRAFT_MAX_AGE = 60 * 60 * 24 * 7;

export const draftSchema = z.object({
  vin: z.string().optional(),
  year: z.number().optional(),
  make: z.string().optional(),
  model: z.string().optional(),
  trim: z.string().optional(),
  mileage: z.number().optional(),
  condition: z.enum(['Excellent', 'Good', 'Fair', 'Rough']).optional(),
  answers: z
    .object({
      ownership: z.enum(['Owned', 'Finance', 'Leased']),
      onTitle: z.boolean(),
      registrationState: z.string(),
      applyToPurchase: z.boolean(),
      hasLoan: z.boolean(),
      amountOwedCents: z.number().nullable(),
    })
    .optional(),
  appraisal: appraisalSchema.optional(),
  /** The offer saved from this draft. */
  savedId: z.string().optional(),
});
export type Draft = z.infer<typeof draftSchema>;

let cookies: { plain: ReturnType<typeof makeCookie>; secure: ReturnType<typeof makeCookie> } | undefined;

function makeCookie(secure: boolean) {
  return createCookie(secure ? '__Host-showroom-trade-in' : 'showroom_trade_in', {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure,
    secrets: [requireSessionSecret()],
    maxAge: DRAFT_MAX_AGE,
  });
}

function draftCookie(request: Request) {
  cookies ??= { plain: makeCookie(false), secure: makeCookie(true) };
  return new URL(request.url).protocol === 'https:' ? cookies.secure : cookies.plain;
}

export async function readDraft(request: Request): Promise<Draft> {
  const raw: unknown = await draftCookie(request).parse(request.headers.get('cookie'));
  const parsed = draftSchema.safeParse(raw);
  return parsed.success ? parsed.data : {};
}

export function writeDraft(request: Request, draft: Draft): Promise<string> {
  return draftCookie(request).serialize(draft);
}

export function clearDraft(request: Request): Promise<string> {
  return draftCookie(request).serialize({}, { maxAge: 0 });
}

/** The request for an appraisal once the draft has every answer. */
export function appraisalRequestOf(draft: Draft): AppraisalRequest | null {
  if (!draft.vin || !draft.model || !draft.trim || draft.mileage === undefined || !draft.condition || !draft.answers)
    return null;
  return {
    vin: draft.vin,
    model: draft.model,
    trim: draft.trim,
    mileage: draft.mileage,
    condition: draft.condition,
    ...draft.answers,
  };
}

function left(): never {
  throw data(null, { status: 499 });
}

export async function lookupVin(api: ApiContext, vin: string): Promise<VehicleLookup> {
  const answer = await callApi(api, endpoints.tradeIn.lookupVin, { params: { vin } });
  return answer ? answer.data : left();
}

export async function lookupPlate(api: ApiContext, plate: string, state: string): Promise<VehicleLookup> {
  const answer = await callApi(api, endpoints.tradeIn.lookupPlate, { query: { plate, state } });
  return answer ? answer.data : left();
}

export async function appraise(api: ApiContext, request: AppraisalRequest): Promise<Appraisal> {
  const answer = await callApi(api, endpoints.tradeIn.appraise, { json: request });
  return answer ? answer.data : left();
}

export async function saveOffer(api: ApiContext, request: AppraisalRequest): Promise<TradeInOffer> {
  const answer = await callApi(api, endpoints.tradeIn.saveOffer, { json: request });
  return answer ? answer.data : left();
}

export async function listOffers(api: ApiContext): Promise<TradeInOffer[]> {
  const answer = await callApi(api, endpoints.tradeIn.listOffers);
  return answer ? answer.data : left();
}

export async function getOffer(api: ApiContext, id: string): Promise<TradeInOffer> {
  const answer = await callApi(api, endpoints.tradeIn.getOffer, { params: { id } });
  return answer ? answer.data : left();
}

export async function deleteOffer(api: ApiContext, id: string): Promise<void> {
  await callApi(api, endpoints.tradeIn.deleteOffer, { params: { id } });
}

export async function refreshOffer(api: ApiContext, id: string): Promise<TradeInOffer> {
  const answer = await callApi(api, endpoints.tradeIn.refreshOffer, { params: { id }, json: {} });
  return answer ? answer.data : left();
}

export async function applyOffer(
  api: ApiContext,
  id: string,
  input: { cartId: string; taxCredit: boolean; replace?: boolean },
) {
  const answer = await callApi(api, endpoints.tradeIn.applyOffer, { params: { id }, json: input });
  return answer ? answer.data : left();
}

export async function unapplyOffer(api: ApiContext, id: string): Promise<TradeInOffer> {
  const answer = await callApi(api, endpoints.tradeIn.unapplyOffer, { params: { id } });
  return answer ? answer.data : left();
}

export async function matchLender(api: ApiContext, name: string): Promise<LenderMatch> {
  const answer = await callApi(api, endpoints.tradeIn.matchLender, { query: { name } });
  return answer ? answer.data : left();
}

export async function quotePayoff(api: ApiContext, id: string, request: PayoffQuoteRequest): Promise<TradeInOffer> {
  const answer = await callApi(api, endpoints.tradeIn.quotePayoff, { params: { id }, json: request });
  return answer ? answer.data : left();
}

export async function estimatePayoff(
  api: ApiContext,
  id: string,
  balanceCents: number,
  lender: string | null,
): Promise<TradeInOffer> {
  const answer = await callApi(api, endpoints.tradeIn.estimatePayoff, {
    params: { id },
    json: { balanceCents, lender },
  });
  return answer ? answer.data : left();
}

export function isApiCode(error: unknown, code: string): error is ApiError {
  return error instanceof ApiError && error.code === code;
}

/** "May 12, 2026" for an expiry date, the dealer's day (timeZone: the tenant's). */
export function formatOfferDate(iso: string, timeZone: string): string {
  return formatDealerDate(iso, timeZone);
}

/** "today at 9:05 PM CT" or "on Tuesday, May 5, 2026 at 9:05 AM CT", for the further-review dialog. */
export function formatReadyAt(iso: string, timeZone: string, now: Date = new Date()): string {
  const at = new Date(iso);
  if (localDate(at, timeZone) === localDate(now, timeZone)) return `today at ${formatDealerTime(at, timeZone)}`;
  return `on ${formatDealerDateTime(at, timeZone)}`;
}
