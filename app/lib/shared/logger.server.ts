import { AsyncLocalStorage } from 'node:async_hooks';
import pino from 'pino';
import { isOneOf, isRecord } from './guards';

// traceparent: the page's W3C trace context (server/http/tracing.ts), for its API calls; never logged.
type RequestContext = { correlationId: string; tenantId?: string; traceparent?: string };

export const requestContext = new AsyncLocalStorage<RequestContext>();

// Keys whose values are personal data or secrets. Whatever reaches a log line is
// scrubbed by key, at any depth, so a careless `logger.info({ body })` cannot leak.
const SECRET_KEY =
  /(ssn|dob|birth|password|passcode|secret|token|authorization|cookie|card|cvc|cvv|account_?number|email|phone|first_?name|last_?name|address|street|otp|verification_?code|confirmation_?code)/i;

/**
 * A failed query's error names its parameters (`Failed query: …\nparams: a@b.test,…`): the
 * values are cut, from the message and from the stack that repeats it; the driver's own
 * code (a SQLSTATE) is kept, its message (which may quote a value) is not.
 */
function loggableError(error: Error): Record<string, unknown> {
  const cut = (text: string | undefined) => {
    if (!text) return text;
    const at = text.indexOf('\nparams:');
    if (at === -1) return text;
    const frames = text
      .slice(at)
      .split('\n')
      .filter((line) => /^\s+at /.test(line));
    return [text.slice(0, at), ...frames].join('\n');
  };
  const out: Record<string, unknown> = { type: error.name, message: cut(error.message), stack: cut(error.stack) };
  const cause = error.cause;
  if (isRecord(cause) && typeof cause.code === 'string') out.causeCode = cause.code;
  return out;
}

export function scrubPersonalData(value: unknown, depth = 0): unknown {
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return loggableError(value);
  if (Array.isArray(value)) return value.map((item) => scrubPersonalData(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    out[key] = SECRET_KEY.test(key) ? '[redacted]' : scrubPersonalData(inner, depth + 1);
  }
  return out;
}

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'silent'] as const satisfies readonly pino.LevelWithSilent[];

function level(): pino.LevelWithSilent {
  const fromEnv = process.env.LOG_LEVEL;
  if (isOneOf(LEVELS, fromEnv)) return fromEnv;
  return process.env.NODE_ENV === 'test' || process.env.VITEST ? 'silent' : 'info';
}

export const logger = pino({
  level: level(),
  base: { service: 'showroom' },
  timestamp: pino.stdTimeFunctions.isoTime,
  messageKey: 'message',
  formatters: {
    level: (label) => ({ level: label }),
    log: (object) => {
      const scrubbed = scrubPersonalData(object);
      return isRecord(scrubbed) ? scrubbed : {};
    },
  },
  mixin() {
    const context = requestContext.getStore();
    return context ? { correlationId: context.correlationId, tenantId: context.tenantId } : {};
  },
});
