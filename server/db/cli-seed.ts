// npm run db:seed -- --vehicles N [--tenants default,northside] [--reset]
// Migrates, then replaces the chosen tenants' demo inventory, demo shopper and demo orders.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { EnvError, parseEnv } from '../../app/lib/shared/env.server';
import { getTenants, TenantConfigError } from '../../app/lib/shared/tenant/tenants.server';
import { openDatabase } from './client';
import { seedDatabase } from './seed';
import { DEMO_SHOPPER, SCENARIOS } from './seed-data/scenarios';

const USAGE = `Usage: npm run db:seed -- [--vehicles N] [--tenants id,id] [--reset]

  --vehicles N   vehicles in total, shared evenly across the tenants (default: SEED_VEHICLES, 2000)
  --tenants ids  comma-separated tenant ids (default: every tenant folder)
  --reset        also remove those tenants' other shoppers, analytics events and outbox messages

Seeding a tenant always replaces its vehicles, its orders and the demo shopper
(${DEMO_SHOPPER.email}), whose ${SCENARIOS.length} demo orders cover every tracker state.`;

class UsageError extends Error {
  override name = 'UsageError';
}

function parseCommandLine(defaultVehicles: number): { vehicles: number; tenantIds?: string[]; reset: boolean } {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        vehicles: { type: 'string' },
        tenants: { type: 'string' },
        reset: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (parsed.values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const vehicles = parsed.values.vehicles === undefined ? defaultVehicles : Number(parsed.values.vehicles);
  if (!Number.isInteger(vehicles) || vehicles < 0 || vehicles > 1_000_000) {
    throw new UsageError(`--vehicles must be a whole number from 0 to 1000000 (got "${parsed.values.vehicles}")`);
  }
  const tenantIds = parsed.values.tenants
    ?.split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  if (tenantIds && tenantIds.length === 0) throw new UsageError('--tenants needs at least one tenant id');
  return { vehicles, tenantIds, reset: parsed.values.reset };
}

async function main(): Promise<void> {
  const env = parseEnv();
  const args = parseCommandLine(env.SEED_VEHICLES);
  const tenants = getTenants().all;
  const unknown = (args.tenantIds ?? []).filter((id) => !tenants.some((tenant) => tenant.id === id));
  if (unknown.length > 0) {
    throw new UsageError(
      `unknown tenant ${unknown.join(', ')} (known: ${tenants.map((tenant) => tenant.id).join(', ')})`,
    );
  }
  const dataDir = path.resolve(env.DATA_DIR);
  const target = env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${dataDir}`;

  const startedAt = performance.now();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
  try {
    await database.migrate();
    const migratedAt = performance.now();
    const result = await seedDatabase(database.db, {
      vehicles: args.vehicles,
      tenants,
      dataDir,
      tenantIds: args.tenantIds,
      reset: args.reset,
    });
    console.log(
      `Seeded ${result.vehicles} vehicles and ${result.orders} demo orders for ${result.tenants.join(', ')} into ${target}` +
        ` in ${(result.ms / 1000).toFixed(1)} s (migrations ${((migratedAt - startedAt) / 1000).toFixed(1)} s).`,
    );
    console.log(`Demo shopper in each seeded tenant: ${DEMO_SHOPPER.email} / ${DEMO_SHOPPER.password}`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof UsageError) console.error(`${error.message}\n\n${USAGE}`);
  else if (error instanceof EnvError || error instanceof TenantConfigError) console.error(error.message);
  else console.error(error);
  process.exitCode = 1;
});
