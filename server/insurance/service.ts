import { and, eq, sql } from 'drizzle-orm';
import { preparedOnce } from '../db/prepared';
import { insuranceVerifications } from '../db/schema';
import type { StepBackend } from '../orders/backend';

// The insurance verification of the built-in backend (seed 001 §7), with a sandbox insurer:
//
//   NOT_INITIATED ──consent (terms v1)──▶ NOT_INITIATED (consented) ──policy pull──▶ IN_PROGRESS
//   IN_PROGRESS ──the insurer answers (a few seconds)──▶ ACTIVE
//   IN_PROGRESS or NOT_INITIATED ──policy/error (pull failed or abandoned)──▶ CANCELLED
//   INACTIVE, EXPIRED, CANCELLED ──consent and a new pull──▶ IN_PROGRESS …
//
// The sandbox insurer finds an active policy for every shopper. A shopper whose pull fails
// (the storefront reports it through policy/error) is "not verified" and uploads the card.

export type InsuranceRow = typeof insuranceVerifications.$inferSelect;

const VERIFIED = new Set(['ACTIVE', 'PENDING_ACTIVATION']);

export class InsuranceError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The order's verification as it is now. The sandbox insurer's answer is derived when the row
 * is read (decision 011), not left to a timer: a pull under way for insurancePullMs is
 * answered then, so a restart in between loses nothing.
 */
const insuranceOf = preparedOnce((db) =>
  db
    .select()
    .from(insuranceVerifications)
    .where(eq(insuranceVerifications.orderNumber, sql.placeholder('orderNumber')))
    .limit(1)
    .prepare('insurance_of_order'),
);

export async function findInsurance(backend: StepBackend, orderNumber: string): Promise<InsuranceRow | null> {
  const read = async () => {
    const [row] = await insuranceOf(backend.platform.db).execute({ orderNumber });
    return row ?? null;
  };
  const row = await read();
  if (
    row?.policyStatus === 'IN_PROGRESS' &&
    row.pullId &&
    backend.now().getTime() - row.updatedAt.getTime() >= backend.timings.insurancePullMs
  ) {
    if (await answerPolicyPull(backend, orderNumber, row.pullId)) return read();
  }
  return row;
}

export async function recordConsent(
  backend: StepBackend,
  orderNumber: string,
  consent: { termsVersion: 1; consentLanguage: string },
): Promise<InsuranceRow> {
  const now = backend.now();
  const current = await findInsurance(backend, orderNumber);
  if (current && VERIFIED.has(current.policyStatus)) {
    throw new InsuranceError(409, 'error.insurance.alreadyVerified', 'The policy is already verified');
  }
  const values = {
    termsVersion: consent.termsVersion,
    consentLanguage: consent.consentLanguage,
    consentedAt: now,
    updatedAt: now,
  };
  const [row] = await backend.platform.db
    .insert(insuranceVerifications)
    .values({ orderNumber, policyStatus: 'NOT_INITIATED', ...values })
    .onConflictDoUpdate({ target: insuranceVerifications.orderNumber, set: values })
    .returning();
  return row!;
}

/**
 * Starts a policy pull: IN_PROGRESS now, the sandbox insurer's answer a few seconds later (read
 * from the row by findInsurance once insurancePullMs have passed). The
 * same pull id again is the same pull (a retried request); a new one restarts the pull.
 */
export async function startPolicyPull(
  backend: StepBackend,
  orderNumber: string,
  pullId: string,
): Promise<InsuranceRow> {
  const current = await findInsurance(backend, orderNumber);
  if (!current?.consentedAt || current.termsVersion !== 1) {
    throw new InsuranceError(
      409,
      'error.insurance.consentRequired',
      'The shopper has not consented to the policy pull',
    );
  }
  if (VERIFIED.has(current.policyStatus))
    throw new InsuranceError(409, 'error.insurance.alreadyVerified', 'The policy is already verified');
  if (current.policyStatus === 'IN_PROGRESS' && current.pullId === pullId) return current;
  const now = backend.now();
  const [row] = await backend.platform.db
    .update(insuranceVerifications)
    .set({ policyStatus: 'IN_PROGRESS', pullId, lastError: null, updatedAt: now })
    .where(eq(insuranceVerifications.orderNumber, orderNumber))
    .returning();
  return row!;
}

/**
 * The sandbox insurer's answer for one pull. Only the pull that is still under way with this
 * id is answered: a pull restarted or abandoned meanwhile is left alone.
 */
export async function answerPolicyPull(backend: StepBackend, orderNumber: string, pullId: string): Promise<boolean> {
  const answered = await backend.platform.db
    .update(insuranceVerifications)
    .set({ policyStatus: 'ACTIVE', updatedAt: backend.now() })
    .where(
      and(
        eq(insuranceVerifications.orderNumber, orderNumber),
        eq(insuranceVerifications.pullId, pullId),
        sql`${insuranceVerifications.policyStatus} = 'IN_PROGRESS'`,
      ),
    )
    .returning({ orderNumber: insuranceVerifications.orderNumber });
  return answered.length > 0;
}

/** The storefront reports a failed or abandoned pull: the policy is not verified. */
export async function recordPolicyError(
  backend: StepBackend,
  orderNumber: string,
  reason: string,
): Promise<InsuranceRow> {
  const current = await findInsurance(backend, orderNumber);
  if (current && VERIFIED.has(current.policyStatus)) return current;
  const now = backend.now();
  const values = { policyStatus: 'CANCELLED', lastError: reason.slice(0, 200), updatedAt: now };
  const [row] = await backend.platform.db
    .insert(insuranceVerifications)
    .values({ orderNumber, ...values })
    .onConflictDoUpdate({ target: insuranceVerifications.orderNumber, set: values })
    .returning();
  return row!;
}
