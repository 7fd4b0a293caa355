import { z } from 'zod';

const emptyAsUnset = (value: unknown) => (value === '' ? undefined : value);

export const envSchema = z.object({
  NODE_ENV: z.preprocess(emptyAsUnset, z.enum(['development', 'production', 'test']).default('development')),
  PORT: z.preprocess(emptyAsUnset, z.coerce.number().int().min(1).max(65535).default(3000)),
  HOST: z.preprocess(emptyAsUnset, z.string().default('0.0.0.0')),
  DATA_DIR: z.preprocess(emptyAsUnset, z.string().min(1).default('./data')),
  DATABASE_URL: z.preprocess(
    emptyAsUnset,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  COMMERCE_API_URL: z.preprocess(emptyAsUnset, z.url({ protocol: /^https?$/ }).optional()),
  // How the storefront reaches the built-in backend (decision 071): unset, in memory when
  // COMMERCE_API_URL is unset or names this process; `http` over loopback like any other client.
  SHOWROOM_API_TRANSPORT: z.preprocess(emptyAsUnset, z.enum(['http', 'in-process']).optional()),
  // COMMERCE_API_URL names another process of this deployment's own built-in backend (same
  // IDENTITY_TOKEN_SECRET): the storefront's calls carry its internal-caller proof (decision 067).
  COMMERCE_API_BUILT_IN: z.preprocess(emptyAsUnset, z.enum(['0', '1']).default('0')),
  SESSION_SECRET: z.preprocess(emptyAsUnset, z.string().min(32, 'must be at least 32 characters').optional()),
  LOG_LEVEL: z.preprocess(emptyAsUnset, z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'silent']).default('info')),
  OUTBOX_PAGE: z.preprocess(emptyAsUnset, z.enum(['0', '1']).default('0')),
  // The UI kit's showcase at /dev/ui: always under npm run dev, in production only with UI_KIT_PAGE=1.
  UI_KIT_PAGE: z.preprocess(emptyAsUnset, z.enum(['0', '1']).default('0')),
  TRUST_PROXY: z.preprocess(emptyAsUnset, z.enum(['0', '1']).default('0')),
  SHOWROOM_TEST_MODE: z.preprocess(emptyAsUnset, z.enum(['0', '1']).default('0')),
  // The shared response cache for signed-out pages (server/http/response-cache.ts): on by default
  // in production outside test mode; in Redis when REDIS_URL is set, else in each process's memory.
  RESPONSE_CACHE: z.preprocess(emptyAsUnset, z.enum(['0', '1']).optional()),
  // How many processes serve this deployment (README, "Several processes"): above 1, start-up
  // refuses generated secrets and PGlite (server/secrets.ts, scaleOutProblems).
  // Worker threads that render pages (server/http/render-pool.ts, decision 045); 0 renders on the
  // request thread. Unset: one fewer than the CPUs, at most 4 (none under npm run dev).
  RENDER_THREADS: z.preprocess(emptyAsUnset, z.coerce.number().int().min(0).max(64).optional()),
  SHOWROOM_PROCESSES: z.preprocess(emptyAsUnset, z.coerce.number().int().min(1).max(1000).default(1)),
  TENANTS_DIR: z.preprocess(emptyAsUnset, z.string().min(1).optional()),
  // Social sign-in providers (OpenID Connect): a provider is on when all three are set.
  SOCIAL_NORTH_ID_ISSUER: z.preprocess(emptyAsUnset, z.url().optional()),
  SOCIAL_NORTH_ID_CLIENT_ID: z.preprocess(emptyAsUnset, z.string().min(1).optional()),
  SOCIAL_NORTH_ID_CLIENT_SECRET: z.preprocess(emptyAsUnset, z.string().min(1).optional()),
  SOCIAL_PEAK_ID_ISSUER: z.preprocess(emptyAsUnset, z.url().optional()),
  SOCIAL_PEAK_ID_CLIENT_ID: z.preprocess(emptyAsUnset, z.string().min(1).optional()),
  SOCIAL_PEAK_ID_CLIENT_SECRET: z.preprocess(emptyAsUnset, z.string().min(1).optional()),
  // Messages out: SMTP for e-mail and an HTTP SMS gateway; unset, both go to the outbox.
  SMTP_URL: z.preprocess(
    emptyAsUnset,
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  SMS_API_URL: z.preprocess(emptyAsUnset, z.url({ protocol: /^https?$/ }).optional()),
  SMS_API_KEY: z.preprocess(emptyAsUnset, z.string().min(1).optional()),
  // Checkout: how long the order-creation wait lasts after Place order (seed 002 §9: about 90 s).
  ORDER_CREATION_SECONDS: z.preprocess(emptyAsUnset, z.coerce.number().int().min(0).max(3600).default(90)),
  // How long a request body may take to arrive before a 408 (issue 29): a form or an API call, and an upload.
  REQUEST_BODY_SECONDS: z.preprocess(emptyAsUnset, z.coerce.number().int().min(1).max(3600).default(30)),
  UPLOAD_BODY_SECONDS: z.preprocess(emptyAsUnset, z.coerce.number().int().min(1).max(3600).default(300)),
  // gzip level of answers (decision 072, measured on the vehicle and search pages): 1 costs about
  // half of zlib's default 6 for 13-20 % more bytes; 0 compresses nothing (a proxy in front does).
  COMPRESSION_LEVEL: z.preprocess(emptyAsUnset, z.coerce.number().int().min(0).max(9).default(1)),
  /** The bearer token GET /metrics asks for (decision 080); unset: no /metrics. */
  METRICS_TOKEN: z.preprocess(emptyAsUnset, z.string().min(16).optional()),
  SEED_VEHICLES: z.preprocess(emptyAsUnset, z.coerce.number().int().min(0).max(1_000_000).default(2000)),
});

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  override name = 'EnvError';
}

/** Parses the environment and names every variable that is wrong. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  throw new EnvError(`Invalid environment configuration:\n${lines.join('\n')}`);
}

let cached: Env | undefined;

export function getEnv(): Env {
  cached ??= parseEnv();
  return cached;
}

/** The storefront needs a secret to sign its cookie; the process sets one before the app loads. */
export function requireSessionSecret(): string {
  const secret = getEnv().SESSION_SECRET;
  if (!secret) throw new EnvError('SESSION_SECRET is not set: start the app through server/index.ts or set it');
  return secret;
}

export function getCommerceApiUrl(): string {
  const env = getEnv();
  return env.COMMERCE_API_URL ?? `http://127.0.0.1:${env.PORT}`;
}

const OWN_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Whether the commerce API is this process's own backend: COMMERCE_API_URL unset, or its loopback address and port. */
function namesThisProcess(env: Env): boolean {
  const url = env.COMMERCE_API_URL ? new URL(env.COMMERCE_API_URL) : null;
  return (
    !url ||
    (url.protocol === 'http:' &&
      OWN_HOSTS.has(url.hostname) &&
      Number(url.port || 80) === env.PORT &&
      url.pathname === '/' &&
      !url.search)
  );
}

/**
 * How the storefront's API calls travel (decision 071): in memory when the API is this
 * process's built-in backend (COMMERCE_API_URL unset, or this process's loopback address and
 * port), unless SHOWROOM_API_TRANSPORT=http; a tenant's own platform is always over HTTP.
 */
export function apiTransportOf(env: Env): 'http' | 'in-process' {
  const builtIn = namesThisProcess(env);
  if (env.SHOWROOM_API_TRANSPORT === 'in-process' && !builtIn)
    throw new EnvError(
      'Invalid environment configuration:\n  SHOWROOM_API_TRANSPORT: in-process needs the built-in backend, but COMMERCE_API_URL names another API',
    );
  return builtIn && env.SHOWROOM_API_TRANSPORT !== 'http' ? 'in-process' : 'http';
}

/**
 * Whether the commerce API is the built-in backend: this process's (COMMERCE_API_URL unset or
 * its own loopback address), or one COMMERCE_API_BUILT_IN=1 says is. Only that one may see the
 * internal-caller proof: a tenant's own platform must never receive anything made from our secret.
 */
export function isBuiltInCommerceApi(): boolean {
  const env = getEnv();
  return namesThisProcess(env) || env.COMMERCE_API_BUILT_IN === '1';
}

export function isTestMode(): boolean {
  const env = getEnv();
  return env.NODE_ENV === 'test' || env.SHOWROOM_TEST_MODE === '1';
}

/** Whether /dev/ui (the UI kit's showcase) answers: in development, or with UI_KIT_PAGE=1. */
export function isUiKitPageOn(): boolean {
  const env = getEnv();
  return env.NODE_ENV === 'development' || env.UI_KIT_PAGE === '1';
}

/** Whether signed-out shoppers' public pages are kept in the shared response cache. */
export function isResponseCacheOn(): boolean {
  const env = getEnv();
  if (env.RESPONSE_CACHE) return env.RESPONSE_CACHE === '1';
  return env.NODE_ENV === 'production' && env.SHOWROOM_TEST_MODE !== '1';
}
