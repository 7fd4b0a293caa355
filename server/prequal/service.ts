import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';
import {
  PREQUAL_DATA_RETENTION_DAYS,
  PREQUAL_ERROR_CODES as E,
  PREQUAL_REMINDER_DAYS,
  PREQUAL_VALID_DAYS,
  type PrequalOutcome,
  type PrequalRequest,
  type PrequalStatus,
  type PrequalView,
} from '../../app/lib/contract/prequal';
import { getCreditTier } from '../../app/lib/shared/payments/credit';
import type { Db } from '../db/client';
import { preparedOnce } from '../db/prepared';
import { prequalifications, type PrequalDetails, type StoredPrequalDetails } from '../db/schema';
import { decryptPii, encryptPii } from '../checkout/pii';
import { HttpError } from '../platform/http';
import type { PrequalBureau } from './bureau';

// The standalone pre-qualification (seed 002 §4, §8, §9; seed 001 §4 statuses). One row per
// shopper and tenant. Statuses stored: mq_incompleted (the bureau could not finish: frozen,
// identity not verified, not found), retailer_declined (below the retailer's income minimum,
// before any pull), mq_declined, mq_approved, mf_completed (the checkout's credit application was
// submitted on it). not_started (no row) and mq_approved_expired (approved, past expires_at) are
// read-time states. Date of birth and SSN are encrypted (server/checkout/pii.ts, the row id as
// associated data) and never logged or returned; what else was typed (name, address, income,
// e-mail) is sealed the same way in `details` (issue 29 point 7).

export const DAY_MS = 24 * 60 * 60 * 1000;
/** The retailer's own rule before any pull (docs/sandbox-partners.md): a minimum gross income. */
export const RETAILER_MIN_ANNUAL_INCOME = 12_000;

export type PrequalContext = { db: Db; piiKey: Buffer; now: () => Date; bureau: PrequalBureau };
export type PrequalOwner = { tenantId: string; userId: string };
export type PrequalRow = typeof prequalifications.$inferSelect;

const QUALIFYING: readonly string[] = ['mq_approved', 'mf_completed'];

export function statusOf(row: PrequalRow | null, now: Date): PrequalStatus {
  if (!row) return 'not_started';
  if (row.status === 'mq_approved' && row.expiresAt && row.expiresAt.getTime() <= now.getTime())
    return 'mq_approved_expired';
  return row.status;
}

function reminderOf(row: PrequalRow, now: Date): PrequalView['reminder'] {
  if (!QUALIFYING.includes(row.status) || !row.expiresAt) return null;
  const left = row.expiresAt.getTime() - now.getTime();
  if (left <= 0) return 'expired';
  return left <= PREQUAL_REMINDER_DAYS * DAY_MS ? 'expiring' : null;
}

function secretsOf(ctx: Pick<PrequalContext, 'piiKey'>, row: PrequalRow): { dateOfBirth?: string; ssn?: string } {
  return decryptPii(ctx.piiKey, row.piiCipher, row.id);
}

/** The details' own associated data: a details cipher copied into the secrets (or another row) does not decrypt. */
function detailsAad(id: string): string {
  return `${id}:details`;
}

function sealDetails(ctx: Pick<PrequalContext, 'piiKey'>, id: string, details: PrequalDetails): StoredPrequalDetails {
  return { sealed: encryptPii(ctx.piiKey, { details: JSON.stringify(details) }, detailsAad(id)) };
}

/** What the shopper typed, opened; a row written before the details were sealed reads as it is. */
export function detailsOf(ctx: Pick<PrequalContext, 'piiKey'>, row: PrequalRow): PrequalDetails | null {
  if (!row.details) return null;
  if (!('sealed' in row.details)) return row.details;
  return JSON.parse(decryptPii(ctx.piiKey, row.details.sealed, detailsAad(row.id)).details!) as PrequalDetails;
}

export function toView(ctx: PrequalContext, row: PrequalRow | null): PrequalView {
  const now = ctx.now();
  if (!row) {
    return {
      status: 'not_started',
      outcome: null,
      tier: null,
      pulledAt: null,
      expiresAt: null,
      reminder: null,
      canRefresh: false,
      details: null,
      hasDateOfBirth: false,
      hasSsn: false,
      keepData: false,
    };
  }
  const secrets = secretsOf(ctx, row);
  const details = detailsOf(ctx, row);
  return {
    status: statusOf(row, now),
    outcome: row.outcome as PrequalOutcome,
    tier: row.score === null ? null : getCreditTier(row.score),
    pulledAt: row.pulledAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    reminder: reminderOf(row, now),
    canRefresh: Boolean(details && secrets.dateOfBirth),
    details: details
      ? { ...details, address: { ...details.address, addressLine2: details.address.addressLine2 ?? null } }
      : null,
    hasDateOfBirth: Boolean(secrets.dateOfBirth),
    hasSsn: Boolean(secrets.ssn),
    keepData: row.keepData,
  };
}

/** Seed 002 §9: what was typed goes 30 days after it was entered, unless the shopper consented to keep it. */
export async function purgePrequalData(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - PREQUAL_DATA_RETENTION_DAYS * DAY_MS);
  const purged = await db
    .update(prequalifications)
    .set({ details: null, piiCipher: null, purgedAt: now, updatedAt: now })
    .where(
      and(
        isNotNull(prequalifications.details),
        eq(prequalifications.keepData, false),
        lte(prequalifications.dataEnteredAt, cutoff),
      ),
    )
    .returning({ id: prequalifications.id });
  return purged.length;
}

/**
 * Seals the details of rows written before they were sealed (issue 29 point 7), a page at a
 * time; answers how many. Run with the retention sweep, so an upgraded database keeps no
 * typed name, address, income or e-mail in the clear for longer than its first sweep.
 */
export async function sealPlainPrequalDetails(db: Db, piiKey: Buffer, pageSize = 200): Promise<number> {
  let sealed = 0;
  for (;;) {
    const plain = await db
      .select()
      .from(prequalifications)
      .where(sql`${prequalifications.details} is not null and ${prequalifications.details} ->> 'sealed' is null`)
      .limit(pageSize);
    for (const row of plain) {
      await db
        .update(prequalifications)
        .set({ details: sealDetails({ piiKey }, row.id, detailsOf({ piiKey }, row)!) })
        .where(eq(prequalifications.id, row.id));
    }
    sealed += plain.length;
    if (plain.length < pageSize) return sealed;
  }
}

export async function findPrequal(
  ctx: Pick<PrequalContext, 'db' | 'now'>,
  owner: PrequalOwner,
): Promise<PrequalRow | null> {
  const [row] = await prequalOf(ctx.db).execute({ tenantId: owner.tenantId, userId: owner.userId });
  return row ? withinRetention(row, ctx.now()) : null;
}

// Read on every signed-in search and vehicle page (the credit profile) and every checkout step
// that offers the pre-qualification, so prepared (decision 109).
const prequalOf = preparedOnce((db) =>
  db
    .select()
    .from(prequalifications)
    .where(
      and(
        eq(prequalifications.tenantId, sql.placeholder('tenantId')),
        eq(prequalifications.userId, sql.placeholder('userId')),
      ),
    )
    .limit(1)
    .prepare('prequal_of_shopper'),
);

/**
 * The row as the retention rule lets it be read: data past its 30 days reads as purged even
 * before the hourly purge (startPrequalPurge) has removed it, so a read never writes (issue 30).
 */
export function withinRetention(row: PrequalRow, now: Date): PrequalRow {
  const cutoff = now.getTime() - PREQUAL_DATA_RETENTION_DAYS * DAY_MS;
  if (!row.details || row.keepData || !row.dataEnteredAt || row.dataEnteredAt.getTime() > cutoff) return row;
  return { ...row, details: null, piiCipher: null, purgedAt: row.purgedAt ?? now };
}

/** The header's toast (issue 14): near or past the expiry, with whether a refresh can re-pull. */
export function prequalReminder(
  ctx: Pick<PrequalContext, 'piiKey' | 'now'>,
  stored: PrequalRow | null,
): { reminder: 'expiring' | 'expired'; expiresAt: string; canRefresh: boolean } | null {
  if (!stored) return null;
  const row = withinRetention(stored, ctx.now());
  const reminder = reminderOf(row, ctx.now());
  if (!reminder || !row.expiresAt) return null;
  return {
    reminder,
    expiresAt: row.expiresAt.toISOString(),
    canRefresh: Boolean(row.details && secretsOf(ctx, row).dateOfBirth),
  };
}

type Attempt = { details: PrequalDetails; dateOfBirth: string; ssn: string | null };

/** The retailer's rule, then the bureau: the stored status and outcome of one attempt. */
async function decide(ctx: PrequalContext, attempt: Attempt, now: Date) {
  if (attempt.details.annualIncome < RETAILER_MIN_ANNUAL_INCOME) {
    return {
      status: 'retailer_declined' as const,
      outcome: 'declined' as const,
      score: null,
      pulledAt: null,
      expiresAt: null,
    };
  }
  const pull = await ctx.bureau.softPull(
    {
      firstName: attempt.details.firstName,
      lastName: attempt.details.lastName,
      dateOfBirth: attempt.dateOfBirth,
      ssn: attempt.ssn,
      zip: attempt.details.address.zip,
    },
    now,
  );
  const pulled = pull.score !== null;
  const status =
    pull.outcome === 'approved' ? 'mq_approved' : pull.outcome === 'declined' ? 'mq_declined' : 'mq_incompleted';
  return {
    status: status as PrequalStatus & PrequalRow['status'],
    outcome: pull.outcome,
    score: pull.score,
    pulledAt: pulled ? now : null,
    expiresAt: pulled ? new Date(now.getTime() + PREQUAL_VALID_DAYS * DAY_MS) : null,
  };
}

function invalid(fieldErrors: Record<string, string[]>): HttpError & { fieldErrors: Record<string, string[]> } {
  return Object.assign(new HttpError(422, E.invalid, 'The pre-qualification is invalid'), { fieldErrors });
}

/** POST /api/prequal: a new attempt. A blank date of birth or SSN keeps the one on file. */
export async function submitPrequal(
  ctx: PrequalContext,
  owner: PrequalOwner,
  input: PrequalRequest,
): Promise<PrequalRow> {
  const now = ctx.now();
  const existing = await findPrequal(ctx, owner);
  const stored = existing ? secretsOf(ctx, existing) : {};
  const dateOfBirth = input.dateOfBirth ?? stored.dateOfBirth;
  if (!dateOfBirth) throw invalid({ dateOfBirth: ['Your date of birth is required.'] });
  const ssn = input.ssn ?? stored.ssn ?? null;
  const details: PrequalDetails = {
    firstName: input.firstName,
    lastName: input.lastName,
    address: {
      ...input.address,
      unitType: input.address.unitType ?? null,
      addressLine2: input.address.addressLine2 ?? null,
    },
    annualIncome: input.annualIncome,
    email: input.email,
  };
  const result = await decide(ctx, { details, dateOfBirth, ssn }, now);
  const id = existing?.id ?? randomUUID();
  const secrets: Record<string, string> = { dateOfBirth };
  if (ssn) secrets.ssn = ssn;
  const values = {
    ...result,
    details: sealDetails(ctx, id, details),
    piiCipher: encryptPii(ctx.piiKey, secrets, id),
    keepData: input.keepData,
    dataEnteredAt: now,
    purgedAt: null,
    updatedAt: now,
  };
  if (existing) {
    const [row] = await ctx.db.update(prequalifications).set(values).where(eq(prequalifications.id, id)).returning();
    return row!;
  }
  const [row] = await ctx.db
    .insert(prequalifications)
    .values({ id, tenantId: owner.tenantId, userId: owner.userId, ...values })
    .onConflictDoUpdate({ target: [prequalifications.tenantId, prequalifications.userId], set: values })
    .returning();
  return row!;
}

/** PATCH /api/prequal: the found shopper's income and e-mail (seed 002 §4 "user found"). */
export async function updatePrequal(
  ctx: PrequalContext,
  owner: PrequalOwner,
  input: { annualIncome: number; email: string },
): Promise<PrequalRow> {
  const row = await findPrequal(ctx, owner);
  const onFile = row ? detailsOf(ctx, row) : null;
  if (!row || !onFile || row.score === null)
    throw new HttpError(409, E.nothingOnFile, 'There is no pre-qualification on file to edit');
  const details = sealDetails(ctx, row.id, { ...onFile, annualIncome: input.annualIncome, email: input.email });
  // Income below the retailer's minimum declines; otherwise the bureau's answer stands.
  const status =
    input.annualIncome < RETAILER_MIN_ANNUAL_INCOME
      ? 'retailer_declined'
      : row.status === 'retailer_declined'
        ? 'mq_approved'
        : row.status;
  const [updated] = await ctx.db
    .update(prequalifications)
    .set({ details, status, updatedAt: ctx.now() })
    .where(eq(prequalifications.id, row.id))
    .returning();
  return updated!;
}

/** POST /api/prequal/refresh: the one-click refresh, a new soft pull from what is on file. */
export async function refreshPrequal(ctx: PrequalContext, owner: PrequalOwner): Promise<PrequalRow> {
  const row = await findPrequal(ctx, owner);
  const secrets = row ? secretsOf(ctx, row) : {};
  const details = row ? detailsOf(ctx, row) : null;
  if (!row || !details || !secrets.dateOfBirth)
    throw new HttpError(409, E.nothingOnFile, 'Nothing is on file to refresh the pre-qualification with');
  const now = ctx.now();
  const result = await decide(ctx, { details, dateOfBirth: secrets.dateOfBirth, ssn: secrets.ssn ?? null }, now);
  const [updated] = await ctx.db
    .update(prequalifications)
    .set({ ...result, details: sealDetails(ctx, row.id, details), updatedAt: now })
    .where(eq(prequalifications.id, row.id))
    .returning();
  return updated!;
}

/** The valid soft pull of a pre-qualification, for personalised payments: approved or declined, not expired. */
export async function prequalCreditFile(
  ctx: Pick<PrequalContext, 'db' | 'now'>,
  owner: PrequalOwner,
): Promise<{ score: number; pulledAt: Date; expiresAt: Date } | null> {
  const row = await findPrequal(ctx, owner);
  if (!row || row.score === null || !row.pulledAt || !row.expiresAt) return null;
  if (!['mq_approved', 'mq_declined', 'mf_completed'].includes(row.status)) return null;
  if (row.expiresAt.getTime() <= ctx.now().getTime()) return null;
  return { score: row.score, pulledAt: row.pulledAt, expiresAt: row.expiresAt };
}

/** The checkout reuses a valid approval: its answers and secrets fill the credit application. */
export async function prequalForCheckout(ctx: Pick<PrequalContext, 'db' | 'now' | 'piiKey'>, owner: PrequalOwner) {
  const row = await findPrequal(ctx, owner);
  if (!row?.details || row.score === null || !row.pulledAt || !QUALIFYING.includes(row.status)) return null;
  if (!row.expiresAt || row.expiresAt.getTime() <= ctx.now().getTime()) return null;
  return { row, details: detailsOf(ctx, row)!, secrets: secretsOf(ctx, row) };
}

/** The credit application was submitted on this pre-qualification: mf_completed. */
export async function markFinanceCompleted(db: Db, owner: PrequalOwner, now: Date): Promise<void> {
  await db
    .update(prequalifications)
    .set({ status: 'mf_completed', updatedAt: now })
    .where(
      and(
        eq(prequalifications.tenantId, owner.tenantId),
        eq(prequalifications.userId, owner.userId),
        eq(prequalifications.status, 'mq_approved'),
        sql`${prequalifications.expiresAt} > ${now}`,
      ),
    );
}
