// npm run staff:add -- --tenant <id> --email <e> --role <sales|finance|admin>
// Creates a desk account and prints, once, its password, TOTP secret (and otpauth:// URL for an
// authenticator app) and recovery codes. Nothing of them is kept readable: the password and the
// codes are hashed, the TOTP secret encrypted with the PII key.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { EnvError, parseEnv } from '../../app/lib/shared/env.server';
import { getTenants, TenantConfigError } from '../../app/lib/shared/tenant/tenants.server';
import { emailSchema } from '../../app/lib/shared/validation/fields';
import { openDatabase } from '../db/client';
import { DatabaseInUseError } from '../db/pglite-lock';
import { resolvePiiKey } from '../secrets';
import { STAFF_ROLES, createStaff, type StaffRole } from './staff';

const USAGE = 'Usage: npm run staff:add -- --tenant <id> --email <e-mail> --role <sales|finance|admin>';

class UsageError extends Error {}

function isRole(value: string | undefined): value is StaffRole {
  return STAFF_ROLES.some((role) => role === value);
}

async function main(): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({
      options: { tenant: { type: 'string' }, email: { type: 'string' }, role: { type: 'string' } },
      strict: true,
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { tenant: tenantId, email, role } = parsed.values;
  if (!tenantId || !email || !role) throw new UsageError('--tenant, --email and --role are required');
  if (!isRole(role)) throw new UsageError('--role is sales, finance or admin');
  if (!emailSchema.safeParse(email).success) throw new UsageError(`${email} is not an e-mail address`);
  const env = parseEnv();
  const tenant = getTenants().byId.get(tenantId);
  if (!tenant) throw new UsageError(`unknown tenant ${tenantId}`);
  const dataDir = path.resolve(env.DATA_DIR);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
  try {
    await database.migrate();
    const created = await createStaff(
      database.db,
      { piiKey: resolvePiiKey(dataDir) },
      {
        tenantId: tenant.id,
        brandName: tenant.brandName,
        email,
        role,
      },
    );
    if (!created) {
      console.error(`${tenant.id} already has a desk account for ${email.toLowerCase()}`);
      process.exitCode = 1;
      return;
    }
    console.log(
      [
        `Desk account for ${created.staff.email} (${role}) at ${tenant.brandName}: sign in at /desk/sign-in.`,
        'Shown once; hand them over in person or through a password manager.',
        '',
        `Password:     ${created.password}`,
        `TOTP secret:  ${created.totpSecret}`,
        `otpauth URL:  ${created.otpauthUrl}`,
        '',
        'Recovery codes (each signs in once, instead of a TOTP code):',
        ...created.recoveryCodes.map((code) => `  ${code}`),
      ].join('\n'),
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof UsageError) console.error(`${error.message}\n\n${USAGE}`);
  else if (error instanceof DatabaseInUseError)
    console.error(`${error.message}\nStop the server (PGlite is one process's at a time) and run this again.`);
  else if (error instanceof EnvError || error instanceof TenantConfigError) console.error(error.message);
  else console.error(error);
  process.exitCode = 1;
});
