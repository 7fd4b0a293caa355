import { AsyncLocalStorage } from 'node:async_hooks';
import pino from 'pino';

type RequestContext = { correlationId: string; tenantId?: string };

export const requestContext = new AsyncLocalStorage<RequestContext>();

// Keys whose values are personal data or secrets. Whatever reaches a log line is
// scrubbed by key, at any depth, so a careless `logger.info({ body })` cannot leak.
const SECRET_KEY =
  /(ssn|dob|birth|password|passcode|secret|token|authorization|cookie|card|cvc|cvv|account_?number|email|phone|first_?name|last_?name|address|street|otp|verification_?code|confirmation_?code)/i;

export function scrubPersonalData(value: unknown, depth = 0): unknown {
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return { type: value.name, message: value.message, stack: value.stack };
  if (Array.isArray(value)) return value.map((item) => scrubPersonalData(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    out[key] = SECRET_KEY.test(key) ? '[redacted]' : scrubPersonalData(inner, depth + 1);
  }
  return out;
}

function level(): pino.LevelWithSilent {
  const fromEnv = process.env.LOG_LEVEL;
  if (fromEnv && ['fatal', 'error', 'warn', 'info', 'debug', 'silent'].includes(fromEnv)) {
    return fromEnv as pino.LevelWithSilent;
  }
  return process.env.NODE_ENV === 'test' || process.env.VITEST ? 'silent' : 'info';
}

export const logger = pino({
  level: level(),
  base: { service: 'showroom' },
  timestamp: pino.stdTimeFunctions.isoTime,
  messageKey: 'message',
  formatters: {
    level: (label) => ({ level: label }),
    log: (object) => scrubPersonalData(object) as Record<string, unknown>,
  },
  mixin() {
    const context = requestContext.getStore();
    return context ? { correlationId: context.correlationId, tenantId: context.tenantId } : {};
  },
});
