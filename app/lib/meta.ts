import type { MetaDescriptor } from '@remix-run/node';
import type { PageType, PublicTenant } from './shared/tenant/schema';
import { fillTenantText } from './shared/tenant/text';
import { isRecord } from './shared/guards';

// A Remix route's `meta` replaces its parents' (toolchain.md), so a page that sets its
// title would drop the layout's description. Pages build their tags here: the tenant's
// texts for the page type, merged over whatever the parent routes set.

/** The part of a meta match this helper reads (Remix's MetaMatch fits). */
export type MetaMatchLike = { id: string; meta: MetaDescriptor[]; data?: unknown };

type MetaTenant = Pick<PublicTenant, 'brandName' | 'legalName' | 'dealerPhone' | 'texts'>;

/** Two descriptors with the same key are the same tag: the later one wins. Null: no identity. */
export function metaKey(descriptor: MetaDescriptor): string | null {
  const tag: Record<string, unknown> = descriptor;
  if ('title' in tag) return 'title';
  if ('charSet' in tag) return 'charSet';
  if (typeof tag.name === 'string') return `name:${tag.name}`;
  if (typeof tag.property === 'string') return `property:${tag.property}`;
  if (typeof tag.httpEquiv === 'string') return `httpEquiv:${tag.httpEquiv}`;
  if (tag.tagName === 'link' && typeof tag.rel === 'string') {
    return tag.rel === 'canonical' ? 'link:canonical' : `link:${tag.rel}:${String(tag.hreflang ?? tag.href ?? '')}`;
  }
  return null;
}

/** Later lists win tag by tag; tags without a key (JSON-LD) are kept once each. */
export function mergeMeta(...lists: ReadonlyArray<readonly MetaDescriptor[] | null | undefined>): MetaDescriptor[] {
  const keyed = new Map<string, MetaDescriptor>();
  const unkeyed = new Map<string, MetaDescriptor>();
  for (const list of lists) {
    for (const descriptor of list ?? []) {
      const key = metaKey(descriptor);
      if (key === null) {
        unkeyed.set(JSON.stringify(descriptor), descriptor);
        continue;
      }
      // A Map keeps the first position: the title stays where the parent put it.
      keyed.set(key, descriptor);
    }
  }
  return [...keyed.values(), ...unkeyed.values()];
}

/** The tags the parent routes set, nearest parent winning. */
export function parentMeta(matches: readonly MetaMatchLike[]): MetaDescriptor[] {
  return mergeMeta(...matches.map((match) => match.meta));
}

function fill(template: string, tenant: MetaTenant, values: Record<string, string | number> | undefined): string {
  let text = fillTenantText(template, tenant);
  for (const [name, value] of Object.entries(values ?? {})) text = text.replaceAll(`{${name}}`, String(value));
  return text;
}

function absolute(href: string, origin: string | undefined): string {
  if (!origin || /^https?:\/\//.test(href)) return href;
  return new URL(href, origin).toString();
}

export type PageMetaOptions = {
  pageType: PageType;
  tenant: MetaTenant;
  /** Placeholders beyond the tenant's, e.g. { year: 2023, make: 'Honda' } for vehicle pages. */
  values?: Record<string, string | number>;
  /** A path or URL; made absolute with `origin`. Null or absent: no canonical link. */
  canonical?: string | null;
  origin?: string;
  /** The parent routes' meta, merged under this page's tags. */
  matches?: readonly MetaMatchLike[];
  /** Tags of this page beyond title, description and keywords; they win over all others. */
  extra?: readonly MetaDescriptor[];
};

/** Title, description, keywords, Open Graph and canonical link for a page type, from the tenant's texts. */
export function buildPageMeta(options: PageMetaOptions): MetaDescriptor[] {
  const { tenant, values } = options;
  const texts = tenant.texts.meta[options.pageType];
  const title = fill(texts.title, tenant, values);
  const description = fill(texts.description, tenant, values);
  const own: MetaDescriptor[] = [
    { title },
    { name: 'description', content: description },
    { name: 'keywords', content: texts.keywords.map((keyword) => fill(keyword, tenant, values)).join(', ') },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:site_name', content: tenant.brandName },
    { property: 'og:type', content: 'website' },
  ];
  if (options.pageType === 'notFound') own.push({ name: 'robots', content: 'noindex' });
  if (options.canonical) {
    const href = absolute(options.canonical, options.origin);
    own.push({ tagName: 'link', rel: 'canonical', href }, { property: 'og:url', content: href });
  }
  return mergeMeta(options.matches ? parentMeta(options.matches) : [], own, options.extra);
}

/** The root loader's public tenant (it has texts and a brand name); a failed root load has none. */
function isMetaTenant(value: unknown): value is MetaTenant {
  return isRecord(value) && 'texts' in value && 'brandName' in value;
}

function rootData(matches: readonly MetaMatchLike[]): { tenant?: MetaTenant; origin?: string } {
  const data = matches.find((match) => match.id === 'root')?.data;
  if (!isRecord(data)) return {};
  const { tenant, origin } = data;
  return {
    tenant: isMetaTenant(tenant) ? tenant : undefined,
    origin: typeof origin === 'string' ? origin : undefined,
  };
}

/**
 * For a route's `meta` export: the tenant comes from the root loader's data, the canonical
 * defaults to the page's path (absolute when the root data carries `origin`), and the parent
 * routes' tags are kept.
 *
 *   export const meta: MetaFunction = (args) => pageMeta(args, 'search');
 */
export function pageMeta(
  args: { matches: readonly MetaMatchLike[]; location: { pathname: string } },
  pageType: PageType,
  options: Pick<PageMetaOptions, 'values' | 'extra' | 'origin'> & { canonical?: string | null } = {},
): MetaDescriptor[] {
  const root = rootData(args.matches);
  // Without the root data (its loader failed) there are no texts: keep what the parents set.
  if (!root.tenant) return mergeMeta(parentMeta(args.matches), options.extra);
  return buildPageMeta({
    pageType,
    tenant: root.tenant,
    values: options.values,
    canonical: options.canonical === undefined ? args.location.pathname : options.canonical,
    origin: options.origin ?? root.origin,
    matches: args.matches,
    extra: options.extra,
  });
}

/** The tenant's name from the root route's data, when it loaded. */
export function brandFromMatches(matches: readonly Pick<MetaMatchLike, 'id' | 'data'>[]): string | null {
  const root = matches.find((match) => match.id === 'root')?.data;
  const tenant = isRecord(root) ? root.tenant : undefined;
  return isRecord(tenant) && typeof tenant.brandName === 'string' ? tenant.brandName : null;
}

/** A page's own title with the tenant's name ('Sign in | Northside Motors', issue 18), plus its other tags. */
export function titledMeta(
  matches: readonly MetaMatchLike[],
  title: string,
  extra: readonly MetaDescriptor[] = [],
): MetaDescriptor[] {
  const brand = brandFromMatches(matches);
  return mergeMeta(parentMeta(matches), [{ title: brand ? `${title} | ${brand}` : title }, ...extra]);
}
