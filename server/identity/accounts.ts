import { and, eq } from 'drizzle-orm';
import type { AccountProfile, SocialProvider, TokensResponse } from '../../app/lib/contract/identity';
import type { Tenant } from '../../app/lib/shared/tenant/schema';
import type { Db } from '../db/client';
import { pendingConfirmations, socialIdentities, users } from '../db/schema';
import type { Senders } from '../notifications/senders';
import {
  allowCodeRequest,
  issueCode,
  liveCodeTarget,
  revokeCodes,
  verifyCodeWithLimits,
  type CodeScope,
} from './codes';
import { LIMITS, countEvent, counterKey } from './limits';
import { sendCode } from './outgoing';
import { hashPassword } from './passwords';
import { isAwaitingConfirmation, issueTokens, revokeSessions } from './service';

// Sign-up, confirmation, passcodes, password reset and the account itself. Every function
// takes the tenant and puts it in its where clauses: the same e-mail in two tenants is two
// accounts. Answers about codes are the same whether or not the e-mail has an account.

export type IdentityContext = { db: Db; secret: string; senders: Senders; tenant: Tenant };

type UserRow = typeof users.$inferSelect;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

async function findUserByEmail(ctx: IdentityContext, email: string): Promise<UserRow | null> {
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, ctx.tenant.id), eq(users.email, normalizeEmail(email))))
    .limit(1);
  return user ?? null;
}

async function findUserById(ctx: IdentityContext, userId: string): Promise<UserRow | null> {
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, ctx.tenant.id), eq(users.id, userId)))
    .limit(1);
  return user ?? null;
}

/** The code flows' outcomes, for the router to turn into statuses. */
export type CodeSendResult =
  { ok: true; warning: 'lastRequest' | null } | { ok: false; reason: 'locked' | 'resetLimit' };
export type CodeVerifyFailure = { ok: false; reason: 'wrong' | 'wrongLastTry' | 'expired' | 'locked' };

// ── Sign-up ──────────────────────────────────────────────────────────────────────────────

export type SignUpInput = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  password: string;
  marketingEmail: boolean;
  marketingSms: boolean;
};

export type SignUpResult =
  { ok: true; email: string; phoneLast4: string | null } | { ok: false; reason: 'exists' | 'limited' };

type CheckCaller = { client: string; caller: string };

function emailCheckKeys(ctx: IdentityContext, who: CheckCaller) {
  return [
    { key: counterKey('email-check', ctx.tenant.id, who.caller, who.client), limit: LIMITS.emailCheck },
    { key: counterKey('email-check-caller', ctx.tenant.id, who.caller), limit: LIMITS.emailCheckCaller },
  ];
}

/** Counts one existing-e-mail check on both keys (one atomic statement each); false past either limit. */
async function allowEmailCheck(ctx: IdentityContext, who: CheckCaller): Promise<boolean> {
  let allowed = true;
  for (const { key, limit } of emailCheckKeys(ctx, who)) {
    if (!(await countEvent(ctx.db, key, limit)).allowed) allowed = false;
  }
  return allowed;
}

/**
 * Creates the account, waiting for confirmation, and e-mails the first code. A sign-up that
 * meets an existing e-mail says so (seed 002 §5), so it counts as an existing-e-mail check
 * and, past that limit, is refused without saying why.
 */
export async function signUp(ctx: IdentityContext, input: SignUpInput, who: CheckCaller): Promise<SignUpResult> {
  const email = normalizeEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  const [user] = await ctx.db
    .insert(users)
    .values({
      tenantId: ctx.tenant.id,
      email,
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone,
      passwordHash,
      marketingEmail: input.marketingEmail,
      marketingSms: input.marketingSms,
    })
    .onConflictDoNothing()
    .returning();
  if (!user) {
    // A new e-mail always signs up; past the limit, an existing one is no longer named as such.
    if (!(await allowEmailCheck(ctx, who))) return { ok: false, reason: 'limited' };
    return { ok: false, reason: 'exists' };
  }
  await ctx.db.insert(pendingConfirmations).values({ userId: user.id });
  await sendConfirmationCode(ctx, { email, channel: 'email' });
  return { ok: true, email, phoneLast4: input.phone.slice(-4) };
}

/** The sign-up page's live check (seed 002 §5): the one answer that says whether an e-mail has an account. */
export async function emailCheck(
  ctx: IdentityContext,
  input: { email: string } & CheckCaller,
): Promise<{ ok: true; exists: boolean } | { ok: false }> {
  if (!(await allowEmailCheck(ctx, input))) return { ok: false };
  return { ok: true, exists: Boolean(await findUserByEmail(ctx, input.email)) };
}

// ── Confirmation by e-mail or SMS code ───────────────────────────────────────────────────

function confirmScope(ctx: IdentityContext, email: string, channel: 'email' | 'sms'): CodeScope {
  return {
    tenantId: ctx.tenant.id,
    purpose: channel === 'email' ? 'confirm-email' : 'confirm-sms',
    subject: normalizeEmail(email),
  };
}

/** Sends a confirmation code to an account waiting for one; any other e-mail gets the same answer and nothing is sent. */
export async function sendConfirmationCode(
  ctx: IdentityContext,
  input: { email: string; channel: 'email' | 'sms' },
): Promise<CodeSendResult> {
  const scope = confirmScope(ctx, input.email, input.channel);
  const allowed = await allowCodeRequest(ctx.db, scope);
  if (!allowed.ok) return { ok: false, reason: 'locked' };
  const user = await findUserByEmail(ctx, input.email);
  const waiting = user ? await isAwaitingConfirmation(ctx.db, user.id) : false;
  const to = !user || !waiting ? null : input.channel === 'email' ? user.email : user.phone;
  const code = await issueCode(ctx.db, ctx.secret, { ...scope, target: to });
  if (to) await sendCode(ctx.senders, ctx.tenant, { purpose: scope.purpose, channel: input.channel, to, code });
  return { ok: true, warning: allowed.warning };
}

/** A right code confirms the account (the e-mail or the phone is now verified) and signs the shopper in. */
export async function confirmAccount(
  ctx: IdentityContext,
  input: { email: string; channel: 'email' | 'sms'; code: string },
): Promise<{ ok: true; tokens: TokensResponse } | CodeVerifyFailure> {
  const scope = confirmScope(ctx, input.email, input.channel);
  const verified = await verifyCodeWithLimits(ctx.db, ctx.secret, scope, input.code);
  if (verified.result !== 'ok') return { ok: false, reason: verified.result };
  const user = await findUserByEmail(ctx, input.email);
  // A code exists for every request; only one sent to a waiting account can confirm it.
  if (!user || !verified.target) return { ok: false, reason: 'expired' };
  const now = new Date();
  await ctx.db
    .update(users)
    .set(input.channel === 'email' ? { emailVerifiedAt: now } : { phoneVerifiedAt: now })
    .where(eq(users.id, user.id));
  await ctx.db.delete(pendingConfirmations).where(eq(pendingConfirmations.userId, user.id));
  return { ok: true, tokens: await issueTokens(ctx.db, user, ctx.secret) };
}

// ── Passwordless sign-in ─────────────────────────────────────────────────────────────────

function passcodeScope(ctx: IdentityContext, email: string): CodeScope {
  return { tenantId: ctx.tenant.id, purpose: 'passcode', subject: normalizeEmail(email) };
}

/** By SMS to a verified phone, else by e-mail; nothing is sent for an e-mail without an account. */
export async function sendPasscode(ctx: IdentityContext, input: { email: string }): Promise<CodeSendResult> {
  const scope = passcodeScope(ctx, input.email);
  const allowed = await allowCodeRequest(ctx.db, scope);
  if (!allowed.ok) return { ok: false, reason: 'locked' };
  const user = await findUserByEmail(ctx, input.email);
  const channel: 'email' | 'sms' = user?.phone && user.phoneVerifiedAt ? 'sms' : 'email';
  const to = !user ? null : channel === 'sms' ? user.phone : user.email;
  const code = await issueCode(ctx.db, ctx.secret, { ...scope, target: to });
  if (to) await sendCode(ctx.senders, ctx.tenant, { purpose: 'passcode', channel, to, code });
  return { ok: true, warning: allowed.warning };
}

export async function signInWithPasscode(
  ctx: IdentityContext,
  input: { email: string; code: string },
): Promise<{ ok: true; tokens: TokensResponse } | CodeVerifyFailure> {
  const verified = await verifyCodeWithLimits(ctx.db, ctx.secret, passcodeScope(ctx, input.email), input.code);
  if (verified.result !== 'ok') return { ok: false, reason: verified.result };
  const user = await findUserByEmail(ctx, input.email);
  if (!user || !verified.target) return { ok: false, reason: 'expired' };
  if (verified.target === user.email) {
    // The passcode reached the inbox: that confirms the e-mail, and a waiting sign-up with it.
    await ctx.db
      .update(users)
      .set({ emailVerifiedAt: user.emailVerifiedAt ?? new Date() })
      .where(eq(users.id, user.id));
    await ctx.db.delete(pendingConfirmations).where(eq(pendingConfirmations.userId, user.id));
  }
  return { ok: true, tokens: await issueTokens(ctx.db, user, ctx.secret) };
}

// ── Password reset ───────────────────────────────────────────────────────────────────────

function resetScope(ctx: IdentityContext, email: string): CodeScope {
  return { tenantId: ctx.tenant.id, purpose: 'reset', subject: normalizeEmail(email) };
}

/** Three requests an hour per e-mail (the third starts an hour's lock); accounts without a password (social) get nothing. */
export async function sendResetCode(ctx: IdentityContext, input: { email: string }): Promise<CodeSendResult> {
  const scope = resetScope(ctx, input.email);
  const allowed = await allowCodeRequest(ctx.db, scope, LIMITS.resetRequests);
  if (!allowed.ok) return { ok: false, reason: 'resetLimit' };
  const user = await findUserByEmail(ctx, input.email);
  const to = user?.passwordHash ? user.email : null;
  const code = await issueCode(ctx.db, ctx.secret, { ...scope, target: to });
  if (to) await sendCode(ctx.senders, ctx.tenant, { purpose: 'reset', channel: 'email', to, code });
  return { ok: true, warning: allowed.warning };
}

/** Sets the new password, lifts a sign-in lock, confirms the e-mail, and signs every device out. */
export async function resetPassword(
  ctx: IdentityContext,
  input: { email: string; code: string; password: string },
): Promise<{ ok: true } | CodeVerifyFailure> {
  const verified = await verifyCodeWithLimits(ctx.db, ctx.secret, resetScope(ctx, input.email), input.code);
  if (verified.result !== 'ok') return { ok: false, reason: verified.result };
  const user = await findUserByEmail(ctx, input.email);
  if (!user || !verified.target) return { ok: false, reason: 'expired' };
  const passwordHash = await hashPassword(input.password);
  await ctx.db
    .update(users)
    .set({ passwordHash, failedSignIns: 0, lockedUntil: null, emailVerifiedAt: user.emailVerifiedAt ?? new Date() })
    .where(eq(users.id, user.id));
  await ctx.db.delete(pendingConfirmations).where(eq(pendingConfirmations.userId, user.id));
  await revokeSessions(ctx.db, { userId: user.id });
  return { ok: true };
}

// ── The account ──────────────────────────────────────────────────────────────────────────

function emailChangeScope(ctx: IdentityContext, userId: string): CodeScope {
  return { tenantId: ctx.tenant.id, purpose: 'email-change', subject: userId };
}

export async function getAccountProfile(ctx: IdentityContext, userId: string): Promise<AccountProfile | null> {
  const user = await findUserById(ctx, userId);
  if (!user) return null;
  const [links, pendingEmail] = await Promise.all([
    ctx.db
      .select({ provider: socialIdentities.provider })
      .from(socialIdentities)
      .where(and(eq(socialIdentities.tenantId, ctx.tenant.id), eq(socialIdentities.userId, user.id))),
    liveCodeTarget(ctx.db, emailChangeScope(ctx, user.id)),
  ]);
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone,
    marketingEmail: user.marketingEmail,
    marketingSms: user.marketingSms,
    emailVerified: Boolean(user.emailVerifiedAt),
    phoneVerified: Boolean(user.phoneVerifiedAt),
    hasPassword: Boolean(user.passwordHash),
    socialProviders: [...new Set(links.map((link) => link.provider as SocialProvider))],
    pendingEmail,
  };
}

export async function updateProfile(
  ctx: IdentityContext,
  userId: string,
  input: { firstName: string; lastName: string; phone: string; marketingEmail: boolean; marketingSms: boolean },
): Promise<AccountProfile | null> {
  const user = await findUserById(ctx, userId);
  if (!user) return null;
  // A new number is not a verified one.
  const phoneVerifiedAt = input.phone === user.phone ? user.phoneVerifiedAt : null;
  await ctx.db
    .update(users)
    .set({ ...input, phoneVerifiedAt })
    .where(and(eq(users.tenantId, ctx.tenant.id), eq(users.id, userId)));
  return getAccountProfile(ctx, userId);
}

export type EmailChangeResult =
  | { ok: true; warning: 'lastRequest' | null }
  | { ok: false; reason: 'same' | 'exists' | 'locked' | 'managedBySocial' | 'gone' };

/** Sends a code to the new e-mail; the change happens when the code comes back. */
export async function requestEmailChange(
  ctx: IdentityContext,
  userId: string,
  input: { email: string },
): Promise<EmailChangeResult> {
  const user = await findUserById(ctx, userId);
  if (!user) return { ok: false, reason: 'gone' };
  // Seed 002 §6: accounts made with a social provider manage their e-mail there.
  if (!user.passwordHash) return { ok: false, reason: 'managedBySocial' };
  const email = normalizeEmail(input.email);
  if (email === user.email) return { ok: false, reason: 'same' };
  // Counted before the answer says whether the e-mail is taken, so it cannot be used to probe.
  const allowed = await allowCodeRequest(ctx.db, emailChangeScope(ctx, user.id));
  if (!allowed.ok) return { ok: false, reason: 'locked' };
  if (await findUserByEmail(ctx, email)) return { ok: false, reason: 'exists' };
  const scope = emailChangeScope(ctx, user.id);
  const code = await issueCode(ctx.db, ctx.secret, { ...scope, target: email });
  await sendCode(ctx.senders, ctx.tenant, { purpose: 'email-change', channel: 'email', to: email, code });
  return { ok: true, warning: allowed.warning };
}

export async function confirmEmailChange(
  ctx: IdentityContext,
  userId: string,
  input: { code: string },
): Promise<{ ok: true; profile: AccountProfile } | CodeVerifyFailure | { ok: false; reason: 'exists' | 'gone' }> {
  const verified = await verifyCodeWithLimits(ctx.db, ctx.secret, emailChangeScope(ctx, userId), input.code);
  if (verified.result !== 'ok') return { ok: false, reason: verified.result };
  if (!verified.target) return { ok: false, reason: 'expired' };
  if (await findUserByEmail(ctx, verified.target)) return { ok: false, reason: 'exists' };
  const updated = await ctx.db
    .update(users)
    .set({ email: verified.target, emailVerifiedAt: new Date() })
    .where(and(eq(users.tenantId, ctx.tenant.id), eq(users.id, userId)))
    .returning({ id: users.id })
    .catch(() => []);
  if (updated.length === 0) return { ok: false, reason: 'exists' };
  const profile = await getAccountProfile(ctx, userId);
  return profile ? { ok: true, profile } : { ok: false, reason: 'gone' };
}

export async function cancelEmailChange(ctx: IdentityContext, userId: string): Promise<void> {
  await revokeCodes(ctx.db, emailChangeScope(ctx, userId));
}
