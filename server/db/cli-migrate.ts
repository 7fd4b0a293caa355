// npm run db:migrate: applies the migrations to PostgreSQL (DATABASE_URL) or to PGlite in DATA_DIR.
import path from 'node:path';
import { EnvError, parseEnv } from '../../app/lib/shared/env.server';
import { openDatabase } from './client';

async function main(): Promise<void> {
  const env = parseEnv();
  const dataDir = path.resolve(env.DATA_DIR);
  const target = env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${dataDir}`;
  const startedAt = performance.now();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  console.log(`Migrated ${target} in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError ? error.message : error);
  process.exitCode = 1;
});
