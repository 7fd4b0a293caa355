import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { DeskLead } from '../../app/lib/contract/desk';
import type { Db } from '../db/client';
import { leads, vehicles } from '../db/schema';
import { recordAudit } from './audit';
import type { Staff } from './staff';

// Leads at the desk (issue 33): every lead of the tenant with where the dealer is with it, and
// the one staff action on it (status and note), audited with before and after.

export async function listLeads(db: Db, tenantId: string): Promise<DeskLead[]> {
  const rows = await db
    .select({
      id: leads.id,
      createdAt: leads.createdAt,
      source: leads.source,
      firstName: leads.firstName,
      lastName: leads.lastName,
      email: leads.email,
      phone: leads.phone,
      comments: leads.comments,
      vin: leads.vin,
      year: vehicles.year,
      make: vehicles.make,
      model: vehicles.model,
      status: leads.status,
      note: leads.note,
    })
    .from(leads)
    .leftJoin(vehicles, and(eq(vehicles.tenantId, leads.tenantId), eq(vehicles.vin, leads.vin)))
    .where(eq(leads.tenantId, tenantId))
    .orderBy(desc(leads.createdAt));
  return rows.map(({ firstName, lastName, year, make, model, createdAt, ...row }) => ({
    ...row,
    createdAt: createdAt.toISOString(),
    name: `${firstName} ${lastName}`,
    vehicle: year && make && model ? `${year} ${make} ${model}` : null,
  }));
}

const leadId = z.uuid();

/** 'notFound' for a lead of another tenant or none; the change and its audit row are one transaction. */
export async function updateLead(
  db: Db,
  staff: Pick<Staff, 'id' | 'tenantId' | 'email'>,
  input: { leadId: string; status: DeskLead['status']; note: string | null },
): Promise<'done' | 'notFound'> {
  if (!leadId.safeParse(input.leadId).success) return 'notFound';
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: leads.status, note: leads.note })
      .from(leads)
      .where(and(eq(leads.tenantId, staff.tenantId), eq(leads.id, input.leadId)))
      .for('update');
    if (!before) return 'notFound';
    const after = { status: input.status, note: input.note };
    await tx
      .update(leads)
      .set(after)
      .where(and(eq(leads.tenantId, staff.tenantId), eq(leads.id, input.leadId)));
    await recordAudit(tx, staff, {
      action: 'lead.update',
      subjectType: 'lead',
      subjectId: input.leadId,
      before,
      after,
    });
    return 'done';
  });
}
