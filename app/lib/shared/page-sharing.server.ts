// Which answers a CDN or a reverse proxy may keep and serve to every shopper (issue 17, decision
// 020). A page is shared when nothing in it depends on who asks: a GET of a public page by a
// shopper who carries none of our cookies. Everything else stays private.

/** Shared pages: fresh for a minute at the proxy, then served stale while it asks again. */
export const SHARED_PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';
/** The inventory API's public answers (search, suggestions, vehicles): the same, shorter. */
export const SHARED_API_CACHE_CONTROL = 'public, max-age=0, s-maxage=30, stale-while-revalidate=300';
/**
 * Everything personal: kept by no proxy and by no browser either (not even in the back-forward
 * history's disk cache), since a shared computer's next user must not find it (issue 29).
 */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

const INFO_PAGES = [
  'accessibility',
  'contact-us',
  'cookie-policy',
  'faq',
  'financing',
  'privacy-notice',
  'privacy-policy',
  'terms-of-use',
  'warranty',
  'why-us',
];

/**
 * The landing page, search, vehicle pages and the info pages, as documents and as the single
 * fetch data of a client-side navigation (`/search.data`, `/_root.data` for the landing page).
 * Compiled once, at start-up.
 */
const SHARED_PAGE = new RegExp(
  `^/(?:|_root\\.data|search(?:\\.data)?|vehicles/[A-Za-z0-9]{1,17}(?:\\.data)?|(?:${INFO_PAGES.join('|')})(?:\\.data)?)$`,
);

const SHARED_API = /^\/api\/inventory\/(?:search|suggestions|compare|vehicles\/[A-Za-z0-9]{1,17}(?:\/similar)?)$/;

/**
 * Every cookie the storefront sets is named showroom… (`__Host-showroom…` over TLS). All but the
 * analytics visit id change what a page shows: the session, a cart, a compare list, a trade-in.
 */
const SHOPPER_COOKIE = /^(?:__Host-)?showroom(?![-_]visit=)/;
const VISIT_COOKIE = /^(?:__Host-)?showroom[-_]visit=/;

/** True when the Cookie header carries one of ours that a page may depend on. */
export function hasShopperCookie(cookieHeader: string | null | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(';').some((pair) => SHOPPER_COOKIE.test(pair.trimStart()));
}

/** The analytics visit id of a Cookie header (the one cookie of ours a shared page may see), or undefined. */
export function visitCookieOf(cookieHeader: string | null | undefined): string | undefined {
  const visit = (cookieHeader ?? '')
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => VISIT_COOKIE.test(pair));
  return visit.length > 0 ? visit.join('; ') : undefined;
}

export function isSharedPagePath(pathname: string): boolean {
  return SHARED_PAGE.test(pathname);
}

export function isSharedApiPath(pathname: string): boolean {
  return SHARED_API.test(pathname);
}

/** A page answer a shared cache may keep: the same bytes for every shopper who asks for this URL. */
export function isSharedPageRequest(
  method: string,
  pathname: string,
  cookieHeader: string | null | undefined,
): boolean {
  return (method === 'GET' || method === 'HEAD') && isSharedPagePath(pathname) && !hasShopperCookie(cookieHeader);
}

/** The same question about a Fetch API request, for loaders (the root loader leaves out the referrer). */
export function isSharedPage(request: Request): boolean {
  return isSharedPageRequest(request.method, new URL(request.url).pathname, request.headers.get('cookie'));
}
