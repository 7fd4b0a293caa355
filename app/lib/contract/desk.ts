import { z } from 'zod';
import { isoDateTime } from './common';
import { feedImportReportSchema } from './inventory-feeds';
import { paymentSummarySchema } from './tracker';
import { trackerStateResponseSchema } from './tracker-state';
import { PRIVACY_KINDS, PRIVACY_REQUESTERS } from './privacy-constants';

// The dealer desk API (server/desk/, issue 33): staff sign-in with a second factor, the Today
// queue. Every call but the two sign-in steps takes the desk token (`Authorization: Bearer …`),
// never a shopper's; a token of another tenant is a 404, as if the desk were not there.

export const staffRoleSchema = z.enum(['sales', 'finance', 'admin']);

export const staffSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: staffRoleSchema,
});
export type StaffMember = z.infer<typeof staffSchema>;

export const deskSignInRequestSchema = z.object({
  email: z.string().trim().toLowerCase().min(1).max(254),
  password: z.string().min(1).max(200),
});

/** The password was right: the code step's short-lived challenge (5 minutes). */
export const deskChallengeResponseSchema = z.object({ data: z.object({ challenge: z.string() }) });

export const deskCodeRequestSchema = z.object({
  challenge: z.string().min(1).max(2000),
  /** Six digits from the authenticator app, or a recovery code (`k7q2-m9xw-4hdp`). */
  code: z.string().trim().min(6).max(40),
});

export const deskSessionResponseSchema = z.object({
  data: z.object({
    token: z.string(),
    staff: staffSchema,
    recoveryCodesLeft: z.number().int(),
    usedRecoveryCode: z.boolean(),
  }),
});

export const deskMeResponseSchema = z.object({ data: staffSchema });

export const DESK_ERRORS = {
  invalidCredentials: 'error.desk.invalidCredentials',
  locked: 'error.desk.locked',
  wrongCode: 'error.desk.wrongCode',
  wrongCodeLastTry: 'error.desk.wrongCodeLastTry',
  codeLocked: 'error.desk.codeLocked',
  challengeExpired: 'error.desk.challengeExpired',
  notFound: 'error.desk.notFound',
  forbidden: 'error.desk.forbidden',
} as const;

// ── Roles: who may do what (decision 093). Every role reads every desk page. ──

export type StaffRole = z.infer<typeof staffRoleSchema>;

export const DESK_PERMISSIONS = {
  reviewDocument: { roles: ['sales', 'finance', 'admin'], what: 'review documents' },
  confirmDelivery: { roles: ['sales', 'finance', 'admin'], what: 'confirm deliveries and pickups' },
  updateLead: { roles: ['sales', 'finance', 'admin'], what: 'update leads' },
  reviewTradeIn: { roles: ['sales', 'finance', 'admin'], what: 'value or deny trade-ins' },
  sendDeal: { roles: ['finance', 'admin'], what: 'send deals' },
  countersign: { roles: ['finance', 'admin'], what: 'countersign contracts' },
  privacy: { roles: ['admin'], what: 'act on privacy requests' },
  editInventory: { roles: ['sales', 'admin'], what: 'change vehicle prices, statuses and photos' },
  money: { roles: ['finance', 'admin'], what: 'record or refund payments' },
  moveDelivery: { roles: ['sales', 'finance', 'admin'], what: 'move or cancel deliveries and pickups' },
} as const satisfies Record<string, { roles: readonly StaffRole[]; what: string }>;
export type DeskPermission = keyof typeof DESK_PERMISSIONS;

export function staffMay(role: StaffRole, permission: DeskPermission): boolean {
  const allowed: readonly StaffRole[] = DESK_PERMISSIONS[permission].roles;
  return allowed.includes(role);
}

/** The 403's message: what the role may not do, and who may. */
export function refusalMessage(role: StaffRole, permission: DeskPermission): string {
  const { roles, what } = DESK_PERMISSIONS[permission];
  return `Your role (${role}) cannot ${what}: ask ${roles.length === 1 ? 'an' : 'a'} ${roles.join(' or ')} member of staff.`;
}

// ── Today: one queue of what needs a person, oldest first ──

export const DESK_QUEUES = [
  'documents',
  'deals',
  'countersign',
  'tradeIns',
  'leads',
  'privacy',
  'deliveries',
  'feed',
] as const;
export type DeskQueue = (typeof DESK_QUEUES)[number];

export const deskQueueItemSchema = z.object({
  queue: z.enum(DESK_QUEUES),
  /** What the item is about: an order number, a lead, trade-in offer or privacy request id, a photo URL. */
  subjectId: z.string(),
  title: z.string(),
  detail: z.string(),
  /** Since when it waits (oldest first); for privacy requests, the due date orders them. */
  since: isoDateTime,
  dueAt: isoDateTime.nullable(),
  /** The desk page that acts on it; null while no desk page does (feed rows and photos). */
  href: z.string().nullable(),
});
export type DeskQueueItem = z.infer<typeof deskQueueItemSchema>;

export const deskTodayResponseSchema = z.object({
  data: z.object({
    counts: z.record(z.enum(DESK_QUEUES), z.number().int()),
    items: z.array(deskQueueItemSchema),
  }),
});
export type DeskToday = z.infer<typeof deskTodayResponseSchema>['data'];

// ── The audit trail ──

export const deskAuditEventSchema = z.object({
  at: isoDateTime,
  staffEmail: z.string(),
  action: z.string(),
  subjectType: z.string(),
  subjectId: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type DeskAuditEvent = z.infer<typeof deskAuditEventSchema>;

export const deskAuditResponseSchema = z.object({ data: z.array(deskAuditEventSchema) });

// ── Documents: the reasons a document is not accepted, written for the shopper ──

export const DOCUMENT_REJECTION_REASONS = {
  blurry: {
    label: 'Blurry',
    reason: 'The photo is blurry',
    whatToDo: 'Retake it in daylight, holding the phone steady, and upload it again.',
  },
  cutOff: {
    label: 'Edges cut off',
    reason: 'Part of the document is cut off',
    whatToDo: 'Upload a picture that shows all four corners.',
  },
  expired: {
    label: 'Expired',
    reason: 'The document has expired',
    whatToDo: 'Upload one that is valid today.',
  },
  wrongDocument: {
    label: 'Wrong document',
    reason: 'This is not the document we asked for',
    whatToDo: 'Check the name of this step and upload that document.',
  },
  nameMismatch: {
    label: 'Name does not match',
    reason: 'The name does not match the order',
    whatToDo: 'Upload a document in the buyer’s name, or call us if your name has changed.',
  },
} as const;
export type DocumentRejectionReason = z.infer<typeof documentRejectionReasonSchema>;
export const documentRejectionReasonSchema = z.enum(['blurry', 'cutOff', 'expired', 'wrongDocument', 'nameMismatch']);

/** The staff's short name of a stored reason (the reason itself when it is not one of the list). */
export function rejectionLabel(reason: string | null): string {
  const parsed = documentRejectionReasonSchema.safeParse(reason);
  return parsed.success ? DOCUMENT_REJECTION_REASONS[parsed.data].label : (reason ?? '');
}

// ── Orders ──

export const deskOrderRowSchema = z.object({
  orderNumber: z.string(),
  createdAt: isoDateTime,
  dealType: z.enum(['Cash', 'Finance', 'Lease']),
  orderStatus: z.string(),
  dealStatus: z.string().nullable(),
  shopper: z.string(),
  shopperEmail: z.string(),
  vin: z.string(),
  vehicle: z.string(),
});
export type DeskOrderRow = z.infer<typeof deskOrderRowSchema>;

export const deskOrdersQuerySchema = z.object({ q: z.string().trim().max(100).optional() });
export const deskOrdersResponseSchema = z.object({ data: z.array(deskOrderRowSchema) });

export const deskDocumentSchema = z.object({
  id: z.string(),
  key: z.string(),
  type: z.string(),
  status: z.string(),
  fileName: z.string().nullable(),
  createdAt: isoDateTime,
  reviewStatus: z.enum(['ACCEPTED', 'REJECTED']).nullable(),
  reviewReason: z.string().nullable(),
});

export const deskOrderResponseSchema = z.object({
  data: z.object({
    order: deskOrderRowSchema.extend({
      shopperPhone: z.string().nullable(),
      dealSource: z.enum(['DealerInitiated', 'ConsumerInitiated']),
      paymentStatus: z.string().nullable(),
      delivery: z
        .object({
          method: z.enum(['DELIVERY', 'PICKUP']),
          state: z.enum(['Requested', 'Confirmed']),
          appointment: isoDateTime.nullable(),
        })
        .nullable(),
      signing: z.object({ status: z.string(), buyerSigned: z.boolean(), dealerSigned: z.boolean() }).nullable(),
    }),
    history: z.array(z.object({ at: isoDateTime, orderStatus: z.string(), dealStatus: z.string().nullable() })),
    documents: z.array(deskDocumentSchema),
    audit: z.array(deskAuditEventSchema),
    /** The money: what is due, paid and pending, and every payment and refund (as the tracker shows them). */
    payments: paymentSummarySchema,
    /** What the shopper's tracker works its steps out from (the tracker-state call's answer). */
    tracker: trackerStateResponseSchema.shape.data,
    /** What staff can do now. */
    actions: z.object({
      sendDeal: z.boolean(),
      countersign: z.boolean(),
      confirmDelivery: z.boolean(),
      /** A delivery or pickup is booked: it can be moved or cancelled. */
      moveDelivery: z.boolean(),
      /** Paid, signed and its appointment confirmed: the vehicle can be handed over (decision 112). */
      markDelivered: z.boolean(),
    }),
  }),
});
export type DeskOrder = z.infer<typeof deskOrderResponseSchema>['data'];

/** Money taken at the dealership or given back (finance or admin), once per idempotency key. */
export const deskMoneySchema = z.object({
  kind: z.enum(['payment', 'refund']),
  amountCents: z
    .number({ error: 'Enter the amount' })
    .int('Give the amount in whole cents')
    .min(1, 'Enter an amount of at least $0.01'),
  idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  /**
   * A refund of this payment (its id in the order's payments): a card payment is refunded to
   * the card through the gateway. Without it, a refund is money given back at the dealership.
   */
  paymentId: z.uuid().optional(),
});

/** A booked delivery or pickup moved to another date (YYYY-MM-DD) and time (HH:MM), dealer time. */
export const deskMoveDeliverySchema = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose a date'),
  time: z.string().regex(/^\d{2}:\d{2}$/, 'Choose a time'),
});

export const deskDocumentReviewSchema = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('accept') }),
  z.object({ decision: z.literal('reject'), reason: documentRejectionReasonSchema }),
]);

// ── Leads: every lead of the tenant, where the dealer is with it ──

export const LEAD_STATUSES = ['new', 'contacted', 'closed'] as const;
export const leadStatusSchema = z.enum(LEAD_STATUSES);

export const deskLeadSchema = z.object({
  id: z.string(),
  createdAt: isoDateTime,
  source: z.enum(['contactUs', 'vehicle', 'paymentTooltip']),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  comments: z.string().nullable(),
  vin: z.string().nullable(),
  /** Year, make and model when the VIN is still in the inventory. */
  vehicle: z.string().nullable(),
  status: leadStatusSchema,
  note: z.string().nullable(),
});
export type DeskLead = z.infer<typeof deskLeadSchema>;

export const deskLeadsResponseSchema = z.object({ data: z.array(deskLeadSchema) });

export const LEAD_NOTE_MAX = 2000;

export const deskLeadUpdateSchema = z.object({
  status: leadStatusSchema,
  note: z
    .string()
    .trim()
    .max(LEAD_NOTE_MAX, `Keep the note under ${LEAD_NOTE_MAX} characters`)
    .transform((note) => note || null)
    .nullable(),
});

// ── Trade-ins in further review: a person gives the value or denies it ──

export const deskTradeInSchema = z.object({
  id: z.string(),
  createdAt: isoDateTime,
  /** When the sandbox's review would have answered (the shopper was told this). */
  readyAt: isoDateTime.nullable(),
  vin: z.string(),
  vehicle: z.string(),
  mileage: z.number().int(),
  condition: z.string(),
  registrationState: z.string(),
  shopperEmail: z.string().nullable(),
  /** What the appraiser would have offered, a starting point for staff. */
  suggestedCents: z.number().int().nullable(),
});
export type DeskTradeIn = z.infer<typeof deskTradeInSchema>;

export const deskTradeInsResponseSchema = z.object({ data: z.array(deskTradeInSchema) });

/** At most $1,000,000 for a trade-in: anything more is a typo. */
export const TRADE_IN_VALUE_MAX_CENTS = 100_000_000;

export const deskTradeInReviewSchema = z.discriminatedUnion('decision', [
  z.object({
    decision: z.literal('value'),
    offerCents: z
      .number()
      .int('Give the value in whole cents')
      .min(100, 'Give a value of at least $1')
      .max(TRADE_IN_VALUE_MAX_CENTS, 'Give a value of at most $1,000,000'),
  }),
  z.object({ decision: z.literal('deny') }),
]);

// ── Privacy requests: by due date, fulfilled or extended once by an admin (decision 092) ──

export const PRIVACY_EXTENSION_REASON_MIN = 10;
export const PRIVACY_EXTENSION_REASON_MAX = 500;
export const PRIVACY_NOTE_MAX = 2000;

export const deskPrivacyRequestSchema = z.object({
  id: z.string(),
  kind: z.enum(PRIVACY_KINDS),
  status: z.enum(['VERIFIED', 'COMPLETED']),
  /** The person the request is about (the verification code went there). */
  subjectEmail: z.string(),
  requester: z.enum(PRIVACY_REQUESTERS),
  /** An authorised agent or parent, when they asked for someone else. */
  requesterName: z.string().nullable(),
  requesterEmail: z.string().nullable(),
  details: z.string().nullable(),
  createdAt: isoDateTime,
  verifiedAt: isoDateTime.nullable(),
  completedAt: isoDateTime.nullable(),
  /** 45 days after the request arrived, or 90 once extended. */
  dueAt: isoDateTime,
  extended: z.boolean(),
  /** Whether the one extension may still be given (open, not extended, inside the first 45 days). */
  canExtend: z.boolean(),
  history: z.array(deskAuditEventSchema),
});
export type DeskPrivacyRequest = z.infer<typeof deskPrivacyRequestSchema>;

export const deskPrivacyResponseSchema = z.object({
  data: z.object({
    /** Verified and not yet done, the soonest due first. */
    open: z.array(deskPrivacyRequestSchema),
    /** Done, the latest first (at most 50). */
    done: z.array(deskPrivacyRequestSchema),
  }),
});

export const deskPrivacyFulfilSchema = z.object({
  /** What was corrected (required for a correction; kept in the audit trail and told to the shopper). */
  note: z
    .string()
    .trim()
    .max(PRIVACY_NOTE_MAX, `Keep the note under ${PRIVACY_NOTE_MAX} characters`)
    .transform((note) => note || null)
    .nullable()
    .default(null),
});

export const deskPrivacyExtendSchema = z.object({
  reason: z
    .string({ error: 'Tell the shopper why more time is needed' })
    .trim()
    .min(PRIVACY_EXTENSION_REASON_MIN, 'Tell the shopper why more time is needed, in a sentence')
    .max(PRIVACY_EXTENSION_REASON_MAX, `Keep the reason under ${PRIVACY_EXTENSION_REASON_MAX} characters`),
});

// ── Inventory: the feed's runs with what they refused, and vehicles priced and held by hand ──

/** A feed run: the import's own report (inventory-feeds.ts), as it was stored when the feed ran. */
export const deskFeedRunSchema = feedImportReportSchema.extend({ id: z.string(), at: isoDateTime });
export type DeskFeedRun = z.infer<typeof deskFeedRunSchema>;

/** What staff may set a vehicle to; Deleted is the feed's (a vehicle missing from a full feed). */
export const DESK_VEHICLE_STATUSES = {
  Available: 'Available',
  PendingSale: 'On hold',
  Sold: 'Sold',
} as const;
export const deskVehicleStatusSchema = z.enum(['Available', 'PendingSale', 'Sold']);

export const deskVehicleSchema = z.object({
  vin: z.string(),
  stockNumber: z.string().nullable(),
  vehicle: z.string(),
  priceCents: z.number().int(),
  status: z.enum(['Available', 'PendingSale', 'Sold', 'Deleted']),
  /** A shopper's checkout holds it now: its status is not the desk's to change until the hold ends. */
  heldByShopper: z.boolean(),
  /** Its photo URLs in the order shoppers see them (the feed's, or set at the desk). */
  photoUrls: z.array(z.string()),
});
export type DeskVehicle = z.infer<typeof deskVehicleSchema>;

export const deskInventoryQuerySchema = z.object({ q: z.string().trim().max(100).optional() });

export const deskInventoryResponseSchema = z.object({
  data: z.object({
    /** The latest 20 runs, newest first. */
    runs: z.array(deskFeedRunSchema),
    /** Photos the worker gave up on, as it stands now (oldest first). */
    failedPhotos: z.array(z.object({ url: z.string(), reason: z.string(), at: isoDateTime })),
    /** Vehicles matching `q` (VIN, stock number, make or model), at most 100; all but Deleted. */
    vehicles: z.array(deskVehicleSchema),
  }),
});
export type DeskInventory = z.infer<typeof deskInventoryResponseSchema>['data'];

/** As many photos as a feed row may list. */
export const DESK_PHOTOS_MAX = 40;

/**
 * A vehicle's photos set by hand, in the order shoppers see them (add, remove, reorder): http or
 * https URLs only, fetched by the feed's photo pipeline (from outside addresses only).
 */
export const deskVehiclePhotosSchema = z.object({
  photoUrls: z
    .array(
      z
        .string()
        .trim()
        .max(2000, 'A photo URL is at most 2,000 characters')
        .refine((value) => {
          try {
            return ['http:', 'https:'].includes(new URL(value).protocol);
          } catch {
            return false;
          }
        }, 'Each photo must be an http or https URL'),
    )
    .max(DESK_PHOTOS_MAX, `At most ${DESK_PHOTOS_MAX} photos`)
    .refine((urls) => new Set(urls).size === urls.length, 'Each photo once'),
});

/** At most $10,000,000 for a vehicle: anything more is a typo. */
export const VEHICLE_PRICE_MAX_CENTS = 1_000_000_000;

export const deskVehicleUpdateSchema = z.object({
  priceCents: z
    .number({ error: 'Give the price in dollars' })
    .int('Give the price in whole cents')
    .min(100, 'Give a price of at least $1')
    .max(VEHICLE_PRICE_MAX_CENTS, 'Give a price of at most $10,000,000'),
  status: deskVehicleStatusSchema,
});
