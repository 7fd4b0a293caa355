import { z } from 'zod';
import { isoDateTime } from './common';

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
} as const;

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
  /** The desk page that acts on it. */
  href: z.string(),
});
export type DeskQueueItem = z.infer<typeof deskQueueItemSchema>;

export const deskTodayResponseSchema = z.object({
  data: z.object({
    counts: z.record(z.enum(DESK_QUEUES), z.number().int()),
    items: z.array(deskQueueItemSchema),
  }),
});
export type DeskToday = z.infer<typeof deskTodayResponseSchema>['data'];
