import { randomUUID } from 'node:crypto';
import { createCookie, data, redirect, type AppLoadContext } from '@remix-run/node';
import { z } from 'zod';
import { ApiError, callApi, type ApiContext } from '~/lib/api.server';
import { CHECKOUT_ERROR_CODES, type Cart, type ProtectionPlan } from '~/lib/contract/checkout';
import { endpoints } from '~/lib/contract/endpoints';
import type { DealType } from '~/lib/contract/orders';
import { requireSessionSecret } from '~/lib/shared/env.server';
import { logger } from '~/lib/shared/logger.server';
import type { CreditTier } from '~/lib/shared/payments/credit';
import { getShopContext, type ShopContext } from '~/lib/request-context.server';
import type { SessionData } from '~/lib/session.server';
import type { Tenant } from '~/lib/shared/tenant/schema';
import { checkoutMessage } from './messages';
import { canVisitStep, firstOpenStep, stepPath } from './steps';

// The storefront's side of the cart: who is asking (tenant, token, checkout session), reading
// the current cart, and the calls that change it. Every checkout route goes through here.
//
// A signed-out shopper's cart belongs to the checkout session id we send as x-session-id. It
// lives in its own cookie, not in the shopper session, because signing in starts a fresh
// shopper session: the Account step must still be able to name the session cart it claims.

export type UpdateCartRequest = {
  step?: Cart['step'];
  completeStep?: Cart['step'];
  dealType?: DealType;
  downPaymentCents?: number;
  termMonths?: number;
  annualMiles?: number;
  timerVisible?: boolean;
  fulfillment?: { method: 'delivery' | 'pickup'; zip: string };
};

export type CheckoutContext = {
  tenant: Tenant;
  api: ApiContext;
  shopper: SessionData['shopper'] | null;
  /** The checkout session id was made on this request (the browser had no checkout cookie). */
  newSession: boolean;
  /** The zip the shopper gave while shopping (the session's), which the vehicle page priced with. */
  shopperZip: string | null;
};

export type CartContext = CheckoutContext & { cart: Cart };

const CHECKOUT_COOKIE_MAX_AGE = 60 * 60 * 24 * 30;
const sessionIdSchema = z.uuid();

let cookies: { plain: ReturnType<typeof makeCookie>; secure: ReturnType<typeof makeCookie> } | undefined;

function makeCookie(secure: boolean) {
  return createCookie(secure ? '__Host-showroom-checkout' : 'showroom_checkout', {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure,
    secrets: [requireSessionSecret()],
    maxAge: CHECKOUT_COOKIE_MAX_AGE,
  });
}

function checkoutCookie(request: Request) {
  cookies ??= { plain: makeCookie(false), secure: makeCookie(true) };
  return new URL(request.url).protocol === 'https:' ? cookies.secure : cookies.plain;
}

// The loaders of one page share the request's context: a browser without the cookie gets one id, not one per loader.
const madeIds = new WeakMap<ShopContext, Promise<{ sessionId: string; isNew: boolean }>>();

/** The checkout session id of this browser; one made just now is written by the server's commit. */
export function getCheckoutSessionId(
  request: Request,
  shop: ShopContext,
): Promise<{ sessionId: string; isNew: boolean }> {
  let found = madeIds.get(shop);
  if (!found) {
    found = readOrMakeSessionId(request, shop);
    madeIds.set(shop, found);
  }
  return found;
}

async function readOrMakeSessionId(
  request: Request,
  shop: ShopContext,
): Promise<{ sessionId: string; isNew: boolean }> {
  const cookie = checkoutCookie(request);
  const stored: unknown = await cookie.parse(request.headers.get('cookie'));
  const parsed = sessionIdSchema.safeParse(stored);
  if (parsed.success) return { sessionId: parsed.data, isNew: false };
  const sessionId = randomUUID();
  shop.cookies.set(await cookie.serialize(sessionId));
  return { sessionId, isNew: true };
}

/** Tenant, API context (token and checkout session) and shopper of this request. */
export async function getCheckoutContext(request: Request, loadContext: AppLoadContext): Promise<CheckoutContext> {
  const shop = await getShopContext({ request, context: loadContext });
  const { sessionId, isNew } = await getCheckoutSessionId(request, shop);
  const token = shop.session.get('identityToken') ?? null;
  const shopper = token ? (shop.session.get('shopper') ?? null) : null;
  return {
    tenant: shop.tenant,
    api: { ...shop.api, token, sessionId },
    shopper,
    newSession: isNew,
    shopperZip: shop.session.get('zip') ?? null,
  };
}

/** callApi's null means the shopper left the page: nobody reads this answer. */
function left(): never {
  throw data(null, { status: 499 });
}

/** The error page data for a cart that could not be loaded (a 5xx upstream): a message, not a 500. */
export function cartLoadFailure(tenant: Tenant, error: unknown): never {
  logger.warn({ err: error }, 'checkout: the cart could not be loaded');
  throw data({ message: checkoutMessage('cartLoadFailure', tenant) }, { status: 503 });
}

/** The shopper's open cart, or null when there is none (or the API lost it: a 404). */
export async function fetchCurrentCart(context: CheckoutContext): Promise<Cart | null> {
  try {
    const answer = await callApi(context.api, endpoints.checkout.currentCart);
    if (!answer) left();
    return answer.data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    // A stale token is a signed-out shopper for the cart: the session cart still answers.
    if (error instanceof ApiError && error.status === 401 && context.api.token) {
      return fetchCurrentCart({ ...context, api: { ...context.api, token: null }, shopper: null });
    }
    throw error;
  }
}

/** The request's context and its current cart (null when none). A 5xx becomes a 503 page with the seed's message. */
export async function getCart(
  request: Request,
  loadContext: AppLoadContext,
): Promise<CheckoutContext & { cart: Cart | null }> {
  const context = await getCheckoutContext(request, loadContext);
  try {
    return { ...context, cart: await fetchCurrentCart(context) };
  } catch (error) {
    if (error instanceof Response) throw error;
    return cartLoadFailure(context.tenant, error);
  }
}

/**
 * The current cart, for a checkout step. Without a cart, or (by default) without a vehicle in
 * it, the shopper is sent to the Shopping Cart page, which shows the empty cart.
 */
export async function requireCart(
  request: Request,
  loadContext: AppLoadContext,
  options: { vehicle?: boolean } = {},
): Promise<CartContext> {
  const context = await getCart(request, loadContext);
  const { cart } = context;
  if (!cart || ((options.vehicle ?? true) && !cart.vehicle)) throw redirect('/checkout/cart');
  return { ...context, cart };
}

/** The cart a cart call answers (null: the shopper left). */
async function cartOf(call: Promise<{ data: Cart } | null>): Promise<Cart> {
  const answer = await call;
  if (!answer) left();
  return answer.data;
}

/** POST /carts: starts (or resumes) a purchase of this vehicle. Throws ApiError 409/404 as the contract says. */
export function createCart(
  context: CheckoutContext,
  body: {
    vin: string;
    dealType: DealType;
    downPaymentCents?: number;
    termMonths?: number;
    annualMiles?: number;
    creditTier?: CreditTier;
    zip?: string;
  },
): Promise<Cart> {
  return cartOf(callApi(context.api, endpoints.checkout.createCart, { json: body }));
}

/** PATCH the cart: step, completed step and deal fields. 422 error.cart.invalid carries the seed's message. */
export function updateCart(context: CheckoutContext, cartId: string, patch: UpdateCartRequest): Promise<Cart> {
  return cartOf(callApi(context.api, endpoints.checkout.updateCart, { params: { cartId }, json: patch }));
}

/** Starts the hold again from HOLD_MINUTES (409 vehicleHeld when someone else took it meanwhile). */
export function extendHold(context: CheckoutContext, cartId: string): Promise<Cart> {
  return cartOf(callApi(context.api, endpoints.checkout.extendHold, { params: { cartId } }));
}

/** The shopper has read the changed figures: they are flagged again only when a figure moves after this. */
export function acknowledgeChanges(context: CheckoutContext, cartId: string): Promise<Cart> {
  return cartOf(callApi(context.api, endpoints.checkout.acknowledgeChanges, { params: { cartId } }));
}

/** Takes the vehicle out of the cart: the empty cart. */
export function removeVehicle(context: CheckoutContext, cartId: string): Promise<Cart> {
  return cartOf(callApi(context.api, endpoints.checkout.removeVehicle, { params: { cartId } }));
}

/** Makes a session cart the signed-in shopper's. */
export function claimCart(context: CheckoutContext, cartId: string): Promise<Cart> {
  return cartOf(callApi(context.api, endpoints.checkout.claimCart, { params: { cartId } }));
}

/** Protection plans for the cart's vehicle and deal; 401 signed out, 503 unavailable. */
export async function getProtectionPlans(context: CheckoutContext, cartId: string): Promise<ProtectionPlan[]> {
  const answer = await callApi(context.api, endpoints.checkout.protectionPlans, { params: { cartId } });
  if (!answer) left();
  return answer.data.plans;
}

/** Records the protection choice: plans added, or none with `declined` (removing all is `declined: false`). */
export function chooseProtection(
  context: CheckoutContext,
  cartId: string,
  choice: { planIds: string[]; declined: boolean },
): Promise<Cart> {
  return cartOf(callApi(context.api, endpoints.checkout.chooseProtection, { params: { cartId }, json: choice }));
}

/** Is this the API's answer for that checkout error code? */
export function isCheckoutError(error: unknown, code: keyof typeof CHECKOUT_ERROR_CODES): error is ApiError {
  return error instanceof ApiError && error.code === CHECKOUT_ERROR_CODES[code];
}

/**
 * The shopper-facing message for a failed cart call (seed 002 §8). 422 error.cart.invalid
 * carries the seed's own message (down payment, loan-to-value); anything else unknown is the
 * submit failure with the tenant's phone. Never the raw error for a 5xx.
 */
export function cartErrorMessage(
  error: unknown,
  tenant: Tenant,
  fallback: 'submitFailure' | 'general' | 'purchaseSwitch' = 'submitFailure',
): string {
  if (error instanceof ApiError) {
    if (error.code === CHECKOUT_ERROR_CODES.invalid && error.status === 422) return error.message;
    if (error.code === CHECKOUT_ERROR_CODES.vehicleHeld) return checkoutMessage('vehicleHeld', tenant);
    if (error.code === CHECKOUT_ERROR_CODES.vehicleUnavailable) return checkoutMessage('vehicleUnavailable', tenant);
    if (error.code === CHECKOUT_ERROR_CODES.holdExpired) return checkoutMessage('holdExpired', tenant);
    if (error.code === CHECKOUT_ERROR_CODES.purchaseSwitch) return checkoutMessage('purchaseSwitch', tenant);
    if (error.code === CHECKOUT_ERROR_CODES.cartNotFound) return checkoutMessage('cartLoadFailure', tenant);
  } else {
    logger.error({ err: error }, 'checkout: unexpected failure of a cart call');
  }
  return checkoutMessage(fallback, tenant);
}

/**
 * The cart, made the signed-in shopper's when it still belongs to the session only (the API
 * keeps protection, the credit application and placement to the shopper's own cart). A
 * signed-out request gets the cart as it is.
 */
export async function ensureShopperCart(context: CartContext): Promise<CartContext> {
  if (!context.shopper || context.cart.ownedByShopper) return context;
  return { ...context, cart: await claimCart(context, context.cart.id) };
}

/**
 * The cart for a step page: with an available vehicle, and every step before this one
 * completed. A shopper who jumps ahead (a typed address, a bookmark) is sent to the first step
 * still open; one whose vehicle is gone, to the cart page, which explains.
 */
export async function requireStep(
  request: Request,
  loadContext: AppLoadContext,
  step: Cart['step'],
): Promise<CartContext> {
  const context = await requireCart(request, loadContext);
  // A vehicle sold or held by someone else: the cart page says so and offers a way on.
  if (context.cart.vehicle?.availability !== 'Available') throw redirect('/checkout/cart');
  if (!canVisitStep(context.cart, step)) throw redirect(stepPath(firstOpenStep(context.cart)));
  return context;
}

/** Is this vehicle held for the shopper's own cart? For the vehicle page; a failure is a no. */
export async function isHeldForShopper(request: Request, loadContext: AppLoadContext, vin: string): Promise<boolean> {
  try {
    const shop = await getShopContext({ request, context: loadContext });
    const stored = sessionIdSchema.safeParse(await checkoutCookie(request).parse(request.headers.get('cookie')));
    // Without a checkout cookie there is no session cart, and a signed-out shopper has no other
    // (nor is a checkout cookie made for a page that only looks).
    if (!stored.success && !shop.api.token) return false;
    const token = shop.api.token ?? null;
    const context: CheckoutContext = {
      tenant: shop.tenant,
      api: { ...shop.api, sessionId: stored.success ? stored.data : null },
      shopper: token ? (shop.session.get('shopper') ?? null) : null,
      newSession: false,
      shopperZip: null,
    };
    const cart = await fetchCurrentCart(context);
    return cart?.vehicle?.vin === vin && cart.vehicle.heldByThisCart && cart.placement.status === 'NOT_PLACED';
  } catch (error) {
    if (error instanceof Response) return false;
    logger.warn({ err: error }, 'vehicle page: could not read the shopper cart');
    return false;
  }
}
