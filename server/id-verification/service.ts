import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import {
  ID_CAPTURE_PARTS,
  ID_LINK_TTL_HOURS,
  MAX_IMAGE_BYTES,
  idCapturePath,
  type IdCapturePart,
  type IdCaptureResult,
  type IdCaptureState,
  type IdVerificationStatus,
} from '../../app/lib/contract/tracker';
import type { Tenant } from '../../app/lib/shared/tenant/schema';
import { isIdCaptureOffered } from '../../app/lib/shared/id-capture';
import { preparedOnce } from '../db/prepared';
import { carts, idVerifications, orders } from '../db/schema';
import { dealPlace } from '../checkout/service';
import { incomingDir } from '../documents/storage';
import { MultipartError, readMultipart, removeFiles, type MultipartFile } from '../documents/multipart';
import { findOrderOwner, type StepBackend } from '../orders/backend';
import type { Db } from '../db/client';
import type { OrderRow } from '../orders/changes';
import { recordIdFailed, recordIdLinkSent, recordIdVerified } from '../orders/progress';
import { deliver } from '../notifications/senders';

// ID verification (seed 000 §4.3, seed 002 §4-5, §9) with a built-in verifier:
//
//   NOT_STARTED ──text link sent──▶ INITIATED (order INITIATED; the link works 24 hours)
//   INITIATED or FAILED ──capture with front, back and selfie all readable──▶ SUCCESSFUL
//                                        (order COMPLETED, SUBMITTED → ID_VERIFICATION_COMPLETED)
//   INITIATED or FAILED ──capture with a picture missing or unreadable──▶ FAILED (order ERROR)
//
// Each capture is one transaction (transactionsAmount + 1). The pictures are read to decide
// and then removed: nothing of the shopper's ID is kept.

export type IdVerificationRow = typeof idVerifications.$inferSelect;

export class IdCheckError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const LINK_TTL_MS = ID_LINK_TTL_HOURS * 60 * 60 * 1000;

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const idVerificationOf = preparedOnce((db) =>
  db
    .select()
    .from(idVerifications)
    .where(eq(idVerifications.orderNumber, sql.placeholder('orderNumber')))
    .limit(1)
    .prepare('id_verification_of_order'),
);

export async function findIdVerification(backend: StepBackend, orderNumber: string): Promise<IdVerificationRow | null> {
  const [row] = await idVerificationOf(backend.platform.db).execute({ orderNumber });
  return row ?? null;
}

export function toStatus(row: IdVerificationRow | null, now: Date, captureOffered = true): IdVerificationStatus {
  return {
    status: row?.status ?? 'NOT_STARTED',
    // The text link lapses after 24 hours; a check that never succeeded by then is expired.
    isExpired: Boolean(row?.linkExpiresAt && row.status !== 'SUCCESSFUL' && row.linkExpiresAt < now),
    transactionsAmount: row?.transactionsAmount ?? 0,
    captureOffered,
  };
}

/**
 * The state the buyer lives in, from the order's cart: the credit application's home address,
 * else the state of the Order Details zip or the zip the purchase started with (server/checkout
 * dealPlace). Null for an order
 * without a cart (dealer-created and demo orders).
 */
const cartPlaceOf = preparedOnce((db) =>
  db
    .select({ creditAnswers: carts.creditAnswers, fulfillment: carts.fulfillment, startZip: carts.startZip })
    .from(carts)
    .where(and(eq(carts.orderNumber, sql.placeholder('orderNumber')), eq(carts.tenantId, sql.placeholder('tenantId'))))
    .limit(1)
    .prepare('id_verification_cart_place'),
);

export async function orderResidentState(
  db: Db,
  order: Pick<OrderRow, 'orderNumber' | 'tenantId'>,
): Promise<string | null> {
  const [cart] = await cartPlaceOf(db).execute({ orderNumber: order.orderNumber, tenantId: order.tenantId });
  return cart ? (await dealPlace(cart)).state : null;
}

/** Seed 002 §5: whether this order's buyer may verify their ID by capture (not Illinois residents). */
export async function captureOfferedFor(db: Db, order: Pick<OrderRow, 'orderNumber' | 'tenantId'>): Promise<boolean> {
  return isIdCaptureOffered(await orderResidentState(db, order));
}

/** (•••) •••-0147 */
export function maskPhone(phone: string): string {
  return `(•••) •••-${phone.slice(-4)}`;
}

/** The link base must be one of the tenant's own hosts (any port), so a text never points elsewhere. */
export function isTenantOrigin(tenant: Tenant, linkBase: string): boolean {
  try {
    const url = new URL(linkBase);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      tenant.domains.includes(url.hostname) &&
      url.pathname === '/'
    );
  } catch {
    return false;
  }
}

/** Sends the capture link by text to the order owner's phone; answers where it went and until when it works. */
export async function sendCaptureLink(
  backend: StepBackend,
  order: OrderRow,
  tenant: Tenant,
  linkBase: string,
): Promise<{ sentTo: string; expiresAt: Date }> {
  const { db } = backend.platform;
  if (order.idVerificationStatus === 'COMPLETED')
    throw new IdCheckError(409, 'error.idVerification.alreadyVerified', 'The ID is already verified');
  if (!(await captureOfferedFor(db, order)))
    throw new IdCheckError(
      409,
      'error.idVerification.captureNotOffered',
      'ID capture is not offered to residents of this state: upload the driver’s licence',
    );
  const owner = await findOrderOwner(db, order);
  if (!owner.phone)
    throw new IdCheckError(422, 'error.idVerification.noPhone', 'The account has no phone number to text the link to');
  const token = randomBytes(24).toString('base64url');
  const now = backend.now();
  const expiresAt = new Date(now.getTime() + LINK_TTL_MS);
  const values = {
    status: 'INITIATED' as const,
    linkTokenHash: hashLinkToken(token),
    linkExpiresAt: expiresAt,
    updatedAt: now,
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(idVerifications)
      .values({ orderNumber: order.orderNumber, ...values })
      .onConflictDoUpdate({ target: idVerifications.orderNumber, set: values });
    await recordIdLinkSent(tx, order, now);
  });
  const link = `${new URL(linkBase).origin}${idCapturePath(token)}`;
  await deliver(backend.senders, {
    tenantId: order.tenantId,
    channel: 'sms',
    to: owner.phone,
    body: `${tenant.brandName}: verify your ID for order ${order.orderNumber}. Open ${link} on your phone to photograph your driver's license. The link expires in ${ID_LINK_TTL_HOURS} hours.`,
  });
  return { sentTo: maskPhone(owner.phone), expiresAt };
}

type CaptureTarget = { row: IdVerificationRow; order: OrderRow };

/** The check a capture token opens, within the tenant; null for a token nobody issued. */
export async function findCaptureTarget(
  backend: StepBackend,
  tenantId: string,
  token: string,
): Promise<CaptureTarget | null> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return null;
  const [found] = await backend.platform.db
    .select({ row: idVerifications, order: orders })
    .from(idVerifications)
    .innerJoin(orders, eq(orders.orderNumber, idVerifications.orderNumber))
    .where(eq(idVerifications.linkTokenHash, hashLinkToken(token)))
    .limit(1);
  if (!found || found.order.tenantId !== tenantId) return null;
  return found;
}

export function captureState(target: CaptureTarget, now: Date): IdCaptureState {
  const { row } = target;
  const state =
    row.status === 'SUCCESSFUL' ? 'COMPLETED' : row.linkExpiresAt && row.linkExpiresAt < now ? 'EXPIRED' : 'OPEN';
  return { state, expiresAt: row.linkExpiresAt?.toISOString() ?? null, lastStatus: row.status };
}

/** The built-in verifier: every picture present and decodable as an image. */
async function verifyPictures(files: MultipartFile[]): Promise<IdCapturePart[]> {
  const problems: IdCapturePart[] = [];
  for (const part of ID_CAPTURE_PARTS) {
    const file = files.find((candidate) => candidate.field === part);
    if (!file || file.size === 0 || file.truncated) {
      problems.push(part);
      continue;
    }
    // A real decode of a small version, not just the header: a broken file fails here.
    const readable = await sharp(file.path, { failOn: 'error' })
      .resize(64, 64, { fit: 'inside' })
      .raw()
      .toBuffer()
      .then(
        () => true,
        () => false,
      );
    if (!readable) problems.push(part);
  }
  return problems;
}

/** One capture attempt from the phone: the verifier's answer, recorded on the check and the order. */
export async function captureId(
  backend: StepBackend,
  target: CaptureTarget,
  body: AsyncIterable<Buffer>,
  contentType: string | undefined,
): Promise<IdCaptureResult> {
  const now = backend.now();
  const state = captureState(target, now);
  if (state.state === 'COMPLETED')
    throw new IdCheckError(409, 'error.idVerification.alreadyVerified', 'The ID is already verified');
  if (state.state === 'EXPIRED')
    throw new IdCheckError(410, 'error.idVerification.linkExpired', 'The link has expired');

  let files: MultipartFile[] = [];
  try {
    files = (
      await readMultipart(body, contentType, {
        tmpDir: incomingDir(backend.platform.dataDir),
        maxFileBytes: MAX_IMAGE_BYTES,
        maxFiles: ID_CAPTURE_PARTS.length + 2,
        maxTotalBytes: (ID_CAPTURE_PARTS.length + 2) * (MAX_IMAGE_BYTES + 64 * 1024),
      })
    ).files;
  } catch (error) {
    if (!(error instanceof MultipartError)) throw error;
    if (error.reason === 'tooLarge')
      throw new IdCheckError(413, 'error.document.tooLarge', 'The pictures are too large');
    throw new IdCheckError(400, 'error.validation.invalidRequest', 'The pictures could not be read');
  }
  try {
    const problems = await verifyPictures(files);
    const status = problems.length === 0 ? 'SUCCESSFUL' : 'FAILED';
    const { db } = backend.platform;
    await db.transaction(async (tx) => {
      await tx
        .update(idVerifications)
        .set({ status, transactionsAmount: sql`${idVerifications.transactionsAmount} + 1`, updatedAt: now })
        .where(eq(idVerifications.orderNumber, target.row.orderNumber));
      if (status === 'SUCCESSFUL') await recordIdVerified(tx, target.order, now);
      else await recordIdFailed(tx, target.order, now);
    });
    return { status, problems };
  } finally {
    await removeFiles(files);
  }
}
