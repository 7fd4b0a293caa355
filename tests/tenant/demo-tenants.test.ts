import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { KNOWN_FLAGS, flagDatafileSchema } from '~/lib/flags/schema';
import { projectRoot } from '~/lib/shared/project-root.server';
import { COPY_PAGES, PAGE_TYPES, type CopyPage, type Tenant } from '~/lib/shared/tenant/schema';
import { loadTenants } from '~/lib/shared/tenant/tenants.server';
import { formatPhone } from '~/lib/shared/tenant/text';

// The demo tenants shipped in tenants/: they load, they are told apart by host, and their
// copy, images and flags hold what the seeds promise.

const TENANTS_DIR = path.join(projectRoot, 'tenants');
const registry = loadTenants(TENANTS_DIR);
const byId = (id: string): Tenant => {
  const tenant = registry.byId.get(id);
  if (!tenant) throw new Error(`no tenant ${id}`);
  return tenant;
};
const eachTenant = registry.all.map((tenant) => [tenant.id, tenant] as const);

/** Every string in a nested value, with its path, e.g. texts.pages.faq.sections.0.heading. */
function stringsIn(value: unknown, at: string): Array<[string, string]> {
  if (typeof value === 'string') return [[at, value]];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringsIn(item, `${at}.${index}`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => stringsIn(item, `${at}.${key}`));
  }
  return [];
}

function pageText(tenant: Tenant, page: CopyPage): string {
  return stringsIn(tenant.texts.pages[page], page)
    .map(([, text]) => text)
    .join('\n');
}

describe('loadTenants() on tenants/', () => {
  it('loads exactly default, lakeview and northside', () => {
    expect(registry.all.map((tenant) => tenant.id)).toEqual(['default', 'lakeview', 'northside']);
  });

  it('has one default tenant, the one called default', () => {
    expect(registry.all.filter((tenant) => tenant.isDefault).map((tenant) => tenant.id)).toEqual(['default']);
    expect(registry.defaultTenant.id).toBe('default');
    expect(registry.defaultTenant.brandName).toBe('Showroom');
  });

  it('serves each dealer on its own domain and the default on localhost', () => {
    expect(byId('default').domains).toEqual(['localhost', '127.0.0.1']);
    expect(byId('northside').domains).toEqual(['northside.localhost']);
    expect(byId('lakeview').domains).toEqual(['lakeview.localhost']);
  });
});

describe('forHost()', () => {
  it.each([
    ['localhost', 'default'],
    ['127.0.0.1', 'default'],
    ['localhost:3000', 'default'],
    ['127.0.0.1:5173', 'default'],
    ['northside.localhost', 'northside'],
    ['northside.localhost:3000', 'northside'],
    ['NorthSide.LOCALHOST:3000', 'northside'],
    ['lakeview.localhost', 'lakeview'],
    ['LAKEVIEW.localhost:8080', 'lakeview'],
  ])('picks the tenant for %s', (host, id) => {
    expect(registry.forHost(host).id).toBe(id);
  });

  it.each([
    ['an IPv6 literal with a port', '[::1]:3000'],
    ['an IPv6 literal without a port', '[::1]'],
    ['an unknown host', 'shop.example'],
    ['a sub-domain of a dealer', 'www.northside.localhost'],
    ['an empty header', ''],
    ['no header', null],
    ['undefined', undefined],
  ])('gives the default tenant to %s', (_label, host) => {
    expect(registry.forHost(host).id).toBe('default');
  });
});

describe.each(eachTenant)('tenant %s', (id, tenant) => {
  it('has a folder name that is a lower-case id', () => {
    expect(id).toMatch(/^[a-z0-9][a-z0-9-]*$/);
  });

  it('uses .test e-mail addresses and fictional 555-01xx phone numbers', () => {
    expect(tenant.supportEmail).toMatch(/\.test$/);
    expect(tenant.privacyContacts.email).toMatch(/\.test$/);
    expect(tenant.dealerPhone.number).toMatch(/^\d{3}55501\d{2}$/);
    expect(tenant.privacyContacts.phone).toMatch(/^\d{3}55501\d{2}$/);
    expect(tenant.dealerPhone.countryCode).toBe('+1');
  });

  it('has an address whose zip exists in its city and state', () => {
    const zipcodes = createRequire(import.meta.url)('zipcodes') as {
      lookup(zip: string): { city: string; state: string } | undefined;
    };
    const place = zipcodes.lookup(tenant.address.zip);
    expect(place, `zip ${tenant.address.zip}`).toBeDefined();
    expect(place?.city).toBe(tenant.address.city);
    expect(place?.state).toBe(tenant.address.state);
    expect(tenant.privacyContacts.mailingAddress).toContain(tenant.address.zip);
  });

  it('links to social networks on .example domains over https', () => {
    expect(tenant.socialLinks.length).toBeGreaterThan(0);
    for (const link of tenant.socialLinks) expect(new URL(link.url).hostname).toMatch(/\.example$/);
  });

  it('uses the seed inventory limits and leaves landing redirect and analytics unset', () => {
    expect(tenant.inventory).toEqual({ mileageLimit: 900000, ageLimit: 50 });
    expect(tenant.redirects.landing).toBeUndefined();
    expect(tenant.analytics.endpoint).toBeUndefined();
  });

  it('has consistent consumer settings', () => {
    const { consumer } = tenant;
    // Without social login there is nothing to offer; with it, at least one provider.
    if (consumer.socialLogin) expect(consumer.socialProviders.length).toBeGreaterThan(0);
    else expect(consumer.socialProviders).toEqual([]);
    // The social-card layout needs social login; the side-image layout needs its image.
    if (consumer.signUpLayout === 'social-card') expect(consumer.socialLogin).toBe(true);
    if (consumer.signUpLayout === 'side-image') expect(tenant.images.signUpSide).toBeDefined();
    expect(Object.values(tenant.contracting)).toContain(true);
  });

  it('ships hand-drawn, accessible, script-free SVG images', () => {
    for (const [key, file] of Object.entries(tenant.images)) {
      if (!file) continue;
      expect(file, `images.${key}`).toMatch(/\.svg$/);
      const svg = readFileSync(path.join(TENANTS_DIR, id, file), 'utf8');
      expect(svg, file).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(svg, file).toContain('role="img"');
      expect(svg, file).toMatch(/<title id="([^"]+)">[^<]+<\/title>/);
      const titleId = /<title id="([^"]+)">/.exec(svg)?.[1];
      expect(svg, file).toMatch(new RegExp(`aria-labelledby="${titleId}[" ]`));
      expect(svg, file).not.toMatch(/<script|<foreignObject|\son[a-z]+=|href=|<image/i);
      expect(Buffer.byteLength(svg), file).toBeLessThan(8 * 1024);
    }
  });

  describe('texts', () => {
    const strings = stringsIn(tenant.texts, 'texts');

    it('has meta for every page type and every copy page', () => {
      expect(Object.keys(tenant.texts.meta).sort()).toEqual([...PAGE_TYPES].sort());
      expect(Object.keys(tenant.texts.pages).sort()).toEqual([...COPY_PAGES].sort());
    });

    it('uses no placeholders other than {tenantName}, {legalName} and {phone}', () => {
      for (const [at, text] of strings) {
        const rest = text.replaceAll('{tenantName}', '').replaceAll('{legalName}', '').replaceAll('{phone}', '');
        expect(rest, at).not.toMatch(/[{}]/);
      }
    });

    it('writes its own brand, legal name and phone only as placeholders', () => {
      const dealerPhone = formatPhone(tenant.dealerPhone.number);
      const otherBrands = registry.all.filter((other) => other.id !== id).map((other) => other.brandName);
      for (const [at, text] of strings) {
        expect(text, at).not.toContain(tenant.brandName);
        expect(text, at).not.toContain(tenant.legalName);
        expect(text, at).not.toContain(dealerPhone);
        for (const brand of otherBrands) expect(text, at).not.toContain(brand);
      }
    });

    it("mentions only the tenant's own e-mail addresses and privacy phone", () => {
      const emails = new Set([tenant.supportEmail, tenant.privacyContacts.email]);
      const privacyPhone = formatPhone(tenant.privacyContacts.phone);
      for (const [at, text] of strings) {
        for (const email of text.match(/[\w.+-]+@[\w.-]+\.[a-z]+/g) ?? []) expect(emails, at).toContain(email);
        for (const phone of text.match(/\(\d{3}\) \d{3} - \d{4}/g) ?? []) expect(phone, at).toBe(privacyPhone);
      }
    });

    it('offers Go to Homepage on every error page', () => {
      for (const page of Object.values(tenant.texts.errors)) expect(page.callToAction).toBe('Go to Homepage');
    });

    it('has the landing copy and aftermarket cards that name the tenant', () => {
      expect(tenant.texts.landing.whyUs.length).toBeGreaterThanOrEqual(3);
      expect(Object.keys(tenant.texts.aftermarket).sort()).toEqual(['gap', 'protection', 'warranty']);
      for (const card of Object.values(tenant.texts.aftermarket)) {
        expect(`${card.title} ${card.body}`).toContain('{tenantName}');
      }
    });

    // The seeds' numbers, as each tenant words them (seed 002 §9, seed 001 §9).
    const facts: Record<CopyPage, RegExp[]> = {
      whyUs: [/6 months or 6,000 miles/, /5 days and up to 500 miles/],
      warranty: [/6 months or 6,000 miles/, /5 days and (up to )?500 miles/],
      financing: [
        /740-900/,
        /700-739/,
        /668-699/,
        /640-667/,
        /30 days/,
        /(does not|doesn't|won't) (affect|touch|ding)/,
        /48/,
        /3 business days/,
        /fully refundable/,
        /\$7,000/,
        /\$6,500/,
        /ACH/,
      ],
      tradeIn: [
        /7 days/,
        /3 to 5 minutes/,
        /next business day/,
        /9:00am to 12:00am/,
        /11:00am to 12:00am/,
        /Monday (to|through) Saturday/,
        /one (trade-in|vehicle) per purchase/i,
      ],
      faq: [/lender-qualified/i, /50 miles/, /60 days/, /24 hours/, /Illinois/, /4MB/, /25MB/],
      accessibility: [/WCAG\)? 2\.2/, /\{phone\}/],
      contactUs: [/\{phone\}/, /9am to 6pm/, /9am to 5pm/, /Sunday:? closed/i],
      privacyNotice: [
        /45 days/,
        /90 days/,
        /12 months/,
        /\b2\b/,
        /under 18/,
        /30 days/,
        /authorized agent/i,
        /(no fee|free|no charge)/i,
      ],
      privacyPolicy: [
        /45 days/,
        /90 days/,
        /12 months/,
        /up to 2 access or portability requests|limited to 2 per 12 months/,
        /under 18/,
        /under 13/,
        /30 days/,
        /60 days/,
        /authorized agent/i,
        /no fee/i,
      ],
      cookiePolicy: [/one day/, /first name, last name and e-mail/],
      termsOfUse: [/30 days/, /30 days' written notice/, /60 days/, /100%/, /pro-rated/, /\$50/],
    };

    it.each(COPY_PAGES)('%s page states the seed facts', (page) => {
      const text = pageText(tenant, page);
      for (const fact of facts[page]) expect(text, `${page} should match ${fact}`).toMatch(fact);
    });

    it('explains lender-qualified in the FAQ the vehicle card links to', () => {
      const faq = tenant.texts.pages.faq.sections.find((section) => /lender-qualified/i.test(section.heading));
      expect(faq?.paragraphs.join(' ')).toMatch(/pre-qualification/);
    });
  });
});

describe('flags.json', () => {
  describe.each(eachTenant)('%s', (id) => {
    const datafile = flagDatafileSchema.parse(
      JSON.parse(readFileSync(path.join(TENANTS_DIR, id, 'flags.json'), 'utf8')),
    );

    it('declares every known flag with its type, options and a description', () => {
      for (const [key, known] of Object.entries(KNOWN_FLAGS)) {
        const flag = datafile.flags[key];
        expect(flag?.type, key).toBe(known.type);
        expect(flag?.description, key).toBeTruthy();
        if (known.type === 'variable' && flag?.type === 'variable') expect(flag.options).toEqual(known.options);
      }
    });

    it('ships the demo defaults', () => {
      expect(Object.fromEntries(Object.entries(datafile.flags).map(([key, flag]) => [key, flag.value]))).toEqual({
        'consolidate-finance-and-signing': false,
        'deal-review-page': false,
        'progress-message-banner': 'message-with-timer',
        'price-guide-badge': true,
      });
    });
  });
});

describe('the three brands', () => {
  const [showroom, lakeview, northside] = [byId('default'), byId('lakeview'), byId('northside')];
  const all = [showroom, lakeview, northside];
  const distinct = (values: string[]) => new Set(values).size === values.length;

  it('differ in name, colours, type and hero title', () => {
    expect(distinct(all.map((tenant) => tenant.brandName))).toBe(true);
    expect(distinct(all.map((tenant) => tenant.legalName))).toBe(true);
    for (const key of ['primary', 'accent', 'secondary', 'surface'] as const) {
      expect(distinct(all.map((tenant) => tenant.theme[key])), key).toBe(true);
    }
    expect(distinct(all.map((tenant) => tenant.theme.font))).toBe(true);
    expect(distinct(all.map((tenant) => tenant.theme.radius))).toBe(true);
    expect(distinct(all.map((tenant) => tenant.texts.landing.heroTitle))).toBe(true);
    expect(distinct(all.map((tenant) => tenant.texts.footerTagline))).toBe(true);
    expect(distinct(all.map((tenant) => `${tenant.address.city}, ${tenant.address.state}`))).toBe(true);
    expect(
      distinct(all.map((tenant) => readFileSync(path.join(TENANTS_DIR, tenant.id, tenant.images.logo), 'utf8'))),
    ).toBe(true);
  });

  it('gives the default tenant the seed theme: primary blue, accent yellow, secondary magenta', () => {
    expect(showroom.theme).toMatchObject({ primary: '#1f5fd6', accent: '#f5c518', secondary: '#c2187a' });
  });

  it('lets the default tenant fall back to the built-in error illustrations', () => {
    expect(showroom.images.notFound).toBeUndefined();
    expect(showroom.images.serverError).toBeUndefined();
    for (const dealer of [lakeview, northside]) {
      expect(dealer.images).toMatchObject({
        notFound: 'not-found.svg',
        serverError: 'server-error.svg',
        signUpSide: 'sign-up-side.svg',
        warranty: 'warranty.svg',
      });
    }
  });

  it('varies the consumer settings and legal links across tenants', () => {
    expect(showroom.consumer).toMatchObject({ socialLogin: true, showFavorites: true, signUpLayout: 'social-card' });
    expect(northside.consumer).toMatchObject({ socialLogin: false, signUpLayout: 'side-image' });
    expect(lakeview.consumer).toMatchObject({ showFavorites: false, signUpLayout: 'none' });
    const links = all.flatMap((tenant) => Object.values(tenant.legalLinks));
    expect(links.filter((link) => link.startsWith('https://'))).toHaveLength(1);
    expect(links.filter((link) => link.startsWith('/')).length).toBe(links.length - 1);
  });
});
