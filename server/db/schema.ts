import { sql } from 'drizzle-orm';
import type { CashCoBuyerValue } from '../../app/lib/contract/checkout';
import type { PricedDeal } from '../../app/lib/shared/pricing/deal';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// Money is in integer cents, times are UTC. Every row that belongs to a dealer
// carries its tenant id, and queries put it in the where clause.

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const vehicles = pgTable(
  'vehicles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id').notNull(),
    vin: text('vin').notNull(),
    year: smallint('year').notNull(),
    make: text('make').notNull(),
    model: text('model').notNull(),
    trim: text('trim').notNull(),
    bodyStyle: text('body_style').notNull(),
    primaryColor: text('primary_color').notNull(),
    secondaryColor: text('secondary_color'),
    /**
     * The dealer's colour name as its feed wrote it ("Gun Metallic / Black"), shown to shoppers;
     * the two colours above are its families, which the filters and the drawings use. Null for
     * vehicles whose colours are only families (the demo seed).
     */
    colorName: text('color_name'),
    mileage: integer('mileage').notNull(),
    type: text('type', { enum: ['NEW', 'CPO', 'USED'] }).notNull(),
    msrpCents: integer('msrp_cents').notNull(),
    incentivesCents: integer('incentives_cents').notNull().default(0),
    priceCents: integer('price_cents').notNull(),
    priceGuide: text('price_guide', { enum: ['GOOD_PRICE', 'GREAT_PRICE'] }),
    dealerZip: text('dealer_zip').notNull(),
    status: text('status', { enum: ['Available', 'PendingSale', 'Sold', 'Deleted'] })
      .notNull()
      .default('Available'),
    holdUntil: timestamp('hold_until', { withTimezone: true, mode: 'date' }),
    heldBy: uuid('held_by'),
    drivetrain: text('drivetrain').notNull(),
    engine: text('engine').notNull(),
    transmission: text('transmission').notNull(),
    fuelType: text('fuel_type').notNull(),
    mpgCity: smallint('mpg_city'),
    mpgHighway: smallint('mpg_highway'),
    seats: smallint('seats').notNull(),
    features: jsonb('features').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    /** From a dealer's inventory feed (server/inventory/import): the dealer's stock number. */
    stockNumber: text('stock_number'),
    /** The feed's photo URLs, in order (fetched by the photo pipeline; none: drawn art). */
    photoUrls: jsonb('photo_urls').$type<string[]>().notNull().default([]),
    /** A hash of the feed row last applied: the same row again changes nothing. */
    feedHash: text('feed_hash'),
  },
  (t) => [
    uniqueIndex('vehicles_tenant_vin_uq').on(t.tenantId, t.vin),
    // (tenant, status, price) went in 0006: the listed partial indexes below serve every sort,
    // and nothing reads one status in price order; each index cost the import a write per row.
    index('vehicles_tenant_make_model_idx').on(t.tenantId, t.make, t.model),
    index('vehicles_tenant_body_idx').on(t.tenantId, t.bodyStyle, t.priceCents.desc()),
    index('vehicles_tenant_year_idx').on(t.tenantId, t.year),
    // Search lists Available and Sale Pending vehicles together; an IN list on status cannot be
    // read in price order from the index above, so each sort has a partial index over the
    // listed rows, with the id as tie-breaker for stable pages (server/inventory/search.ts).
    index('vehicles_listed_price_idx')
      .on(t.tenantId, t.priceCents.desc(), t.id)
      .where(sql`status in ('Available', 'PendingSale')`),
    // By type first: new vehicles' near-zero mileage would otherwise sit in front of every used one.
    index('vehicles_listed_mileage_idx')
      .on(t.tenantId, t.type, t.mileage, t.id)
      .where(sql`status in ('Available', 'PendingSale')`),
    index('vehicles_listed_year_idx')
      .on(t.tenantId, t.year.desc(), t.priceCents.desc(), t.id)
      .where(sql`status in ('Available', 'PendingSale')`),
    index('vehicles_listed_created_idx')
      .on(t.tenantId, t.createdAt.desc(), t.id)
      .where(sql`status in ('Available', 'PendingSale')`),
    // Distance sort: one short read per dealer zip, nearest zip first.
    index('vehicles_listed_zip_price_idx')
      .on(t.tenantId, t.dealerZip, t.priceCents.desc(), t.id)
      .where(sql`status in ('Available', 'PendingSale')`),
    // Checkout: lapsed holds are found by time, for the sweep and the lazy release.
    index('vehicles_hold_until_idx')
      .on(t.holdUntil)
      .where(sql`hold_until is not null`),
  ],
);

/**
 * The photo pipeline's queue and record (issue 16 point 2): one row per photo URL a tenant's
 * feed lists. The import adds `pending` rows in its own transaction (a cheap insert); a worker
 * fetches, checks and resizes them later (server/inventory/photos/jobs.ts), so the import never
 * waits for a photo and a restart loses nothing. `photo` is the stored result (the rendition key,
 * widths, size and blurred placeholder); cards and galleries read it by (tenant, URL).
 */
export const photoJobs = pgTable(
  'photo_jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: text('tenant_id').notNull(),
    sourceUrl: text('source_url').notNull(),
    status: text('status', { enum: ['pending', 'working', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** A worker's claim lapses at this time (a process that died mid-photo gives it back). */
    runAfter: timestamp('run_after', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    photo: jsonb('photo').$type<{
      key: string;
      width: number;
      height: number;
      widths: number[];
      placeholder: string;
    }>(),
    /** Why the photo was refused (tooLarge, unsupportedType, unreadable, fetchFailed). */
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('photo_jobs_tenant_url_uq').on(t.tenantId, t.sourceUrl),
    index('photo_jobs_due_idx')
      .on(t.runAfter)
      .where(sql`status in ('pending', 'working')`),
  ],
);

/**
 * Photo URLs a feed import handed to the photo worker, a few hundred to a row (one row per
 * chunk of an import batch, not one per URL: see docs/decisions/037-import-work.md). The worker
 * takes the oldest row, records its URLs as photo_jobs (a URL already known is left alone) and
 * deletes it, in one statement, when it has no photo of its own to fetch.
 */
export const photoQueue = pgTable('photo_queue', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  tenantId: text('tenant_id').notNull(),
  urls: text('urls').array().notNull(),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    passwordHash: text('password_hash'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true, mode: 'date' }),
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true, mode: 'date' }),
    marketingEmail: boolean('marketing_email').notNull().default(false),
    marketingSms: boolean('marketing_sms').notNull().default(false),
    failedSignIns: integer('failed_sign_ins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_tenant_email_uq').on(t.tenantId, t.email)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    /** The sign-in this token belongs to (kept across rotation); null for tokens from before sessions. */
    sessionId: uuid('session_id'),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_uq').on(t.tokenHash)],
);

/**
 * One row per sign-in. Every identity token names its session (`sid`) and the API checks it on
 * every call, so signing out (or a password reset) ends the session everywhere at once.
 */
export const identitySessions = pgTable(
  'identity_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('identity_sessions_user_idx').on(t.userId)],
);

/** Attempt counters for lockouts and rate limits; kept in the database so they survive a restart. */
export const attemptCounters = pgTable('attempt_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
});

export const favorites = pgTable(
  'favorites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.vehicleId] })],
);

/** What an order stores of its deal: the priced figures and the parties who signed up for it. */
export type OrderDeal = {
  priced: PricedDeal;
  /** The protection plans by name, and the trade-in vehicle, for the deal's lines (issue 31); absent on older orders. */
  protectionPlans?: Array<{ name: string; priceCents: number }>;
  tradeIn?: { year: number; make: string; model: string } | null;
  parties: {
    buyer: { firstName: string; lastName: string; email: string | null } | null;
    coBuyer: { firstName: string; lastName: string; email: string | null } | null;
  };
};

export type DeliveryDetails = {
  method: 'DELIVERY' | 'PICKUP';
  address?: string;
  zip?: string;
  location?: string;
  instructions?: string;
  state: 'Requested' | 'Confirmed';
};

export const orders = pgTable(
  'orders',
  {
    orderNumber: text('order_number').primaryKey(),
    tenantId: text('tenant_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id),
    orderStatus: text('order_status').notNull(),
    isOrderStatusReset: boolean('is_order_status_reset').notNull().default(false),
    dealRefId: text('deal_ref_id').notNull(),
    dealType: text('deal_type', { enum: ['Cash', 'Finance', 'Lease'] }).notNull(),
    dealSource: text('deal_source', { enum: ['DealerInitiated', 'ConsumerInitiated'] }).notNull(),
    dealStatus: text('deal_status'),
    hasPaymentInfo: boolean('has_payment_info').notNull().default(false),
    paymentStatus: text('payment_status'),
    deliveryAppointment: timestamp('delivery_appointment', { withTimezone: true, mode: 'date' }),
    delivery: jsonb('delivery').$type<DeliveryDetails>(),
    idVerificationStatus: text('id_verification_status', {
      enum: ['NOT_STARTED', 'INITIATED', 'COMPLETED', 'ERROR'],
    }),
    requiredDocuments: jsonb('required_documents').$type<string[]>().notNull().default([]),
    priceCents: integer('price_cents').notNull(),
    downPaymentCents: integer('down_payment_cents').notNull().default(0),
    /** The priced deal as accepted at placement (app/lib/shared/pricing); null for demo orders. */
    deal: jsonb('deal').$type<OrderDeal>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('orders_tenant_user_idx').on(t.tenantId, t.userId, t.createdAt),
    uniqueIndex('orders_deal_ref_uq').on(t.dealRefId),
  ],
);

export const orderHistory = pgTable(
  'order_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderNumber: text('order_number')
      .notNull()
      .references(() => orders.orderNumber, { onDelete: 'cascade' }),
    changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    orderStatus: text('order_status').notNull(),
    dealStatus: text('deal_status'),
  },
  (t) => [index('order_history_order_idx').on(t.orderNumber, t.changedAt)],
);

export const idVerifications = pgTable('id_verifications', {
  orderNumber: text('order_number')
    .primaryKey()
    .references(() => orders.orderNumber, { onDelete: 'cascade' }),
  status: text('status', { enum: ['NOT_STARTED', 'INITIATED', 'SUCCESSFUL', 'FAILED', 'CANCELLED'] })
    .notNull()
    .default('NOT_STARTED'),
  transactionsAmount: integer('transactions_amount').notNull().default(0),
  linkTokenHash: text('link_token_hash'),
  linkExpiresAt: timestamp('link_expires_at', { withTimezone: true, mode: 'date' }),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const insuranceVerifications = pgTable('insurance_verifications', {
  orderNumber: text('order_number')
    .primaryKey()
    .references(() => orders.orderNumber, { onDelete: 'cascade' }),
  policyStatus: text('policy_status').notNull().default('NOT_INITIATED'),
  termsVersion: smallint('terms_version'),
  consentLanguage: text('consent_language'),
  consentedAt: timestamp('consented_at', { withTimezone: true, mode: 'date' }),
  pullId: text('pull_id'),
  lastError: text('last_error'),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const signings = pgTable('signings', {
  orderNumber: text('order_number')
    .primaryKey()
    .references(() => orders.orderNumber, { onDelete: 'cascade' }),
  ready: boolean('ready').notNull().default(false),
  notificationSent: boolean('notification_sent').notNull().default(false),
  status: text('status', { enum: ['NotStarted', 'Sent', 'Signed', 'Cancelled'] })
    .notNull()
    .default('NotStarted'),
  buyerSigned: boolean('buyer_signed').notNull().default(false),
  dealerSigned: boolean('dealer_signed').notNull().default(false),
  preparingSince: timestamp('preparing_since', { withTimezone: true, mode: 'date' }),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dealId: text('deal_id').notNull(),
    key: text('key').notNull(),
    type: text('type').notNull(),
    status: text('status', { enum: ['INITIALIZED', 'UPLOADING', 'COMPLETE', 'FAIL'] }).notNull(),
    fileName: text('file_name'),
    contentType: text('content_type'),
    size: integer('size'),
    storagePath: text('storage_path'),
    createdAt: createdAt(),
    /** The dealer's review at the desk (issue 33): null until staff look at it. */
    reviewStatus: text('review_status', { enum: ['ACCEPTED', 'REJECTED'] }),
    /** A rejection's reason, a key of DOCUMENT_REJECTION_REASONS (written for the shopper). */
    reviewReason: text('review_reason'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('documents_deal_idx').on(t.dealId, t.key)],
);

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderNumber: text('order_number')
      .notNull()
      .references(() => orders.orderNumber, { onDelete: 'cascade' }),
    method: text('method', { enum: ['CARD', 'ACH', 'DEPOSIT', 'DEALERSHIP'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status').notNull(),
    cardLast4: text('card_last4'),
    idempotencyKey: text('idempotency_key').notNull(),
    /** A refund (status REFUNDED) of a card payment: the payment it gives money back on. */
    refundOf: uuid('refund_of'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('payments_idempotency_uq').on(t.idempotencyKey)],
);

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: text('tenant_id').notNull(),
    kind: text('kind', { enum: ['pageview', 'event'] }).notNull(),
    name: text('name'),
    sessionId: text('session_id'),
    path: text('path'),
    query: text('query'),
    vin: text('vin'),
    trafficSource: text('traffic_source'),
    orderId: text('order_id'),
    properties: jsonb('properties').$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('analytics_tenant_created_idx').on(t.tenantId, t.createdAt)],
);

/** Messages that would leave by e-mail or SMS; the embedded default delivers them here. */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: text('tenant_id').notNull(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    /**
     * An e-mail's files (an appointment's .ics), as SMTP would attach them, then its HTML part
     * marked `alternative: true` (decision 111).
     */
    attachments:
      jsonb('attachments').$type<
        Array<{ filename: string; contentType: string; content: string; alternative?: true }>
      >(),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_created_idx').on(t.createdAt)],
);

/** One row per completed seed, so `npm start` seeds only on the first run. */
export const seedRuns = pgTable('seed_runs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  vehicles: integer('vehicles').notNull(),
  tenants: jsonb('tenants').$type<string[]>().notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .default(sql`now()`),
});

// ── Accounts (issue 4): one-time codes, linked social identities, unconfirmed sign-ups ──

/**
 * One-time codes (e-mail and SMS confirmation, sign-in passcodes, password reset, e-mail
 * change). Only an HMAC of the code is kept. A request for an e-mail nobody owns still
 * gets a row (with no target, nothing sent), so the answers never tell who has an account.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey(),
    tenantId: text('tenant_id').notNull(),
    purpose: text('purpose', {
      enum: ['confirm-email', 'confirm-sms', 'passcode', 'reset', 'email-change', 'privacy'],
    }).notNull(),
    /** Whose code it is: the lower-case e-mail, or the user id for an e-mail change. */
    subject: text('subject').notNull(),
    /** Where it was sent (an e-mail, ten phone digits, the new e-mail); null when nothing was sent. */
    target: text('target'),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('verification_codes_subject_idx').on(t.tenantId, t.purpose, t.subject, t.createdAt)],
);

/** A shopper's accounts at the social identity providers, linked by verified e-mail. */
export const socialIdentities = pgTable(
  'social_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['north-id', 'peak-id'] }).notNull(),
    /** The provider's `sub` claim. */
    subject: text('subject').notNull(),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('social_identities_subject_uq').on(t.tenantId, t.provider, t.subject),
    index('social_identities_user_idx').on(t.userId),
  ],
);

/** Accounts made by sign-up that no e-mail or SMS code has confirmed yet; they cannot sign in with a password. */
export const pendingConfirmations = pgTable('pending_confirmations', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

// ── Checkout (issue 6): carts, the vehicle hold, the credit application and placement ──

/** Numbers of orders placed through checkout: SR-<TENANT>-<n>, after the seeded 10001… range. */
export const checkoutOrderNumbers = pgSequence('checkout_order_number_seq', { startWith: 20001 });

export type CartFulfillment = { method: 'delivery' | 'pickup'; zip: string };
export type CartDecision = {
  status: 'APPROVED' | 'DECLINED' | 'PENDING';
  lenderName: string | null;
  creditTier: 'excellent' | 'veryGood' | 'good' | 'fair' | null;
  aprPercent: number | null;
  termMonths: number | null;
  monthlyPaymentCents: number | null;
  financedCents: number | null;
  shopperAnswer: 'accepted' | 'declined' | null;
  reasons: string[];
  decidedAt: string;
};
export type CartBureauFile = {
  found: boolean;
  score: number | null;
  ssnOnFile: boolean;
  pulledAt: string;
  /** 'prequal': taken over from the shopper's pre-qualification (server/prequal/checkout-reuse.ts). */
  source?: 'prequal';
};

/**
 * A shopper's cart: owned by the signed-in shopper (user_id) or, before sign-in, by the
 * storefront session (session_id); at most one open cart per owner. The vehicle it holds is
 * marked on the vehicle itself (vehicles.held_by = carts.id, vehicles.hold_until). SSN and
 * date of birth never sit in credit_answers: they are in pii_cipher, AES-256-GCM.
 */
export const carts = pgTable(
  'carts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text('session_id'),
    status: text('status', { enum: ['open', 'placed', 'abandoned'] })
      .notNull()
      .default('open'),
    vehicleId: uuid('vehicle_id').references(() => vehicles.id),
    dealType: text('deal_type', { enum: ['Cash', 'Finance', 'Lease'] }).notNull(),
    step: text('step').notNull().default('cart'),
    completedSteps: jsonb('completed_steps').$type<string[]>().notNull().default([]),
    downPaymentCents: integer('down_payment_cents').notNull().default(0),
    termMonths: integer('term_months').notNull(),
    annualMiles: integer('annual_miles'),
    timerVisible: boolean('timer_visible').notNull().default(true),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true, mode: 'date' }),
    protectionStatus: text('protection_status', { enum: ['undecided', 'added', 'declined'] })
      .notNull()
      .default('undecided'),
    protectionPlanIds: jsonb('protection_plan_ids').$type<string[]>().notNull().default([]),
    fulfillment: jsonb('fulfillment').$type<CartFulfillment>(),
    creditAnswers: jsonb('credit_answers').$type<Record<string, Record<string, unknown>>>().notNull().default({}),
    creditCompleted: jsonb('credit_completed').$type<string[]>().notNull().default([]),
    piiCipher: text('pii_cipher'),
    bureauFile: jsonb('bureau_file').$type<CartBureauFile>(),
    applicationSubmittedAt: timestamp('application_submitted_at', { withTimezone: true, mode: 'date' }),
    decision: jsonb('decision').$type<CartDecision>(),
    dealStatus: text('deal_status'),
    placementStatus: text('placement_status', { enum: ['NOT_PLACED', 'CHARGING', 'DECLINED', 'FAILED', 'PLACED'] })
      .notNull()
      .default('NOT_PLACED'),
    placementKey: text('placement_key'),
    placementAttempt: integer('placement_attempt').notNull().default(0),
    placementMethod: text('placement_method', { enum: ['CARD', 'ACH', 'DEPOSIT'] }),
    placementAmountCents: integer('placement_amount_cents'),
    placementLast4: text('placement_last4'),
    placementStartedAt: timestamp('placement_started_at', { withTimezone: true, mode: 'date' }),
    placementReadyAt: timestamp('placement_ready_at', { withTimezone: true, mode: 'date' }),
    orderNumber: text('order_number').references(() => orders.orderNumber, { onDelete: 'set null' }),
    /** What the receipt shows, fixed when the order is placed (seed 002 §3 "Order receipt"). */
    receipt: jsonb('receipt').$type<Record<string, unknown>>(),
    /** The applied trade-in (server/trade-in), one per purchase. */
    tradeIn: jsonb('trade_in').$type<CartTradeInRow>(),
    /** The credit tier the vehicle page's estimate was priced at (issue 12 item 2); null: the default tier. */
    estimateTier: text('estimate_tier', { enum: ['excellent', 'veryGood', 'good', 'fair'] }),
    /** The priced deal the shopper last acknowledged: changed figures are shown against it (issue 12 item 2). */
    acknowledgedDeal: jsonb('acknowledged_deal').$type<PricedDeal>(),
    /** Cash only: the co-buyer named on Order Details (seed 002 §2; issue 12 item 6). */
    coBuyer: jsonb('co_buyer').$type<CashCoBuyerValue>(),
    /**
     * The zip the shopper had given when the purchase started (the one the vehicle page priced
     * with): taxes and fees follow it until Order Details or the credit application says where
     * they live (issue 31 point 2). Null: none was given, the estimate row.
     */
    startZip: text('start_zip'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('carts_open_user_uq')
      .on(t.tenantId, t.userId)
      .where(sql`status = 'open' and user_id is not null`),
    uniqueIndex('carts_open_session_uq')
      .on(t.tenantId, t.sessionId)
      .where(sql`status = 'open' and user_id is null`),
    // One order per cart: a retried or doubled placement cannot make a second one.
    uniqueIndex('carts_order_number_uq').on(t.orderNumber),
    index('carts_user_idx').on(t.tenantId, t.userId, t.updatedAt),
  ],
);

/** What a shopper typed for a pre-qualification, besides the secrets (kept 30 days unless they consent). */
export type PrequalDetails = {
  firstName: string;
  lastName: string;
  address: {
    addressLine1: string;
    unitType?: string | null;
    addressLine2?: string | null;
    city: string;
    state: string;
    zip: string;
  };
  annualIncome: number;
  email: string;
};

/**
 * The details as the column keeps them: sealed (AES-256-GCM under the PII key, server/prequal),
 * or, in rows written before issue 29, the plain object, which still reads until rewritten.
 */
export type StoredPrequalDetails = { sealed: string } | PrequalDetails;

/**
 * A shopper's standalone pre-qualification (seed 002 §4, seed 001 §4 statuses), one per shopper
 * and tenant: the bureau's soft pull, its status and 30-day expiry. Date of birth and SSN sit in
 * pii_cipher (AES-256-GCM, the row id as associated data). What was typed (details, pii_cipher)
 * is deleted 30 days after it was entered unless keep_data (seed 002 §9); status, score and
 * expiry stay, so the shopper still sees that it expired.
 */
export const prequalifications = pgTable(
  'prequalifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', {
      enum: ['mq_incompleted', 'retailer_declined', 'mq_declined', 'mq_approved', 'mf_completed'],
    }).notNull(),
    /** The bureau's last answer: approved, declined, frozen, identityFailed, notFound. */
    outcome: text('outcome').notNull(),
    score: integer('score'),
    pulledAt: timestamp('pulled_at', { withTimezone: true, mode: 'date' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    details: jsonb('details').$type<StoredPrequalDetails>(),
    piiCipher: text('pii_cipher'),
    keepData: boolean('keep_data').notNull().default(false),
    dataEnteredAt: timestamp('data_entered_at', { withTimezone: true, mode: 'date' }),
    purgedAt: timestamp('purged_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('prequalifications_user_uq').on(t.tenantId, t.userId),
    // The retention purge reads only rows that still hold typed data.
    index('prequalifications_purge_idx')
      .on(t.dataEnteredAt)
      .where(sql`details is not null and keep_data = false`),
  ],
);
/**
 * The sandbox payment gateway's memory (decision 011): one row per idempotency key, so a
 * retried or reconciled charge gets the processor's first answer back after a restart, and a
 * key voided by reconciliation can never be charged later. A real processor keeps this itself.
 */
export const sandboxGatewayAnswers = pgTable('sandbox_gateway_answers', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  kind: text('kind', { enum: ['card', 'bank', 'refund'] }).notNull(),
  amountCents: integer('amount_cents').notNull(),
  /**
   * approved (card), pending (bank), declined, voided (refunded, or refused before any charge),
   * or refunded (a refund: part or all of a captured charge given back).
   */
  status: text('status', { enum: ['approved', 'pending', 'declined', 'voided', 'refunded'] }).notNull(),
  /** A refund's charge (its idempotency key). */
  chargeKey: text('charge_key'),
  reason: text('reason'),
  last4: text('last4'),
  reference: text('reference'),
  createdAt: createdAt(),
  voidedAt: timestamp('voided_at', { withTimezone: true, mode: 'date' }),
});

/** A saved trade-in's payoff: the lender's quote or the shopper's estimate (no SSN digits, ever). */
export type TradeInPayoff = {
  lender: string;
  source: 'quote' | 'estimate';
  balanceCents: number;
  accountLast4: string | null;
  quotedAt: string;
};
/** The trade-in a cart carries (one per purchase), fixed when the offer is applied. */
export type CartTradeInRow = {
  offerId: string;
  vin: string;
  year: number;
  make: string;
  model: string;
  trim: string;
  offerCents: number;
  payoffCents: number;
  equityCents: number;
  taxCredit: boolean;
  expiresAt: string | null;
};

/**
 * Trade-in offers a signed-in shopper saved (seed 002 §2, §4, §9). status is what was last
 * written; reads move pending → proposed at ready_at and → expired at expires_at, and remove
 * expired rows 30 days after expiry.
 */
export const tradeInOffers = pgTable(
  'trade_in_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vin: text('vin').notNull(),
    year: smallint('year').notNull(),
    make: text('make').notNull(),
    model: text('model').notNull(),
    trim: text('trim').notNull(),
    mileage: integer('mileage').notNull(),
    condition: text('condition', { enum: ['Excellent', 'Good', 'Fair', 'Rough'] }).notNull(),
    ownership: text('ownership', { enum: ['Owned', 'Finance', 'Leased'] }).notNull(),
    registrationState: text('registration_state').notNull(),
    applyToPurchase: boolean('apply_to_purchase').notNull().default(false),
    hasLoan: boolean('has_loan').notNull().default(false),
    amountOwedCents: integer('amount_owed_cents'),
    status: text('status', {
      enum: ['pending', 'proposed', 'available', 'applied', 'expired', 'denied', 'ineligible'],
    }).notNull(),
    offerCents: integer('offer_cents'),
    reasons: jsonb('reasons').$type<string[]>().notNull().default([]),
    readyAt: timestamp('ready_at', { withTimezone: true, mode: 'date' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    payoff: jsonb('payoff').$type<TradeInPayoff>(),
    appliedCartId: uuid('applied_cart_id').references(() => carts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('trade_in_offers_user_idx').on(t.tenantId, t.userId, t.createdAt)],
);

// ── Leads (issue 15): contact-the-dealer messages, delivered to the tenant as ADF/XML ──

export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id').notNull(),
    /** The form's own id: a retried submit answers the same lead instead of a second one. */
    submissionId: text('submission_id').notNull(),
    source: text('source', { enum: ['contactUs', 'vehicle', 'paymentTooltip'] }).notNull(),
    vin: text('vin'),
    /** The signed-in shopper who sent it, if any (for their data export and deletion). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    phoneConsent: boolean('phone_consent').notNull().default(false),
    comments: text('comments'),
    deliveryStatus: text('delivery_status', { enum: ['PENDING', 'SENT', 'FAILED'] })
      .notNull()
      .default('PENDING'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    /** Where the dealer is with it (the desk, issue 33). */
    status: text('status', { enum: ['new', 'contacted', 'closed'] })
      .notNull()
      .default('new'),
    note: text('note'),
  },
  (t) => [
    uniqueIndex('leads_submission_uq').on(t.tenantId, t.submissionId),
    index('leads_tenant_email_idx').on(t.tenantId, t.email),
    index('leads_user_idx').on(t.userId),
  ],
);

// ── Privacy requests (issue 15): access, deletion, correction, portability, opt-out of sale ──

export const privacyRequests = pgTable(
  'privacy_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id').notNull(),
    /** The person the request is about, once known (null after their account is deleted). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Lower-cased; the verification code goes here. */
    subjectEmail: text('subject_email').notNull(),
    requester: text('requester', { enum: ['self', 'agent', 'parent'] }).notNull(),
    requesterName: text('requester_name'),
    requesterEmail: text('requester_email'),
    kind: text('kind', { enum: ['access', 'deletion', 'correction', 'portability', 'optOut'] }).notNull(),
    details: text('details'),
    status: text('status', { enum: ['UNVERIFIED', 'VERIFIED', 'COMPLETED'] })
      .notNull()
      .default('UNVERIFIED'),
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }).notNull(),
    extendedDueAt: timestamp('extended_due_at', { withTimezone: true, mode: 'date' }),
    verifiedAt: timestamp('verified_at', { withTimezone: true, mode: 'date' }),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('privacy_requests_subject_idx').on(t.tenantId, t.subjectEmail, t.kind, t.createdAt)],
);

// ── The dealer desk (issue 33): staff accounts, their sign-ins and the audit trail ──

/** A dealer's staff member: per tenant, never a shopper (no row in users), with a required second factor. */
export const staffAccounts = pgTable(
  'staff_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id').notNull(),
    email: text('email').notNull(),
    role: text('role', { enum: ['sales', 'finance', 'admin'] }).notNull(),
    passwordHash: text('password_hash').notNull(),
    /** The TOTP secret (base32), encrypted with the PII key (server/checkout/pii.ts). */
    totpSecret: text('totp_secret').notNull(),
    /** The last TOTP time step used: a code is good once (no replay within its 30 seconds). */
    lastTotpStep: integer('last_totp_step'),
    failedSignIns: integer('failed_sign_ins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('staff_accounts_tenant_email_uq').on(t.tenantId, t.email)],
);

/** One-time recovery codes, hashed (sha-256 of a 60-bit random code); a used one is spent. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('staff_recovery_codes_uq').on(t.staffId, t.codeHash)],
);

/** One row per staff sign-in; every desk call checks its session is live and not expired. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    /** sha-256 of the opaque token the desk cookie carries; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId), uniqueIndex('staff_sessions_token_uq').on(t.tokenHash)],
);

/**
 * Every staff action: who, when, what, on what, before and after. Append-only: the migration
 * adds a trigger that refuses UPDATE and DELETE, so not even a bug in the desk can rewrite it.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: text('tenant_id').notNull(),
    /** Kept as text, not a reference: the trail outlives the account. */
    staffId: uuid('staff_id'),
    staffEmail: text('staff_email').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
  },
  (t) => [index('audit_events_subject_idx').on(t.tenantId, t.subjectType, t.subjectId, t.at)],
);

/**
 * Each inventory feed run's report (issue 33, the desk's Inventory page): the counts, the rows
 * refused and the photos that failed, as the import answered them. Written by importFeed, read
 * by the desk; the report keeps at most MAX_REPORTED_PROBLEMS problems of each kind.
 */
export const feedRuns = pgTable(
  'feed_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    report: jsonb('report').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index('feed_runs_tenant_at_idx').on(t.tenantId, t.at.desc())],
);
