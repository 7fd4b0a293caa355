import { deskChallengeResponseSchema, deskSessionResponseSchema } from '~/lib/contract/desk';
import { getTenants } from '~/lib/shared/tenant/tenants.server';
import { createStaff, type NewStaff } from '#server/desk/staff';
import { resolvePiiKey } from '#server/secrets';
import type { StepHarness } from './tracker-harness';

/** A new staff account of the tenant, signed in through the desk API with a recovery code: its desk token. */
export async function deskStaffToken(
  harness: StepHarness,
  tenantId: string,
  role: 'sales' | 'finance' | 'admin',
): Promise<string> {
  const created = (await createStaff(
    harness.database.db,
    { piiKey: resolvePiiKey(harness.dataDir) },
    { tenantId, brandName: tenantId, email: `${role}@${tenantId}.test`, role },
  )) as NewStaff;
  const password = await harness.call('/api/desk/sign-in', {
    tenantId,
    json: { email: created.staff.email, password: created.password },
  });
  const { challenge } = deskChallengeResponseSchema.parse(await password.json()).data;
  const code = await harness.call('/api/desk/sign-in/code', {
    tenantId,
    json: { challenge, code: created.recoveryCodes[0] },
  });
  return deskSessionResponseSchema.parse(await code.json()).data.token;
}

/** The tenant registry with one tenant run from the desk (`partners: "desk"`); the others keep the sandbox dealer. */
export function tenantsWithDesk(tenantId: string): ReturnType<typeof getTenants> {
  const registry = getTenants();
  const desk = { ...registry.byId.get(tenantId)!, partners: 'desk' as const };
  return {
    ...registry,
    all: registry.all.map((tenant) => (tenant.id === tenantId ? desk : tenant)),
    byId: new Map([...registry.byId, [tenantId, desk]]),
  };
}
