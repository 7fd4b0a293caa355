import { and, asc, eq } from 'drizzle-orm';
import type { DeskAuditEvent } from '../../app/lib/contract/desk';
import { auditEvents } from '../db/schema';
import type { DbOrTx } from '../orders/changes';
import type { Staff } from './staff';

// The audit trail (issue 33 point 4): every staff action, who, when, what, on what, before and
// after. Written in the action's own transaction where there is one; the table refuses UPDATE
// and DELETE (migration 0007), so nobody edits it.

export async function recordAudit(
  db: DbOrTx,
  // id null: the system acting for staff (the refund sweep), named by `email`.
  staff: Pick<Staff, 'tenantId' | 'email'> & { id: string | null },
  event: {
    action: string;
    subjectType: string;
    subjectId: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
    at?: Date;
  },
): Promise<void> {
  await db.insert(auditEvents).values({
    tenantId: staff.tenantId,
    staffId: staff.id,
    staffEmail: staff.email,
    action: event.action,
    subjectType: event.subjectType,
    subjectId: event.subjectId,
    before: event.before,
    after: event.after,
    ...(event.at ? { at: event.at } : {}),
  });
}

/** The tenant's trail, oldest first; one kind of subject's, or one subject's, when given. */
export async function readAudit(
  db: DbOrTx,
  tenantId: string,
  subject?: { type: string; id?: string },
): Promise<DeskAuditEvent[]> {
  const rows = await db
    .select()
    .from(auditEvents)
    .where(
      subject
        ? and(
            eq(auditEvents.tenantId, tenantId),
            eq(auditEvents.subjectType, subject.type),
            subject.id === undefined ? undefined : eq(auditEvents.subjectId, subject.id),
          )
        : eq(auditEvents.tenantId, tenantId),
    )
    .orderBy(asc(auditEvents.at), asc(auditEvents.id));
  return rows.map((row) => ({
    at: row.at.toISOString(),
    staffEmail: row.staffEmail,
    action: row.action,
    subjectType: row.subjectType,
    subjectId: row.subjectId,
    before: row.before ?? null,
    after: row.after ?? null,
  }));
}
