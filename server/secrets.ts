import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A secret from the environment, or else one generated once and kept in DATA_DIR
 * (mode 0600), so sessions and tokens survive restarts of the embedded default.
 */
export function resolveSecret(fromEnv: string | undefined, dataDir: string, fileName: string): string {
  if (fromEnv) return fromEnv;
  const file = path.resolve(dataDir, fileName);
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first run: fall through and create it
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * The 32-byte key that encrypts SSNs and dates of birth at rest (AES-256-GCM): from
 * PII_ENCRYPTION_KEY, or generated once in DATA_DIR like the other secrets. Hashed to 32 bytes
 * so any long enough secret works.
 */
export function resolvePiiKey(dataDir: string, fromEnv: string | undefined = process.env.PII_ENCRYPTION_KEY): Buffer {
  return createHash('sha256')
    .update(resolveSecret(fromEnv, dataDir, 'pii-key'))
    .digest();
}

/**
 * What keeps several processes from serving one deployment (SHOWROOM_PROCESSES above 1): every
 * process must sign cookies and tokens and encrypt personal data with the same keys, so none
 * may generate its own, and they must share one database, which PGlite cannot be.
 */
export function scaleOutProblems(processes: number, source: Record<string, string | undefined>): string[] {
  if (processes <= 1) return [];
  const problems: string[] = [];
  if (!source.DATABASE_URL) problems.push("DATABASE_URL: PGlite is one process's folder; several need one PostgreSQL");
  for (const name of ['SESSION_SECRET', 'IDENTITY_TOKEN_SECRET', 'PII_ENCRYPTION_KEY']) {
    const value = source[name];
    if (!value) problems.push(`${name}: not set, so each process would generate its own`);
    else if (value.length < 32) problems.push(`${name}: must be at least 32 characters`);
  }
  return problems;
}
