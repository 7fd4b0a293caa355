import { z } from 'zod';
import { DEFAULT_BUSINESS_HOURS, isTimeZone, type Weekday } from '../dealer-time';
import { TOO_MANY_REQUESTS_TEXTS } from './text';

// One tenant = one folder under tenants/ with config.json, flags.json and images.
// Texts may contain {tenantName}, {legalName} and {phone}; they are filled in when rendered.

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #1a2b3c');
const text = z.string().trim().min(1);
const link = z.union([
  z.literal(''),
  z.url({ protocol: /^https?$/ }),
  z.string().regex(/^\/[^/]/, 'must be a path starting with /'),
]);
const imageFile = z
  .string()
  .regex(/^[a-z0-9][a-z0-9._-]*\.(svg|png|jpg|jpeg|webp)$/, 'must be an image file name in the tenant folder');

export const PAGE_TYPES = [
  'landing',
  'search',
  'vehicleDetails',
  'whyUs',
  'warranty',
  'financing',
  'tradeIn',
  'faq',
  'accessibility',
  'contactUs',
  'privacyNotice',
  'privacyPolicy',
  'cookiePolicy',
  'termsOfUse',
  'savedVehicles',
  'signIn',
  'notFound',
] as const;
export type PageType = (typeof PAGE_TYPES)[number];

const pageMeta = z.strictObject({ title: text, description: text, keywords: z.array(text).min(1) });

const errorPageText = z.strictObject({ title: text, subtitle: text, callToAction: text });

/** Copy pages (why us, FAQ, privacy…): a heading, an intro and sections of paragraphs. */
const copyPage = z.strictObject({
  heading: text,
  intro: text,
  sections: z.array(z.strictObject({ heading: text, paragraphs: z.array(text).min(1) })).min(1),
});

export const COPY_PAGES = [
  'whyUs',
  'warranty',
  'financing',
  'tradeIn',
  'faq',
  'accessibility',
  'contactUs',
  'privacyNotice',
  'privacyPolicy',
  'cookiePolicy',
  'termsOfUse',
] as const;
export type CopyPage = (typeof COPY_PAGES)[number];
/** One copy page's texts, as its loader sends them (app/lib/copy-page.server.ts). */
export type PageCopy = z.infer<typeof copyPage>;

const region = z.strictObject({ poolId: text, clientId: text });

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time like 09:00 (24-hour)');
const dayHours = z
  .strictObject({ open: clock, close: clock })
  .refine((day) => day.open < day.close, 'close must be after open')
  .nullable();
/** Opening hours per weekday in the dealer's zone; null = closed. The seed's hours by default. */
const businessHours = z
  .strictObject({
    sunday: dayHours,
    monday: dayHours,
    tuesday: dayHours,
    wednesday: dayHours,
    thursday: dayHours,
    friday: dayHours,
    saturday: dayHours,
  } satisfies Record<Weekday, typeof dayHours>)
  .default(DEFAULT_BUSINESS_HOURS);

export const tenantConfigSchema = z
  .strictObject({
    brandName: text,
    legalName: text,
    isDefault: z.boolean(),
    domains: z.array(z.string().regex(/^[a-z0-9.-]+$/, 'must be a lower-case host name')).min(1),
    supportEmail: z.email(),
    /** Where contact-the-dealer leads go, as ADF/XML (the dealer's CRM inbox); default supportEmail. */
    leadEmail: z.email().optional(),
    /**
     * Who moves an order along on the built-in backend (issue 33, decision 076): `simulated`, the
     * sandbox dealer and contract service on their timers (the demo walks on its own), or `desk`,
     * nothing the dealer does happens until staff act at /desk. The sandbox lender and appraiser
     * answer instantly either way.
     */
    partners: z.enum(['simulated', 'desk']).default('simulated'),
    dealerPhone: z.strictObject({
      /** Ten digits, no formatting. */
      number: z.string().regex(/^\d{10}$/, 'must be ten digits'),
      countryCode: z.string().regex(/^\+\d{1,3}$/, 'must be like +1'),
      abbreviation: z.string().regex(/^[A-Z]{2,6}$/, 'must be 2-6 capital letters'),
    }),
    address: z.strictObject({
      street: text,
      city: text,
      state: z.string().regex(/^[A-Z]{2}$/),
      zip: z.string().regex(/^\d{5}$/),
    }),
    /** The dealer's IANA zone (e.g. America/Chicago): every date and time is shown in it. */
    timeZone: z.string().refine(isTimeZone, 'must be an IANA time zone like America/Chicago'),
    businessHours,
    socialLinks: z.array(
      z.strictObject({
        network: z.enum(['facebook', 'instagram', 'x', 'youtube', 'tiktok', 'linkedin']),
        url: z.url({ protocol: /^https$/ }),
      }),
    ),
    privacyContacts: z.strictObject({ email: z.email(), phone: z.string().regex(/^\d{10}$/), mailingAddress: text }),
    consumer: z.strictObject({
      identityRegions: z.strictObject({ primary: region, failover: region, failoverEnabled: z.boolean() }),
      socialLogin: z.boolean(),
      socialProviders: z.array(z.enum(['north-id', 'peak-id'])),
      marketingOptOuts: z.strictObject({ email: z.boolean(), sms: z.boolean() }),
      showFavorites: z.boolean(),
      signUpLayout: z.enum(['social-card', 'side-image', 'none']),
    }),
    contracting: z.strictObject({ finance: z.boolean(), cash: z.boolean(), lease: z.boolean() }),
    inventory: z.strictObject({
      mileageLimit: z.number().int().positive().max(900000),
      ageLimit: z.number().int().positive().max(50),
    }),
    theme: z.strictObject({
      primary: hexColor,
      primaryContrast: hexColor,
      accent: hexColor,
      accentContrast: hexColor,
      secondary: hexColor,
      secondaryContrast: hexColor,
      surface: hexColor,
      text: hexColor,
      radius: z.enum(['none', 'small', 'large']),
      font: z.enum(['sans', 'serif', 'rounded']),
    }),
    legalLinks: z.strictObject({
      privacyPolicy: link,
      termsOfUse: link,
      privacyNotice: link,
      cookiePolicy: link,
      accessibility: link,
    }),
    images: z.strictObject({
      logo: imageFile,
      hero: imageFile,
      notFound: imageFile.optional(),
      serverError: imageFile.optional(),
      signUpSide: imageFile.optional(),
      warranty: imageFile.optional(),
      /** The browser tab's icon; without one the site's /favicon.ico. */
      favicon: imageFile.optional(),
    }),
    redirects: z
      .strictObject({
        landing: z
          .string()
          .regex(/^\/[^/]/)
          .optional(),
      })
      .default({}),
    analytics: z.strictObject({ endpoint: z.url({ protocol: /^https?$/ }).optional() }).default({}),
    texts: z.strictObject({
      meta: z.record(z.enum(PAGE_TYPES), pageMeta),
      landing: z.strictObject({
        heroTitle: text,
        heroSubtitle: text,
        whyUs: z.array(z.strictObject({ title: text, body: text })).min(3),
        financingTeaser: z.strictObject({ title: text, body: text }),
        tradeInTeaser: z.strictObject({ title: text, body: text }),
      }),
      pages: z.record(z.enum(COPY_PAGES), copyPage),
      consumerAgreement: text,
      footerTagline: text,
      errors: z.strictObject({
        notFound: errorPageText,
        serverError: errorPageText,
        generic: errorPageText,
        tooManyRequests: errorPageText.default(TOO_MANY_REQUESTS_TEXTS),
      }),
      aftermarket: z.record(z.string(), z.strictObject({ title: text, body: text })).default({}),
    }),
  })
  .superRefine((config, ctx) => {
    const { consumer, images, contracting } = config;
    if (consumer.signUpLayout === 'side-image' && !images.signUpSide) {
      ctx.addIssue({
        code: 'custom',
        path: ['images', 'signUpSide'],
        message: "is required when consumer.signUpLayout is 'side-image'",
      });
    }
    if (consumer.signUpLayout === 'social-card' && !consumer.socialLogin) {
      ctx.addIssue({
        code: 'custom',
        path: ['consumer', 'signUpLayout'],
        message: "'social-card' needs consumer.socialLogin true",
      });
    }
    if (consumer.socialLogin && consumer.socialProviders.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['consumer', 'socialProviders'],
        message: 'needs at least one provider when socialLogin is true',
      });
    }
    if (!contracting.finance && !contracting.cash && !contracting.lease) {
      ctx.addIssue({ code: 'custom', path: ['contracting'], message: 'at least one purchase type must be on' });
    }
  });

export type TenantConfig = z.infer<typeof tenantConfigSchema>;

export type Tenant = TenantConfig & {
  /** The folder name. */
  id: string;
};

/** The part of a tenant that reaches the browser: no identity-pool ids, nothing private. */
export type PublicTenant = Pick<
  Tenant,
  | 'id'
  | 'brandName'
  | 'legalName'
  | 'isDefault'
  | 'supportEmail'
  | 'dealerPhone'
  | 'timeZone'
  | 'businessHours'
  | 'socialLinks'
  | 'legalLinks'
  | 'theme'
  | 'images'
> & {
  /** The texts but the copy pages': each copy page's loader sends its own (copyPageData). */
  texts: Omit<Tenant['texts'], 'pages'>;
  consumer: Pick<
    Tenant['consumer'],
    'socialLogin' | 'socialProviders' | 'showFavorites' | 'signUpLayout' | 'marketingOptOuts'
  >;
};

function publicTexts({ pages: _pages, ...texts }: Tenant['texts']): PublicTenant['texts'] {
  return texts;
}

export function toPublicTenant(tenant: Tenant): PublicTenant {
  return {
    id: tenant.id,
    brandName: tenant.brandName,
    legalName: tenant.legalName,
    isDefault: tenant.isDefault,
    supportEmail: tenant.supportEmail,
    dealerPhone: tenant.dealerPhone,
    timeZone: tenant.timeZone,
    businessHours: tenant.businessHours,
    socialLinks: tenant.socialLinks,
    legalLinks: tenant.legalLinks,
    theme: tenant.theme,
    images: tenant.images,
    texts: publicTexts(tenant.texts),
    consumer: {
      socialLogin: tenant.consumer.socialLogin,
      socialProviders: tenant.consumer.socialProviders,
      showFavorites: tenant.consumer.showFavorites,
      signUpLayout: tenant.consumer.signUpLayout,
      marketingOptOuts: tenant.consumer.marketingOptOuts,
    },
  };
}
