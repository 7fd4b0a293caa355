import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DeskAuditEvent, DeskPrivacyRequest } from '../../app/lib/contract/desk';
import { PRIVACY_DUE_DAYS, PRIVACY_EXTENDED_DUE_DAYS } from '../../app/lib/contract/privacy-constants';
import type { Tenant } from '../../app/lib/shared/tenant/schema';
import type { Db } from '../db/client';
import { qualified } from '../db/qualified';
import { privacyRequests } from '../db/schema';
import { deliver, type Senders } from '../notifications/senders';
import type { Tx } from '../orders/changes';
import { buildEmailExport } from '../privacy/export';
import { carryOut, dueAtOf, KIND_NAMES } from '../privacy/service';
import { readAudit, recordAudit } from './audit';
import type { Staff } from './staff';

// Privacy requests at the desk (issue 33, decision 092): the verified requests by due date, the
// one extension with its reason, and one-click fulfilment through the privacy service's own
// carry-out; the shopper is told by e-mail and every step is in the audit trail.

type Row = typeof privacyRequests.$inferSelect;

const DAY_MS = 86_400_000;
const DONE_ROWS = 50;
const SUBJECT_TYPE = 'privacyRequest';

function day(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The first due date has not passed and none was given: the law allows one extension, told in time. */
function mayExtend(row: Row, now: Date): boolean {
  return row.status === 'VERIFIED' && row.extendedDueAt === null && now.getTime() < row.dueAt.getTime();
}

function toDesk(row: Row, history: DeskAuditEvent[], now: Date): DeskPrivacyRequest {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status === 'COMPLETED' ? 'COMPLETED' : 'VERIFIED',
    subjectEmail: row.subjectEmail,
    requester: row.requester,
    requesterName: row.requesterName,
    requesterEmail: row.requesterEmail,
    details: row.details,
    createdAt: row.createdAt.toISOString(),
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    dueAt: dueAtOf(row).toISOString(),
    extended: row.extendedDueAt !== null,
    canExtend: mayExtend(row, now),
    history,
  };
}

export async function listPrivacyRequests(
  db: Db,
  tenantId: string,
  now: Date,
): Promise<{ open: DeskPrivacyRequest[]; done: DeskPrivacyRequest[] }> {
  const due = sql`coalesce(${qualified(privacyRequests.extendedDueAt)}, ${qualified(privacyRequests.dueAt)})`;
  const [open, done, trail] = await Promise.all([
    db
      .select()
      .from(privacyRequests)
      .where(and(eq(privacyRequests.tenantId, tenantId), eq(privacyRequests.status, 'VERIFIED')))
      .orderBy(asc(due)),
    db
      .select()
      .from(privacyRequests)
      .where(and(eq(privacyRequests.tenantId, tenantId), eq(privacyRequests.status, 'COMPLETED')))
      .orderBy(desc(privacyRequests.completedAt))
      .limit(DONE_ROWS),
    readAudit(db, tenantId, { type: SUBJECT_TYPE }),
  ]);
  const historyOf = (row: Row) => trail.filter((event) => event.subjectId === row.id);
  return {
    open: open.map((row) => toDesk(row, historyOf(row), now)),
    done: done.map((row) => toDesk(row, historyOf(row), now)),
  };
}

/** The person the request is about, and the agent or parent who made it: both hear of it. */
async function tellRequester(senders: Senders, tenant: Tenant, row: Row, subject: string, lines: string[]) {
  const recipients = new Set([row.subjectEmail, ...(row.requesterEmail ? [row.requesterEmail] : [])]);
  for (const to of recipients)
    await deliver(senders, {
      tenantId: tenant.id,
      channel: 'email',
      to,
      subject,
      body: [...lines, `${tenant.brandName} · privacy: ${tenant.privacyContacts.email}`].join('\n\n'),
    });
}

const FULFILMENT_TEXTS: Record<Row['kind'], (note: string | null) => string> = {
  access: () =>
    'Your copy of the personal information we hold is ready. Sign in and download it from your account’s Documents page.',
  portability: () =>
    'Your copy of the personal information we hold is ready, as a file you can take elsewhere. Sign in and download it from your account’s Documents page.',
  deletion: () =>
    'Your personal information has been deleted. We keep the records of orders you placed, because the law requires a dealer to keep the record of a sale.',
  correction: (note) => `We corrected your personal information: ${note ?? ''}`,
  optOut: () => 'You are opted out: we will not sell or share your personal information.',
};

const requestId = z.uuid();

/** The tenant's request, locked until the action's transaction ends (two presses act once). */
async function lockRequest(tx: Tx, tenantId: string, id: string): Promise<Row | undefined> {
  const [row] = await tx
    .select()
    .from(privacyRequests)
    .where(and(eq(privacyRequests.tenantId, tenantId), eq(privacyRequests.id, id)))
    .for('update');
  return row;
}

export type PrivacyActionResult = 'done' | 'notFound' | 'notNow' | 'noteMissing';

/**
 * Carries out a verified request, once: the row is locked, the data changed, the request marked
 * done and the audit event written in one transaction; a second press finds it done (notNow).
 */
export async function fulfilPrivacyRequest(
  db: Db,
  senders: Senders,
  tenant: Tenant,
  staff: Pick<Staff, 'id' | 'tenantId' | 'email'>,
  input: { requestId: string; note: string | null },
  now: Date,
): Promise<PrivacyActionResult> {
  if (!requestId.safeParse(input.requestId).success) return 'notFound';
  const outcome = await db.transaction(async (tx) => {
    const row = await lockRequest(tx, staff.tenantId, input.requestId);
    if (!row) return 'notFound' as const;
    if (row.status !== 'VERIFIED') return 'notNow' as const;
    if (row.kind === 'correction' && !input.note) return 'noteMissing' as const;
    await carryOut(tx, staff.tenantId, row);
    const [updated] = await tx
      .update(privacyRequests)
      .set({ status: 'COMPLETED', completedAt: now })
      .where(eq(privacyRequests.id, row.id))
      .returning();
    await recordAudit(tx, staff, {
      action: `privacy.${row.kind}`,
      subjectType: SUBJECT_TYPE,
      subjectId: row.id,
      before: { status: row.status },
      after: { status: 'COMPLETED', ...(input.note ? { note: input.note } : {}) },
      at: now,
    });
    return updated!;
  });
  if (typeof outcome === 'string') return outcome;
  const subject = `Your privacy request is done: ${KIND_NAMES[outcome.kind]}`;
  if ((outcome.kind === 'access' || outcome.kind === 'portability') && outcome.userId === null) {
    await sendEmailExport(db, senders, tenant, outcome, subject, now);
    return 'done';
  }
  await tellRequester(senders, tenant, outcome, subject, [FULFILMENT_TEXTS[outcome.kind](input.note)]);
  return 'done';
}

const EXPORT_FILE = 'personal-data.json';

/**
 * No account to sign in to (the requester sent a lead, or only asked): the copy goes to the
 * e-mail address the request verified, attached as a file ready to keep or take elsewhere. An
 * agent or parent who asked is told it went there, without the data.
 */
async function sendEmailExport(db: Db, senders: Senders, tenant: Tenant, row: Row, subject: string, now: Date) {
  const data = await buildEmailExport(db, { tenantId: tenant.id, email: row.subjectEmail }, now);
  const footer = `${tenant.brandName} · privacy: ${tenant.privacyContacts.email}`;
  await deliver(senders, {
    tenantId: tenant.id,
    channel: 'email',
    to: row.subjectEmail,
    subject,
    body: [
      `Your copy of the personal information we hold about ${row.subjectEmail} is attached (${EXPORT_FILE}): ${data.leads.length} enquiries, ${data.messages.length} messages and ${data.privacyRequests.length} privacy requests. There is no account with this address, so this e-mail is the copy.`,
      footer,
    ].join('\n\n'),
    attachments: [{ filename: EXPORT_FILE, contentType: 'application/json', content: JSON.stringify(data, null, 2) }],
  });
  if (row.requesterEmail && row.requesterEmail !== row.subjectEmail)
    await deliver(senders, {
      tenantId: tenant.id,
      channel: 'email',
      to: row.requesterEmail,
      subject,
      body: [
        `The copy of the personal information we hold was sent to ${row.subjectEmail}, the address the request verified.`,
        footer,
      ].join('\n\n'),
    });
}

/** The one extension (seed 002 §9: due in 45 days, extendable to 90), with the reason the shopper reads. */
export async function extendPrivacyRequest(
  db: Db,
  senders: Senders,
  tenant: Tenant,
  staff: Pick<Staff, 'id' | 'tenantId' | 'email'>,
  input: { requestId: string; reason: string },
  now: Date,
): Promise<PrivacyActionResult> {
  if (!requestId.safeParse(input.requestId).success) return 'notFound';
  const outcome = await db.transaction(async (tx) => {
    const row = await lockRequest(tx, staff.tenantId, input.requestId);
    if (!row) return 'notFound' as const;
    if (!mayExtend(row, now)) return 'notNow' as const;
    const extendedDueAt = new Date(row.createdAt.getTime() + PRIVACY_EXTENDED_DUE_DAYS * DAY_MS);
    const [updated] = await tx
      .update(privacyRequests)
      .set({ extendedDueAt })
      .where(
        and(
          eq(privacyRequests.id, row.id),
          isNull(privacyRequests.extendedDueAt),
          inArray(privacyRequests.status, ['VERIFIED']),
        ),
      )
      .returning();
    await recordAudit(tx, staff, {
      action: 'privacy.extend',
      subjectType: SUBJECT_TYPE,
      subjectId: row.id,
      before: { dueAt: row.dueAt.toISOString() },
      after: { dueAt: extendedDueAt.toISOString(), reason: input.reason },
      at: now,
    });
    return updated!;
  });
  if (typeof outcome === 'string') return outcome;
  await tellRequester(senders, tenant, outcome, 'We need more time for your privacy request', [
    `We need more time to answer your ${KIND_NAMES[outcome.kind]} request: ${input.reason}`,
    `We will answer by ${day(outcome.extendedDueAt!)}, instead of ${day(outcome.dueAt)} (${PRIVACY_DUE_DAYS} days after your request). There is no fee.`,
  ]);
  return 'done';
}
