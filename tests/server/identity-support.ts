import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '#server/db/client';
import { outboxMessages } from '#server/db/schema';
import { apiHeaders } from './harness';

// Helpers for the identity API tests: calls with the tenant header, and the codes the
// built-in outbox received.

export type Caller = {
  post(path: string, body: unknown, token?: string): Promise<Response>;
  get(path: string, token?: string): Promise<Response>;
};

export function caller(baseUrl: string, tenantId = 'default'): Caller {
  return {
    post: (path, body, token) =>
      fetch(`${baseUrl}${path}`, { method: 'POST', headers: apiHeaders(tenantId, token), body: JSON.stringify(body) }),
    get: (path, token) => fetch(`${baseUrl}${path}`, { headers: apiHeaders(tenantId, token) }),
  };
}

export async function errorCode(response: Response): Promise<string> {
  const body = (await response.json()) as { error?: { code?: string } };
  return body.error?.code ?? `(no error code, HTTP ${response.status})`;
}

/** Every message the outbox holds for a recipient, newest first. */
export async function messagesTo(database: Database, recipient: string, tenantId = 'default') {
  return database.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, recipient), eq(outboxMessages.tenantId, tenantId)))
    .orderBy(desc(outboxMessages.id));
}

/** The six-digit code of the newest message to a recipient. */
export async function latestCode(database: Database, recipient: string, tenantId = 'default'): Promise<string> {
  const [message] = await messagesTo(database, recipient, tenantId);
  const code = message ? /\b(\d{6})\b/.exec(message.body)?.[1] : undefined;
  if (!code) throw new Error(`no code was sent to ${recipient}`);
  return code;
}

/** A code that is not the right one. */
export function wrongCode(code: string): string {
  return code === '000000' ? '111111' : '000000';
}

let counter = 0;

/** A new e-mail for each test, so their counters never meet. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}.${Date.now().toString(36)}${counter}@shop.test`;
}

export const VALID_PHONE = '5128675309';
export const STRONG_PASSWORD = 'Gr8-Showroom!';

export function signUpBody(email: string, overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Rowan',
    lastName: 'Ellis',
    email,
    phone: VALID_PHONE,
    password: STRONG_PASSWORD,
    marketingEmail: true,
    marketingSms: false,
    ...overrides,
  };
}
