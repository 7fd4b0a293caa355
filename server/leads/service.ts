import { and, eq } from 'drizzle-orm';
import {
  LEAD_ADDRESS_LIMIT,
  LEAD_ERROR_CODES,
  LEAD_LIMIT,
  LEAD_WINDOW_MINUTES,
  type leadRequestSchema,
} from '../../app/lib/contract/leads';
import type { Tenant } from '../../app/lib/shared/tenant/schema';
import type { z } from 'zod';
import type { Db } from '../db/client';
import { leads, vehicles } from '../db/schema';
import { counterKey, countEvent, lockedUntil, type Limit } from '../identity/limits';
import { deliver, type Senders } from '../notifications/senders';
import { HttpError } from '../platform/http';
import { toAdfXml, type AdfVehicle } from './adf';

// Contact-the-dealer leads (seed 002 §3, issue 15 point 1): stored per tenant, then delivered
// to the tenant's lead address as ADF/XML through the message sender (the outbox by default).
// A lead that could not be delivered stays stored as FAILED; the same submission again retries.

type LeadInput = z.infer<typeof leadRequestSchema>;
export type LeadRow = typeof leads.$inferSelect;

const LEAD_LIMIT_RULE: Limit = {
  max: LEAD_LIMIT,
  windowMs: LEAD_WINDOW_MINUTES * 60_000,
  lockMs: LEAD_WINDOW_MINUTES * 60_000,
};

// The e2e server's browsers all come from 127.0.0.1: LEAD_ADDRESS_LIMIT raises the budget there.
const LEAD_ADDRESS_RULE: Limit = {
  ...LEAD_LIMIT_RULE,
  max: Number(process.env.LEAD_ADDRESS_LIMIT) || LEAD_ADDRESS_LIMIT,
};

export const LEAD_PROVIDER = 'Showroom storefront';

/** Where the tenant's CRM takes leads. */
export function leadAddress(tenant: Tenant): string {
  return tenant.leadEmail ?? tenant.supportEmail;
}

async function checkLimits(db: Db, keys: Array<{ key: string; rule: Limit }>): Promise<void> {
  for (const { key } of keys) {
    if (await lockedUntil(db, key))
      throw new HttpError(429, LEAD_ERROR_CODES.rateLimited, 'Too many messages: try again later');
  }
  for (const { key, rule } of keys) await countEvent(db, key, rule);
}

async function vehicleOf(db: Db, tenantId: string, vin: string | null): Promise<AdfVehicle | null> {
  if (!vin) return null;
  const [row] = await db
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.tenantId, tenantId), eq(vehicles.vin, vin)))
    .limit(1);
  if (!row) return null;
  return {
    vin: row.vin,
    year: row.year,
    make: row.make,
    model: row.model,
    trim: row.trim || null,
    condition: row.type === 'NEW' ? 'new' : 'used',
    priceCents: row.priceCents,
  };
}

export async function deliverLead(
  db: Db,
  senders: Senders,
  tenant: Tenant,
  lead: LeadRow,
  now: Date,
): Promise<LeadRow> {
  const vehicle = await vehicleOf(db, tenant.id, lead.vin);
  const xml = toAdfXml({
    id: lead.id,
    createdAt: lead.createdAt,
    source: lead.source,
    firstName: lead.firstName,
    lastName: lead.lastName,
    email: lead.email,
    phone: lead.phone,
    phoneConsent: lead.phoneConsent,
    comments: lead.comments,
    vin: lead.vin,
    vehicle,
    dealer: { name: tenant.brandName, email: leadAddress(tenant), phone: tenant.dealerPhone.number },
    provider: LEAD_PROVIDER,
  });
  const about = vehicle
    ? `${vehicle.year} ${vehicle.make} ${vehicle.model} (${vehicle.vin})`
    : lead.vin
      ? lead.vin
      : 'a general question';
  const sent = await deliver(senders, {
    tenantId: tenant.id,
    channel: 'email',
    to: leadAddress(tenant),
    subject: `New lead (ADF/XML): ${about}`,
    body: xml,
  });
  const [row] = await db
    .update(leads)
    .set({ deliveryStatus: sent ? 'SENT' : 'FAILED', deliveredAt: sent ? now : null })
    .where(eq(leads.id, lead.id))
    .returning();
  return row ?? lead;
}

/**
 * Stores the lead (once per submissionId) and delivers it. Answers the row and whether it was
 * new; a stored lead that is not SENT yet is delivered again.
 */
export async function submitLead(
  db: Db,
  senders: Senders,
  tenant: Tenant,
  input: LeadInput,
  caller: { userId: string | null; sessionId: string | null; address: string | null },
  now: Date,
): Promise<{ lead: LeadRow; created: boolean }> {
  const [existing] = await db
    .select()
    .from(leads)
    .where(and(eq(leads.tenantId, tenant.id), eq(leads.submissionId, input.submissionId)))
    .limit(1);
  if (existing) {
    if (existing.deliveryStatus === 'SENT') return { lead: existing, created: false };
    return { lead: await deliverLead(db, senders, tenant, existing, now), created: false };
  }
  const keys = [{ key: counterKey('lead-email', tenant.id, input.email.toLowerCase()), rule: LEAD_LIMIT_RULE }];
  if (caller.sessionId)
    keys.push({ key: counterKey('lead-session', tenant.id, caller.sessionId), rule: LEAD_LIMIT_RULE });
  if (caller.address)
    keys.push({ key: counterKey('lead-address', tenant.id, caller.address), rule: LEAD_ADDRESS_RULE });
  await checkLimits(db, keys);
  const [inserted] = await db
    .insert(leads)
    .values({
      tenantId: tenant.id,
      submissionId: input.submissionId,
      source: input.source,
      vin: input.vin ?? null,
      userId: caller.userId,
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      phone: input.phone ?? null,
      phoneConsent: Boolean(input.phone) && input.phoneConsent,
      comments: input.comments ?? null,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!inserted) {
    // A doubled submit: the other request stored it first.
    const [first] = await db
      .select()
      .from(leads)
      .where(and(eq(leads.tenantId, tenant.id), eq(leads.submissionId, input.submissionId)))
      .limit(1);
    if (!first) throw new Error('the lead vanished');
    return { lead: first, created: false };
  }
  return { lead: await deliverLead(db, senders, tenant, inserted, now), created: true };
}
