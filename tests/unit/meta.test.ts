import type { MetaDescriptor } from '@remix-run/node';
import { describe, expect, it } from 'vitest';
import { buildPageMeta, mergeMeta, pageMeta, parentMeta, titledMeta } from '~/lib/meta';
import { meta as signInMeta } from '~/routes/_auth+/sign-in';
import { toPublicTenant, type PublicTenant } from '~/lib/shared/tenant/schema';
import { getTenants } from '~/lib/shared/tenant/tenants.server';

const base = toPublicTenant(getTenants().defaultTenant);
const tenant: PublicTenant = {
  ...base,
  brandName: 'Northside Motors',
  legalName: 'Northside Motors LLC',
  dealerPhone: { ...base.dealerPhone, number: '5125550142' },
  texts: {
    ...base.texts,
    meta: {
      ...base.texts.meta,
      search: {
        title: 'Shop cars | {tenantName}',
        description: 'Browse cars from {legalName}. Call {phone}.',
        keywords: ['used cars', '{tenantName}'],
      },
      vehicleDetails: {
        title: '{year} {make} {model} | {tenantName}',
        description: 'See this {make}.',
        keywords: ['{make}'],
      },
    },
  },
};

describe('buildPageMeta', () => {
  it('fills the tenant texts for the page type', () => {
    expect(buildPageMeta({ pageType: 'search', tenant })).toEqual([
      { title: 'Shop cars | Northside Motors' },
      { name: 'description', content: 'Browse cars from Northside Motors LLC. Call (512) 555 - 0142.' },
      { name: 'keywords', content: 'used cars, Northside Motors' },
      { property: 'og:title', content: 'Shop cars | Northside Motors' },
      { property: 'og:description', content: 'Browse cars from Northside Motors LLC. Call (512) 555 - 0142.' },
      { property: 'og:site_name', content: 'Northside Motors' },
      { property: 'og:type', content: 'website' },
    ]);
  });

  it('fills page values such as the vehicle', () => {
    const meta = buildPageMeta({
      pageType: 'vehicleDetails',
      tenant,
      values: { year: 2023, make: 'Honda', model: 'Accord' },
    });
    expect(meta).toContainEqual({ title: '2023 Honda Accord | Northside Motors' });
    expect(meta).toContainEqual({ name: 'keywords', content: 'Honda' });
  });

  it('renders the canonical as a link, absolute with an origin', () => {
    const meta = buildPageMeta({
      pageType: 'search',
      tenant,
      canonical: '/search',
      origin: 'https://northside.example',
    });
    expect(meta).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://northside.example/search' });
    expect(meta.some((tag) => 'name' in tag && tag.name === 'canonical')).toBe(false);
  });

  it('keeps the not-found page out of search engines', () => {
    expect(buildPageMeta({ pageType: 'notFound', tenant })).toContainEqual({ name: 'robots', content: 'noindex' });
  });
});

describe('merging with the parent routes', () => {
  const rootMeta: MetaDescriptor[] = [
    { title: 'Northside Motors' },
    { name: 'description', content: 'Cars.' },
    { name: 'theme-color', content: '#123456' },
    { 'script:ld+json': { '@type': 'AutoDealer', name: 'Northside Motors' } },
  ];

  it('replaces tags with the same key and keeps the others', () => {
    const merged = mergeMeta(rootMeta, [{ title: 'Search' }, { name: 'description', content: 'Find a car.' }]);
    expect(merged).toEqual([
      { title: 'Search' },
      { name: 'description', content: 'Find a car.' },
      { name: 'theme-color', content: '#123456' },
      { 'script:ld+json': { '@type': 'AutoDealer', name: 'Northside Motors' } },
    ]);
  });

  it('does not repeat a parent tag that the nearest parent already merged', () => {
    const layoutMeta = mergeMeta(rootMeta, [{ name: 'robots', content: 'index' }]);
    const merged = parentMeta([
      { id: 'root', meta: rootMeta },
      { id: 'routes/_shop', meta: layoutMeta },
      { id: 'routes/_shop.search', meta: [] },
    ]);
    expect(merged.filter((tag) => 'script:ld+json' in tag)).toHaveLength(1);
    expect(merged.filter((tag) => 'name' in tag && tag.name === 'theme-color')).toHaveLength(1);
    expect(merged).toContainEqual({ name: 'robots', content: 'index' });
  });

  it('pageMeta reads the tenant from the root data, keeps the parents and links the canonical path', () => {
    const meta = pageMeta(
      {
        matches: [
          { id: 'root', meta: rootMeta, data: { tenant, origin: 'https://northside.example' } },
          { id: 'routes/_shop+/search', meta: [] },
        ],
        location: { pathname: '/search' },
      },
      'search',
    );
    expect(meta[0]).toEqual({ title: 'Shop cars | Northside Motors' });
    expect(meta).toContainEqual({ name: 'theme-color', content: '#123456' });
    expect(meta).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://northside.example/search' });
    expect(meta.filter((tag) => 'name' in tag && tag.name === 'description')).toEqual([
      { name: 'description', content: 'Browse cars from Northside Motors LLC. Call (512) 555 - 0142.' },
    ]);
  });

  it('pageMeta leaves the canonical out when asked, and keeps the parents when the root data is missing', () => {
    const withoutCanonical = pageMeta(
      { matches: [{ id: 'root', meta: [], data: { tenant } }], location: { pathname: '/x' } },
      'landing',
      {
        canonical: null,
      },
    );
    expect(withoutCanonical.some((tag) => 'rel' in tag)).toBe(false);
    expect(
      pageMeta({ matches: [{ id: 'root', meta: rootMeta, data: undefined }], location: { pathname: '/x' } }, 'landing'),
    ).toEqual(rootMeta);
  });
});

describe('page titles carry the tenant name (issue 18)', () => {
  it('says "Sign in | Northside Motors" on the sign-in page', () => {
    const matches = [{ id: 'root', meta: [{ title: 'Northside Motors' }], data: { tenant } }];
    const tags = signInMeta({ matches } as unknown as Parameters<typeof signInMeta>[0]);
    expect(tags).toContainEqual({ title: 'Sign in | Northside Motors' });
    expect(titledMeta([], 'Sign in')).toContainEqual({ title: 'Sign in' });
  });
});
