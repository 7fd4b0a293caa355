import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, count, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import { Secret, TOTP } from 'otpauth';
import { decryptPii, encryptPii } from '../checkout/pii';
import type { Db } from '../db/client';
import type { DbOrTx } from '../orders/changes';
import { staffAccounts, staffRecoveryCodes, staffSessions } from '../db/schema';
import { LIMITS, clearCounter, countEvent, counterKey, lockedUntil } from '../identity/limits';
import { hashPassword, verifyPassword } from '../identity/passwords';
import { SIGN_IN_LOCK_MS, SIGN_IN_MAX_FAILURES } from '../identity/service';

// Staff accounts of the dealer desk (issue 33, decision 075): per tenant, in their own table,
// never a shopper. A sign-in is two steps: the password (argon2id, the shopper's lockout: the
// 5th failure in a row locks the account for 15 minutes), then a TOTP code or a one-time
// recovery code (the shopper's code limit: the 5th wrong code locks the step for 30 minutes).
// A desk session is an opaque random token whose sha-256 is its row; it lasts 12 hours.

export const STAFF_ROLES = ['sales', 'finance', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export type Staff = { id: string; tenantId: string; email: string; role: StaffRole };

const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
const CHALLENGE_TTL_SECONDS = 5 * 60;
const CHALLENGE_ISSUER = 'showroom-desk-challenge';
const RECOVERY_CODES = 8;

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** A TOTP of the desk for this secret (RFC 6238 defaults: SHA-1, 6 digits, 30 s, what every authenticator app reads). */
function totpOf(tenantBrand: string, email: string, secret: string): TOTP {
  return new TOTP({ issuer: tenantBrand, label: email, secret: Secret.fromBase32(secret) });
}

/** A readable one-time recovery code: `k7q2-m9xw-4hdp` (60 bits). */
function newRecoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(12);
  const chars = [...bytes].map((byte) => alphabet[byte % alphabet.length]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
}

function normaliseRecoveryCode(code: string): string {
  return code.trim().toLowerCase().replace(/\s+/g, '');
}

/** A password of 20 characters from 120 random bits, shown once. */
function newPassword(): string {
  return randomBytes(15).toString('base64url');
}

export type NewStaff = {
  staff: Staff;
  password: string;
  totpSecret: string;
  otpauthUrl: string;
  recoveryCodes: string[];
};

export type StaffKeys = { piiKey: Buffer };

/**
 * Creates a staff account with a one-time password (or the given one), a TOTP secret and
 * recovery codes, all shown once to whoever runs it. null when the e-mail has an account in the tenant.
 */
export async function createStaff(
  db: DbOrTx,
  keys: StaffKeys,
  input: {
    tenantId: string;
    brandName: string;
    email: string;
    role: StaffRole;
    password?: string;
    totpSecret?: string;
  },
): Promise<NewStaff | null> {
  const id = randomUUID();
  const email = input.email.trim().toLowerCase();
  const password = input.password ?? newPassword();
  const totpSecret = input.totpSecret ?? new Secret({ size: 20 }).base32;
  const recoveryCodes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(staffAccounts)
      .values({
        id,
        tenantId: input.tenantId,
        email,
        role: input.role,
        passwordHash: await hashPassword(password),
        totpSecret: encryptPii(keys.piiKey, { totp: totpSecret }, id),
      })
      .onConflictDoNothing()
      .returning({ id: staffAccounts.id });
    if (!row) return false;
    await tx
      .insert(staffRecoveryCodes)
      .values(recoveryCodes.map((code) => ({ staffId: id, codeHash: sha256(normaliseRecoveryCode(code)) })));
    return true;
  });
  if (!created) return null;
  return {
    staff: { id, tenantId: input.tenantId, email, role: input.role },
    password,
    totpSecret,
    otpauthUrl: totpOf(input.brandName, email, totpSecret).toString(),
    recoveryCodes,
  };
}

/** How many staff accounts the tenant has (the first admin from the environment needs none). */
export async function staffCount(db: Db, tenantId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(staffAccounts).where(eq(staffAccounts.tenantId, tenantId));
  return row?.n ?? 0;
}

// ── Sign-in, step 1: the password ──

export type PasswordStepResult = { ok: true; challenge: string } | { ok: false; reason: 'invalid' | 'locked' };

let dummy: Promise<string> | undefined;

export async function checkStaffPassword(
  db: Db,
  secret: string,
  input: { tenantId: string; email: string; password: string },
): Promise<PasswordStepResult> {
  const [staff] = await db
    .select()
    .from(staffAccounts)
    .where(and(eq(staffAccounts.tenantId, input.tenantId), eq(staffAccounts.email, input.email.trim().toLowerCase())))
    .limit(1);
  if (!staff) {
    // The same work as a real check: the answer's timing does not tell who has an account.
    dummy ??= hashPassword(`no staff ${Math.random()}`);
    await verifyPassword(await dummy, input.password);
    return { ok: false, reason: 'invalid' };
  }
  // Counted before the password is compared, in one statement that refuses a locked account
  // (as the shopper's sign-in: parallel guesses cannot slip past the fifth).
  const [reserved] = await db
    .update(staffAccounts)
    .set({
      failedSignIns: sql`case when ${staffAccounts.lockedUntil} is not null and ${staffAccounts.lockedUntil} <= now() then 1 else ${staffAccounts.failedSignIns} + 1 end`,
      lockedUntil: sql`case when ${staffAccounts.lockedUntil} <= now() then null else ${staffAccounts.lockedUntil} end`,
    })
    .where(
      and(
        eq(staffAccounts.id, staff.id),
        or(isNull(staffAccounts.lockedUntil), lte(staffAccounts.lockedUntil, sql`now()`)),
      ),
    )
    .returning({ attempt: staffAccounts.failedSignIns });
  if (!reserved || reserved.attempt > SIGN_IN_MAX_FAILURES) return { ok: false, reason: 'locked' };
  if (!(await verifyPassword(staff.passwordHash, input.password))) {
    if (reserved.attempt < SIGN_IN_MAX_FAILURES) return { ok: false, reason: 'invalid' };
    await db
      .update(staffAccounts)
      .set({ failedSignIns: 0, lockedUntil: sql`now() + ${sql.raw(`interval '${SIGN_IN_LOCK_MS} milliseconds'`)}` })
      .where(eq(staffAccounts.id, staff.id));
    return { ok: false, reason: 'locked' };
  }
  // The right password: this attempt and the failures before it are forgotten (the code step has its own lock).
  await db
    .update(staffAccounts)
    .set({ failedSignIns: 0 })
    .where(and(eq(staffAccounts.id, staff.id), isNull(staffAccounts.lockedUntil)));
  const challenge = await new SignJWT({ tid: staff.tenantId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(staff.id)
    .setIssuer(CHALLENGE_ISSUER)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + CHALLENGE_TTL_SECONDS)
    .sign(new TextEncoder().encode(secret));
  return { ok: true, challenge };
}

// ── Sign-in, step 2: the code ──

export type CodeStepResult =
  | { ok: true; token: string; staff: Staff; recoveryCodesLeft: number; usedRecoveryCode: boolean }
  | { ok: false; reason: 'wrong' | 'wrongLastTry' | 'locked' | 'expired' };

async function readChallenge(secret: string, challenge: string, tenantId: string): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(challenge, new TextEncoder().encode(secret), {
      issuer: CHALLENGE_ISSUER,
      algorithms: ['HS256'],
    });
    return payload.tid === tenantId && typeof payload.sub === 'string' ? payload.sub : null;
  } catch {
    return null;
  }
}

export async function checkStaffCode(
  db: Db,
  keys: StaffKeys & { secret: string },
  input: { tenantId: string; brandName: string; challenge: string; code: string },
  now: Date = new Date(),
): Promise<CodeStepResult> {
  const staffId = await readChallenge(keys.secret, input.challenge, input.tenantId);
  if (!staffId) return { ok: false, reason: 'expired' };
  const [staff] = await db
    .select()
    .from(staffAccounts)
    .where(and(eq(staffAccounts.id, staffId), eq(staffAccounts.tenantId, input.tenantId)))
    .limit(1);
  if (!staff) return { ok: false, reason: 'expired' };
  const key = counterKey('desk-code', input.tenantId, staff.id);
  if (await lockedUntil(db, key)) return { ok: false, reason: 'locked' };
  const code = input.code.trim();
  let usedRecoveryCode = false;
  let accepted = false;
  if (/^\d{6}$/.test(code.replace(/\s/g, ''))) {
    const secret = decryptPii(keys.piiKey, staff.totpSecret, staff.id).totp ?? '';
    const totp = totpOf(input.brandName, staff.email, secret);
    const delta = totp.validate({ token: code.replace(/\s/g, ''), timestamp: now.getTime(), window: 1 });
    if (delta !== null) {
      const step = totp.counter({ timestamp: now.getTime() }) + delta;
      // Spends the step in the same statement that checks it: a code is good once.
      const [spent] = await db
        .update(staffAccounts)
        .set({ lastTotpStep: step })
        .where(
          and(
            eq(staffAccounts.id, staff.id),
            or(isNull(staffAccounts.lastTotpStep), sql`${staffAccounts.lastTotpStep} < ${step}`),
          ),
        )
        .returning({ id: staffAccounts.id });
      accepted = Boolean(spent);
    }
  } else {
    const [spent] = await db
      .update(staffRecoveryCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(staffRecoveryCodes.staffId, staff.id),
          eq(staffRecoveryCodes.codeHash, sha256(normaliseRecoveryCode(code))),
          isNull(staffRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: staffRecoveryCodes.id });
    accepted = Boolean(spent);
    usedRecoveryCode = accepted;
  }
  if (!accepted) {
    const counted = await countEvent(db, key, LIMITS.codeTries);
    if (!counted.allowed || counted.lockedUntil) return { ok: false, reason: 'locked' };
    return { ok: false, reason: counted.count === LIMITS.codeTries.max - 1 ? 'wrongLastTry' : 'wrong' };
  }
  await clearCounter(db, key);
  const token = randomBytes(32).toString('base64url');
  await db
    .insert(staffSessions)
    .values({ staffId: staff.id, tokenHash: sha256(token), expiresAt: new Date(now.getTime() + SESSION_TTL_MS) });
  const [left] = await db
    .select({ n: count() })
    .from(staffRecoveryCodes)
    .where(and(eq(staffRecoveryCodes.staffId, staff.id), isNull(staffRecoveryCodes.usedAt)));
  return {
    ok: true,
    token,
    staff: { id: staff.id, tenantId: staff.tenantId, email: staff.email, role: staff.role },
    recoveryCodesLeft: left?.n ?? 0,
    usedRecoveryCode,
  };
}

// ── Sessions ──

/** The staff member a desk token names, in this tenant only; null for anything else (a shopper's token too). */
export async function staffForToken(
  db: Db,
  tenantId: string,
  token: string,
): Promise<(Staff & { sessionId: string }) | null> {
  if (token.length < 20 || token.length > 100) return null;
  const [row] = await db
    .select({
      id: staffAccounts.id,
      tenantId: staffAccounts.tenantId,
      email: staffAccounts.email,
      role: staffAccounts.role,
      sessionId: staffSessions.id,
    })
    .from(staffSessions)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, sha256(token)),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.expiresAt, sql`now()`),
        eq(staffAccounts.tenantId, tenantId),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function endStaffSession(db: Db, sessionId: string): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(staffSessions.id, sessionId), isNull(staffSessions.revokedAt)));
}
