import { and, eq, gt, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import {
  PRIVACY_DUE_DAYS,
  PRIVACY_ERROR_CODES,
  PRIVACY_EXTENDED_DUE_DAYS,
  PRIVACY_LIMIT_PER_YEAR,
  type PrivacyRequestView,
  type privacyRequestSchema,
} from '../../app/lib/contract/privacy';
import type { Tenant } from '../../app/lib/shared/tenant/schema';
import type { Db } from '../db/client';
import type { DbOrTx } from '../orders/changes';
import { privacyRequests, users } from '../db/schema';
import { issueCode, verifyCodeWithLimits } from '../identity/codes';
import { sendCode } from '../identity/outgoing';
import { deliver, type Senders } from '../notifications/senders';
import { HttpError } from '../platform/http';
import { deleteShopperData } from './deletion';

// Privacy requests (seed 002 §6 and §9): made by the shopper, an authorised agent or a parent
// for a minor; verified by a code e-mailed to the person the request is about; access and
// portability limited to 2 in 12 months; due in 45 days, extendable once to 90; no fee.

type Input = z.infer<typeof privacyRequestSchema>;
type Row = typeof privacyRequests.$inferSelect;

const DAY_MS = 86_400_000;
const YEAR_MS = 365 * DAY_MS;
const LIMITED: Row['kind'][] = ['access', 'portability'];

/** The date the response is due: the extended one once the dealer extended (seed 002 §9: 45 days, extendable to 90). */
export function dueAtOf(row: Pick<Row, 'dueAt' | 'extendedDueAt'>): Date {
  return row.extendedDueAt ?? row.dueAt;
}

/**
 * A request as the shopper reads it: the API's answer and the shopper's data export (one
 * function, so the export never says another due date than the page and the desk).
 */
export function toView(row: Row): PrivacyRequestView {
  return {
    id: row.id,
    kind: row.kind,
    requester: row.requester,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    dueAt: dueAtOf(row).toISOString(),
    latestDueAt: new Date(row.createdAt.getTime() + PRIVACY_EXTENDED_DUE_DAYS * DAY_MS).toISOString(),
    extended: row.extendedDueAt !== null,
  };
}

async function checkYearlyLimit(
  db: Db,
  tenantId: string,
  subjectEmail: string,
  kind: Row['kind'],
  now: Date,
): Promise<void> {
  if (!LIMITED.includes(kind)) return;
  const recent = await db
    .select({ createdAt: privacyRequests.createdAt })
    .from(privacyRequests)
    .where(
      and(
        eq(privacyRequests.tenantId, tenantId),
        eq(privacyRequests.subjectEmail, subjectEmail),
        inArray(privacyRequests.kind, LIMITED),
        inArray(privacyRequests.status, ['VERIFIED', 'COMPLETED']),
        gt(privacyRequests.createdAt, new Date(now.getTime() - YEAR_MS)),
      ),
    );
  if (recent.length < PRIVACY_LIMIT_PER_YEAR) return;
  const oldest = recent.map((row) => row.createdAt.getTime()).sort((a, b) => a - b)[0]!;
  // The message ends with the date the next request may be made (the storefront shows it).
  throw new HttpError(
    429,
    PRIVACY_ERROR_CODES.limit,
    `Two access or portability requests in 12 months; next allowed at ${new Date(oldest + YEAR_MS).toISOString()}`,
  );
}

export async function createRequest(
  db: Db,
  secret: string,
  senders: Senders,
  tenant: Tenant,
  input: Input,
  now: Date,
): Promise<Row> {
  const subjectEmail = input.subjectEmail.toLowerCase();
  await checkYearlyLimit(db, tenant.id, subjectEmail, input.kind, now);
  const [subject] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenant.id), eq(users.email, subjectEmail)))
    .limit(1);
  const [row] = await db
    .insert(privacyRequests)
    .values({
      tenantId: tenant.id,
      userId: subject?.id ?? null,
      subjectEmail,
      requester: input.requester,
      requesterName: input.requester === 'self' ? null : (input.requesterName ?? null),
      requesterEmail: input.requester === 'self' ? null : (input.requesterEmail?.toLowerCase() ?? null),
      kind: input.kind,
      details: input.details ?? null,
      dueAt: new Date(now.getTime() + PRIVACY_DUE_DAYS * DAY_MS),
      createdAt: now,
    })
    .returning();
  const code = await issueCode(db, secret, {
    tenantId: tenant.id,
    purpose: 'privacy',
    subject: row!.id,
    target: subjectEmail,
  });
  await sendCode(senders, tenant, { purpose: 'privacy', channel: 'email', to: subjectEmail, code });
  return row!;
}

/** Checks the code; a verified request is carried out at once where it can be. */
export async function verifyRequest(
  db: Db,
  secret: string,
  senders: Senders,
  tenant: Tenant,
  id: string,
  code: string,
  now: Date,
): Promise<Row> {
  const [row] = await db
    .select()
    .from(privacyRequests)
    .where(and(eq(privacyRequests.id, id), eq(privacyRequests.tenantId, tenant.id)))
    .limit(1);
  if (!row) throw new HttpError(404, PRIVACY_ERROR_CODES.notFound, 'No such privacy request');
  if (row.status !== 'UNVERIFIED') return row;
  const check = await verifyCodeWithLimits(
    db,
    secret,
    { tenantId: tenant.id, purpose: 'privacy', subject: row.id },
    code,
  );
  if (check.result !== 'ok')
    throw new HttpError(422, PRIVACY_ERROR_CODES.wrongCode, 'Oops, wrong code. Please try again or send a new code.');
  await checkYearlyLimit(db, tenant.id, row.subjectEmail, row.kind, now);
  // At a tenant whose partners are the desk, a person carries out all but the opt-out, which
  // takes effect at once everywhere (decision 092). Elsewhere the sandbox dealer does it now:
  // access and portability by the signed-in shopper's download; a correction waits for the dealer.
  const done = row.kind === 'optOut' || (tenant.partners === 'simulated' && row.kind !== 'correction');
  if (done) await carryOut(db, tenant.id, row);
  const [updated] = await db
    .update(privacyRequests)
    .set({ status: done ? 'COMPLETED' : 'VERIFIED', verifiedAt: now, completedAt: done ? now : null })
    .where(eq(privacyRequests.id, row.id))
    .returning();
  await tellPrivacyContact(senders, tenant, updated!);
  return updated!;
}

/**
 * What a request does to the data: a deletion deletes, an opt-out sets the consents off. Access
 * and portability are the shopper's download, a correction the dealer's hand: nothing here.
 */
export async function carryOut(db: DbOrTx, tenantId: string, row: Row): Promise<void> {
  if (row.kind === 'deletion') await deleteShopperData(db, tenantId, row.subjectEmail, row.userId);
  if (row.kind === 'optOut' && row.userId)
    await db
      .update(users)
      .set({ marketingEmail: false, marketingSms: false })
      .where(and(eq(users.id, row.userId), eq(users.tenantId, tenantId)));
}

export const KIND_NAMES: Record<Row['kind'], string> = {
  access: 'access',
  deletion: 'deletion',
  correction: 'correction',
  portability: 'portability',
  optOut: 'opt-out of sale or sharing',
};

/**
 * The tenant's privacy contact hears of every verified request (issue 35 point 3): what was
 * asked, by whom, and by when it is due. A deletion names no one: the shopper is gone.
 */
async function tellPrivacyContact(senders: Senders, tenant: Tenant, row: Row): Promise<void> {
  const due = dueAtOf(row).toISOString().slice(0, 10);
  const about =
    row.kind === 'deletion'
      ? 'The shopper’s data was deleted; placed orders are kept as the law requires.'
      : `About: ${row.subjectEmail}` +
        (row.requester === 'self'
          ? ''
          : `\nMade by: ${row.requesterName ?? ''} <${row.requesterEmail ?? ''}> (${row.requester})`);
  await deliver(senders, {
    tenantId: tenant.id,
    channel: 'email',
    to: tenant.privacyContacts.email,
    subject: `Verified privacy request: ${KIND_NAMES[row.kind]} (${row.status === 'COMPLETED' ? 'done' : 'to do'})`,
    body: [
      `Request ${row.id}: ${KIND_NAMES[row.kind]}, verified ${row.verifiedAt?.toISOString() ?? ''}.`,
      about,
      row.details ? `Details: ${row.details}` : null,
      row.status === 'COMPLETED' ? 'It was carried out when it was verified.' : `Please respond by ${due}.`,
    ]
      .filter((line) => line !== null)
      .join('\n'),
  });
}
