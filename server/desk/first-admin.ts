import { logger } from '../../app/lib/shared/logger.server';
import type { Tenant } from '../../app/lib/shared/tenant/schema';
import type { Db } from '../db/client';
import { createStaff, staffCount, type StaffKeys } from './staff';

// The first admin of a tenant that has no staff yet, from the environment (issue 33 point 1):
// DESK_ADMIN_<TENANT>_EMAIL, _PASSWORD (12+ characters) and _TOTP_SECRET (base32, 32+
// characters, the one the admin put in an authenticator app). Nothing secret is printed; more
// staff and recovery codes come from `npm run staff:add`.

function envName(tenantId: string, part: string): string {
  return `DESK_ADMIN_${tenantId.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_${part}`;
}

export async function createFirstAdmins(
  db: Db,
  keys: StaffKeys,
  tenants: readonly Tenant[],
  env: Record<string, string | undefined> = process.env,
): Promise<void> {
  for (const tenant of tenants) {
    const email = env[envName(tenant.id, 'EMAIL')];
    const password = env[envName(tenant.id, 'PASSWORD')];
    const totpSecret = env[envName(tenant.id, 'TOTP_SECRET')]?.replace(/\s/g, '').toUpperCase();
    if (!email) continue;
    if (!password || password.length < 12 || !totpSecret || !/^[A-Z2-7]{32,}=*$/.test(totpSecret)) {
      logger.error(
        { tenantId: tenant.id },
        `desk: ${envName(tenant.id, 'EMAIL')} needs ${envName(tenant.id, 'PASSWORD')} (12+ characters) and ${envName(tenant.id, 'TOTP_SECRET')} (base32, 32+ characters); no admin created`,
      );
      continue;
    }
    if ((await staffCount(db, tenant.id)) > 0) continue;
    const created = await createStaff(db, keys, {
      tenantId: tenant.id,
      brandName: tenant.brandName,
      email,
      role: 'admin',
      password,
      totpSecret,
    });
    if (created) logger.info({ tenantId: tenant.id }, 'desk: created the first admin from the environment');
  }
}
