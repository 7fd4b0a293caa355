import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ApiError, callApi, type ApiContext } from './api.server';
import { extensionSupport, withSeedFallback } from './api-extensions.server';
import { endpoints } from './contract/endpoints';
import { logger } from './shared/logger.server';
import { getPrequalReminder, prequalReminderMessage, type PrequalReminder } from './prequal.server';
import type { ShopContext } from './request-context.server';
import type { ShellSummary } from './contract/shell';
import { getApiContext, getSession } from './session.server';
import { isSharedPage } from './shared/page-sharing.server';
import { toPublicTenant, type PublicTenant, type Tenant } from './shared/tenant/schema';
import { getTenantForRequest, getTenants } from './shared/tenant/tenants.server';
import { entriesOf } from './shared/guards';

/** What the header shows of the signed-in shopper: a name and initials, nothing else. */
export type ShellShopper = { firstName: string; lastName: string; email: string };

export type TenantImageKey = keyof Tenant['images'];
/** Browser URLs of the tenant's configured images (only the ones it has). */
export type TenantImageUrls = Partial<Record<TenantImageKey, string>>;

export type ShellData = {
  tenant: PublicTenant;
  shopper: ShellShopper | null;
  /** null means "show no badge": signed out, nothing to count, or the API did not answer. */
  badges: { cart: number | null; favorites: number | null };
  images: TenantImageUrls;
  /** The server's year, so the copyright line cannot differ between server and browser. */
  year: number;
  /** This site's origin, for absolute canonical links (app/lib/meta.ts reads it). */
  origin: string;
  /** Where the shopper came from (an origin only, never a path), for the page-view pixel. */
  referrer: string | null;
  /** The pre-qualification toast (issue 14): near or past its expiry; null otherwise or signed out. */
  prequalReminder?: PrequalReminder | null;
};

/** The badges are nice to have: a slow API must not hold the whole page back. */
const BADGE_TIMEOUT_MS = 2_500;

const CONTENT_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
};

const versions = new Map<string, string>();

function fileVersion(file: string): string {
  let version = versions.get(file);
  if (!version) {
    version = createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 12);
    versions.set(file, version);
  }
  return version;
}

/**
 * The URL of one of the tenant's images. It carries a hash of the file's content, so the
 * browser may keep it for a year and still sees a new logo the moment it is replaced.
 */
export function tenantImageUrl(tenant: Pick<Tenant, 'id'>, file: string): string {
  const version = fileVersion(path.join(getTenants().folder(tenant.id), file));
  return `/tenant-assets/${encodeURIComponent(tenant.id)}/${encodeURIComponent(file)}?v=${version}`;
}

export function getTenantImageUrls(tenant: Tenant): TenantImageUrls {
  const urls: TenantImageUrls = {};
  for (const [key, file] of entriesOf(tenant.images)) {
    if (file) urls[key] = tenantImageUrl(tenant, file);
  }
  return urls;
}

export type TenantAsset = { body: Buffer; contentType: string; version: string };

/**
 * Reads a file of a tenant's folder, but only one its config lists under images: the folder
 * also holds config.json and flags.json, which are not for the browser.
 */
export function readTenantAsset(tenantId: string, file: string): TenantAsset | null {
  const tenant = getTenants().byId.get(tenantId);
  if (!tenant) return null;
  const listed = Object.values(tenant.images).some((name) => name === file);
  const contentType = CONTENT_TYPES[path.extname(file).toLowerCase()];
  if (!listed || !contentType) return null;
  const full = path.join(getTenants().folder(tenant.id), file);
  if (!statSync(full, { throwIfNoEntry: false })?.isFile()) return null;
  return { body: readFileSync(full), contentType, version: fileVersion(full) };
}

function logBadgeFailure(badge: string, error: unknown): void {
  // An expired sign-in is ordinary: the page will ask the shopper to sign in when it matters.
  if (error instanceof ApiError && error.status === 401) return;
  logger.warn(
    {
      badge,
      status: error instanceof ApiError ? error.status : undefined,
      code: error instanceof ApiError ? error.code : undefined,
    },
    'header badge left out: the commerce API call failed',
  );
}

/**
 * The cart badge (seed 001 §4, issue 31 point 6): the vehicles in the cart, the purchase under
 * way: 1 while the open cart holds a vehicle not yet placed, else 0. Placed, draft and
 * cancelled orders are the order list's, not the cart's. Null when the cart did not answer.
 */
export async function getCartCount(context: ApiContext): Promise<number | null> {
  return callApi(context, endpoints.checkout.currentCart, { timeoutMs: BADGE_TIMEOUT_MS }).then(
    (answer) =>
      answer ? Number(Boolean(answer.data?.vehicle && answer.data.placement.status === 'NOT_PLACED')) : null,
    (error: unknown) => (logBadgeFailure('cart', error), null),
  );
}

export async function getFavoritesCount(context: ApiContext): Promise<number | null> {
  try {
    const answer = await callApi(context, endpoints.inventory.favoritesCount, { timeoutMs: BADGE_TIMEOUT_MS });
    return answer ? answer.data.count : null;
  } catch (error) {
    logBadgeFailure('favorites', error);
    return null;
  }
}

function refererOrigin(request: Request): string | null {
  const referer = request.headers.get('referer');
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}

/** Which platforms lacked our shell extension (decision 079): they are asked the seed's calls for a while. */
const shellSupport = extensionSupport();

/** Forgets which platforms lacked the extension (tests that play both kinds). */
export function resetShellSupport(): void {
  shellSupport.reset();
}

/**
 * The signed-in shopper's counts and reminder in one read (GET /api/account/shell, decision
 * 072). Answers null when the platform does not have that extension (404 or 501): the caller
 * asks the seed's calls instead. Throws the ApiError of any other failure (401: signed out).
 */
export async function fetchShellSummary(context: ApiContext): Promise<ShellSummary | null> {
  return withSeedFallback(
    shellSupport,
    context.tenantId,
    async () => (await callApi(context, endpoints.account.shell, { timeoutMs: BADGE_TIMEOUT_MS }))?.data ?? null,
    () => Promise.resolve(null),
  );
}

type ShellCounts = Pick<ShellData, 'badges' | 'prequalReminder'>;

function fromSummary(summary: ShellSummary, tenant: Tenant): ShellCounts {
  const reminder = summary.prequal;
  return {
    badges: { cart: summary.cart, favorites: tenant.consumer.showFavorites ? summary.favorites : null },
    prequalReminder: reminder && {
      kind: reminder.reminder,
      expiresAt: reminder.expiresAt,
      canRefresh: reminder.canRefresh,
      message: prequalReminderMessage(reminder.reminder, reminder.expiresAt, tenant.timeZone),
    },
  };
}

/** The seed's own calls, for a platform without the shell extension; each may fail alone. */
async function fromSeedCalls(context: ApiContext, tenant: Tenant): Promise<ShellCounts> {
  const [cart, favorites, reminder] = await Promise.all([
    getCartCount(context),
    tenant.consumer.showFavorites ? getFavoritesCount(context) : Promise.resolve(null),
    getPrequalReminder(context, BADGE_TIMEOUT_MS, tenant.timeZone),
  ]);
  return { badges: { cart, favorites }, prequalReminder: reminder };
}

async function shellCounts(
  context: ApiContext,
  tenant: Tenant,
  prefetched: ShellSummary | undefined,
): Promise<ShellCounts> {
  if (prefetched) return fromSummary(prefetched, tenant);
  try {
    const summary = await fetchShellSummary(context);
    return summary ? fromSummary(summary, tenant) : await fromSeedCalls(context, tenant);
  } catch (error) {
    logBadgeFailure('shell', error);
    return { badges: { cart: null, favorites: null }, prequalReminder: null };
  }
}

/**
 * Everything the header and footer need, read once per request by the root loader: for a
 * signed-in shopper one call, or none when the session check before the loaders already read
 * it for this GET (`shop.shell`). Neither can fail the page.
 */
export async function getShellData(request: Request, shop?: Pick<ShopContext, 'shell' | 'api'>): Promise<ShellData> {
  const tenant = getTenantForRequest(request);
  const session = await getSession(request);
  const stored = session.get('shopper');
  const shopper = stored ? { firstName: stored.firstName, lastName: stored.lastName, email: stored.email } : null;
  let counts: ShellCounts = { badges: { cart: null, favorites: null }, prequalReminder: null };
  if (shopper && session.get('identityToken')) {
    const prefetched = request.method === 'GET' ? shop?.shell : undefined;
    // The request context's API context carries the page's correlation id (seed 001 §7).
    const context = shop?.api.token ? shop.api : await getApiContext(request, session);
    counts = await shellCounts(context, tenant, prefetched);
  }
  return {
    tenant: toPublicTenant(tenant),
    shopper,
    badges: counts.badges,
    images: getTenantImageUrls(tenant),
    year: new Date().getUTCFullYear(),
    origin: new URL(request.url).origin,
    // A page a CDN serves to everyone cannot carry the first visitor's referrer (decision 020).
    referrer: isSharedPage(request) ? null : refererOrigin(request),
    prequalReminder: counts.prequalReminder,
  };
}
