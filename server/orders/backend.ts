import { eq } from 'drizzle-orm';
import { json, type ErrorRequestHandler, type RequestHandler } from 'express';
import type { Tenant } from '../../app/lib/shared/tenant/schema';
import { users } from '../db/schema';
import { buyerEmailHtml, type BuyerEmailContent } from '../notifications/buyer-email-html';
import { createSenders, deliver, type MessageAttachment, type Senders } from '../notifications/senders';
import { sendError, type Platform } from '../platform/http';
import type { DbOrTx, OrderRow } from './changes';

// What the areas that move an order along share: the platform, the message senders, and the
// built-in partners' timings (the insurer, the contract service, the dealer). The partners
// answer a few seconds after the shopper acts, the way real ones answer minutes later.

export type SandboxTimings = {
  /** The insurer answers a policy pull after this long. */
  insurancePullMs: number;
  /** The contract service prepares a contract package in this long. */
  contractPreparationMs: number;
  /** The dealer countersigns this long after the buyer signed. */
  countersignMs: number;
  /** The dealer confirms a requested delivery or pickup after this long. */
  appointmentConfirmMs: number;
};

export const DEFAULT_SANDBOX_TIMINGS: SandboxTimings = {
  insurancePullMs: 2_000,
  contractPreparationMs: 3_000,
  countersignMs: 3_000,
  appointmentConfirmMs: 3_000,
};

export type StepBackend = {
  platform: Platform;
  senders: Senders;
  timings: SandboxTimings;
  /** The clock; tests move it instead of waiting. */
  now: () => Date;
};

export type StepBackendOptions = { senders?: Senders; timings?: Partial<SandboxTimings>; now?: () => Date };

export function createStepBackend(platform: Platform, options: StepBackendOptions = {}): StepBackend {
  const senders =
    options.senders ??
    createSenders(platform.db, process.env, (tenantId) => {
      const owner = platform.tenants.byId.get(tenantId);
      return owner ? `${owner.brandName} <${owner.supportEmail}>` : 'Showroom <no-reply@showroom.invalid>';
    });
  return {
    platform,
    senders,
    timings: { ...DEFAULT_SANDBOX_TIMINGS, ...options.timings },
    now: options.now ?? (() => new Date()),
  };
}

export function tenantOf(backend: StepBackend, tenantId: string): Tenant {
  const tenant = backend.platform.tenants.byId.get(tenantId);
  if (!tenant) throw new Error(`no tenant ${tenantId}`);
  return tenant;
}

export type OrderOwner = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  /** The shopper's consent to texts (decision 111): without it no text goes to their phone. */
  textConsent: boolean;
};

export async function findOrderOwner(db: DbOrTx, order: Pick<OrderRow, 'userId'>): Promise<OrderOwner> {
  const [owner] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      textConsent: users.marketingSms,
    })
    .from(users)
    .where(eq(users.id, order.userId))
    .limit(1);
  if (!owner) throw new Error('order without an owner');
  return owner;
}

/**
 * Tells the order's owner something by e-mail (subject, plain-text body, optionally an HTML
 * part and files) or text (body). A text goes only to a shopper who agreed to texts (decision
 * 111). Delivery failures are logged by deliver() and never fail the shopper's request.
 */
export async function notifyOwner(
  backend: StepBackend,
  order: Pick<OrderRow, 'userId' | 'tenantId'>,
  message: {
    channel: 'email' | 'sms';
    subject?: string;
    body: string;
    html?: string;
    attachments?: MessageAttachment[];
  },
): Promise<boolean> {
  const owner = await findOrderOwner(backend.platform.db, order);
  const to = message.channel === 'email' ? owner.email : owner.textConsent ? owner.phone : null;
  if (!to) return false;
  return deliver(backend.senders, {
    tenantId: order.tenantId,
    channel: message.channel,
    to,
    subject: message.subject,
    body: message.body,
    ...(message.channel === 'email' && message.html ? { html: message.html } : {}),
    ...(message.channel === 'email' && message.attachments ? { attachments: message.attachments } : {}),
  });
}

/** A buyer e-mail's HTML part in the tenant's brand, its logo linked from the tenant's storefront. */
export function buyerHtml(tenant: Tenant, content: BuyerEmailContent): string {
  const logo = tenant.images.logo
    ? storefrontLink(
        tenant,
        `/tenant-assets/${encodeURIComponent(tenant.id)}/${encodeURIComponent(tenant.images.logo)}`,
      )
    : null;
  return buyerEmailHtml(tenant, content, logo);
}

/** A link back into the storefront of the order's tenant for messages (its first domain). */
export function storefrontLink(tenant: Tenant, path: string): string {
  const host = tenant.domains[0] ?? 'localhost';
  const local = host === 'localhost' || host === '127.0.0.1' || host.endsWith('.localhost');
  const port = process.env.PORT && local ? `:${process.env.PORT}` : '';
  return `${local ? 'http' : 'https'}://${host}${port}${path}`;
}

/**
 * JSON body parsing for the step routes. A body that is not JSON (or too long) is answered
 * here with the contract's error body and never reaches Express's default handler, which
 * would print the parser's message, and with it part of the body (a card number), to stderr.
 */
export function jsonBody(limit = '16kb'): Array<RequestHandler | ErrorRequestHandler> {
  const bodyErrors: ErrorRequestHandler = (error: unknown, _req, res, next) => {
    const type = (error as { type?: unknown } | null)?.type;
    if (type === 'entity.too.large')
      return sendError(res, 413, 'error.validation.tooLarge', 'The request body is too large');
    if (typeof type === 'string' && type.startsWith('entity.'))
      return sendError(res, 400, 'error.validation.invalidRequest', 'The request body is not valid JSON');
    next(error);
  };
  return [json({ limit }), bodyErrors];
}
