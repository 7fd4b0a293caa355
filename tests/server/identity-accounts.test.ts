import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IDENTITY_ERRORS,
  accountProfileResponseSchema,
  codeSentResponseSchema,
  signUpResponseSchema,
  tokensResponseSchema,
} from '~/lib/contract/identity';
import { users, verificationCodes } from '#server/db/schema';
import { verifyPassword } from '#server/identity/passwords';
import { insertShopper, startHarness, type Harness } from './harness';
import {
  STRONG_PASSWORD,
  VALID_PHONE,
  caller,
  errorCode,
  latestCode,
  messagesTo,
  signUpBody,
  uniqueEmail,
  wrongCode,
  type Caller,
} from './identity-support';

let harness: Harness;
let api: Caller;

beforeAll(async () => {
  harness = await startHarness();
  api = caller(harness.url);
});
afterAll(async () => {
  await harness.close();
});

async function signUp(email: string, overrides: Record<string, unknown> = {}) {
  const response = await api.post('/api/identity/sign-up', signUpBody(email, overrides));
  expect(response.status).toBe(201);
  return signUpResponseSchema.parse(await response.json()).data;
}

async function signIn(email: string, password: string) {
  return api.post('/api/identity/sign-in', { email, password });
}

describe('sign-up', () => {
  it('creates an account that waits for the e-mail code, then the code confirms it and signs in', async () => {
    const email = uniqueEmail('new');
    expect(await signUp(email)).toEqual({ email, phoneLast4: '5309' });

    const [message] = await messagesTo(harness.database, email);
    expect(message).toMatchObject({ channel: 'email', subject: 'Showroom: confirm your account' });
    expect(await errorCode(await signIn(email, STRONG_PASSWORD))).toBe(IDENTITY_ERRORS.unconfirmed);

    const code = await latestCode(harness.database, email);
    const confirmed = await api.post('/api/identity/confirmation/verify', { email, channel: 'email', code });
    expect(confirmed.status).toBe(200);
    expect(tokensResponseSchema.parse(await confirmed.json()).data.shopper).toMatchObject({
      email,
      firstName: 'Rowan',
      lastName: 'Ellis',
    });

    expect((await signIn(email, STRONG_PASSWORD)).status).toBe(200);
    const [row] = await harness.database.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ phone: VALID_PHONE, marketingEmail: true, marketingSms: false });
    expect(row?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await verifyPassword(row!.passwordHash!, STRONG_PASSWORD)).toBe(true);
  });

  it('confirms by SMS code instead, sent to the phone given at sign-up', async () => {
    const email = uniqueEmail('sms');
    await signUp(email);
    const sent = await api.post('/api/identity/confirmation/send', { email, channel: 'sms' });
    expect(codeSentResponseSchema.parse(await sent.json()).data.warning).toBeNull();
    const [sms] = await messagesTo(harness.database, VALID_PHONE);
    expect(sms).toMatchObject({ channel: 'sms', subject: null });
    const code = await latestCode(harness.database, VALID_PHONE);
    const confirmed = await api.post('/api/identity/confirmation/verify', { email, channel: 'sms', code });
    expect(confirmed.status).toBe(200);
    const [row] = await harness.database.db.select().from(users).where(eq(users.email, email));
    expect(row?.phoneVerifiedAt).toBeInstanceOf(Date);
    expect(row?.emailVerifiedAt).toBeNull();
  });

  it('refuses an e-mail that already has an account (in any case), but not the same e-mail in another tenant', async () => {
    const email = uniqueEmail('twice');
    await signUp(email);
    const again = await api.post('/api/identity/sign-up', signUpBody(email.toUpperCase()));
    expect(again.status).toBe(409);
    expect(await errorCode(again)).toBe(IDENTITY_ERRORS.accountExists);
    const elsewhere = await caller(harness.url, 'lakeview').post('/api/identity/sign-up', signUpBody(email));
    expect(elsewhere.status).toBe(201);
  });

  it('applies the field rules on the server too', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ firstName: 'J' }, 'firstName: Your first name must be 2-15 characters.'],
      [{ lastName: 'Ellis3' }, 'lastName: Your last name cannot contain numbers or special characters.'],
      [{ email: 'rowan+shop@shop.test' }, 'email: Your email cannot contain a plus sign (+).'],
      [{ phone: '8005551234' }, 'phone: Please enter a valid area code.'],
      [{ password: 'Password1!' }, 'password: Too easy to guess.'],
    ];
    for (const [override, message] of cases) {
      const response = await api.post('/api/identity/sign-up', signUpBody(uniqueEmail('rules'), override));
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message).toBe(message);
    }
  });
});

describe('the existing-e-mail check', () => {
  it('says whether an e-mail has an account in this tenant', async () => {
    await insertShopper(harness.database, 'default', 'taken@shop.test');
    const check = (email: string, tenant = 'default') =>
      caller(harness.url, tenant).post('/api/identity/email-check', { email, client: '203.0.113.7' });
    expect(await (await check('Taken@Shop.test')).json()).toEqual({ data: { exists: true } });
    expect(await (await check('free@shop.test')).json()).toEqual({ data: { exists: false } });
    expect(await (await check('taken@shop.test', 'northside')).json()).toEqual({ data: { exists: false } });
  });

  it('is limited to 20 checks per shopper address and tenant in 10 minutes', async () => {
    const check = (client: string, tenant = 'default') =>
      caller(harness.url, tenant).post('/api/identity/email-check', { email: 'someone@shop.test', client });
    for (let i = 0; i < 20; i += 1) expect((await check('198.51.100.20')).status).toBe(200);
    const limited = await check('198.51.100.20');
    expect(limited.status).toBe(429);
    expect(await errorCode(limited)).toBe(IDENTITY_ERRORS.emailCheckLimit);
    expect((await check('198.51.100.21')).status).toBe(200);
    expect((await check('198.51.100.20', 'lakeview')).status).toBe(200);
  });

  it('counts a sign-up that meets an existing e-mail as a check, so sign-ups cannot probe past the limit', async () => {
    const taken = uniqueEmail('probe');
    await signUp(taken);
    const client = '198.51.100.30';
    for (let i = 0; i < 19; i += 1) {
      expect((await api.post('/api/identity/email-check', { email: taken, client })).status).toBe(200);
    }
    expect((await api.post('/api/identity/sign-up', { ...signUpBody(taken), client })).status).toBe(409);
    const limited = await api.post('/api/identity/sign-up', { ...signUpBody(taken), client });
    expect(limited.status).toBe(429);
    expect(await errorCode(limited)).toBe(IDENTITY_ERRORS.emailCheckLimit);
    // A new e-mail still signs up.
    expect((await api.post('/api/identity/sign-up', { ...signUpBody(uniqueEmail('fresh')), client })).status).toBe(201);
  });
});

describe('one-time codes', () => {
  it('are stored only as a keyed hash, expire after 10 minutes, and work once', async () => {
    const email = uniqueEmail('once');
    await signUp(email);
    const code = await latestCode(harness.database, email);
    const [row] = await harness.database.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.subject, email));
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.codeHash).not.toContain(code);
    const minutes = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 60_000;
    expect(minutes).toBeCloseTo(10, 0);

    await harness.database.db
      .update(verificationCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(verificationCodes.id, row!.id));
    const expired = await api.post('/api/identity/confirmation/verify', { email, channel: 'email', code });
    expect(expired.status).toBe(410);
    expect(await errorCode(expired)).toBe(IDENTITY_ERRORS.expiredCode);

    await api.post('/api/identity/confirmation/send', { email, channel: 'email' });
    const fresh = await latestCode(harness.database, email);
    expect((await api.post('/api/identity/confirmation/verify', { email, channel: 'email', code: fresh })).status).toBe(
      200,
    );
    expect((await api.post('/api/identity/confirmation/verify', { email, channel: 'email', code: fresh })).status).toBe(
      410,
    );
  });

  it('lock the flow for 30 minutes at the 5th wrong code, with a warning at the 4th, and the lock survives a restart', async () => {
    const email = uniqueEmail('tries');
    await signUp(email);
    const code = await latestCode(harness.database, email);
    const verify = (value: string) =>
      api.post('/api/identity/confirmation/verify', { email, channel: 'email', code: value });
    for (let i = 1; i <= 3; i += 1)
      expect(await errorCode(await verify(wrongCode(code)))).toBe(IDENTITY_ERRORS.wrongCode);
    expect(await errorCode(await verify(wrongCode(code)))).toBe(IDENTITY_ERRORS.wrongCodeLastTry);
    const fifth = await verify(wrongCode(code));
    expect(fifth.status).toBe(423);
    expect(await errorCode(fifth)).toBe(IDENTITY_ERRORS.codeLocked);
    // Even the right code is refused now, on this process and on a new one over the same database.
    expect(await errorCode(await verify(code))).toBe(IDENTITY_ERRORS.codeLocked);
    const restarted = await startHarness({ database: harness.database });
    try {
      const again = await caller(restarted.url).post('/api/identity/confirmation/verify', {
        email,
        channel: 'email',
        code,
      });
      expect(await errorCode(again)).toBe(IDENTITY_ERRORS.codeLocked);
    } finally {
      await restarted.close();
    }
  });

  it('lock sending for 30 minutes after the 5th request, warning when one request is left', async () => {
    const email = uniqueEmail('requests');
    await signUp(email); // the first code counts as a request
    const send = () => api.post('/api/identity/confirmation/send', { email, channel: 'email' });
    expect(await (await send()).json()).toEqual({ data: { warning: null } });
    expect(await (await send()).json()).toEqual({ data: { warning: null } });
    expect(await (await send()).json()).toEqual({ data: { warning: 'lastRequest' } });
    expect((await send()).status).toBe(200);
    const locked = await send();
    expect(locked.status).toBe(423);
    expect(await errorCode(locked)).toBe(IDENTITY_ERRORS.codeLocked);
    expect(await messagesTo(harness.database, email)).toHaveLength(5);
  });

  it('answer the same for an e-mail without an account, and send nothing', async () => {
    const email = uniqueEmail('nobody');
    const sent = await api.post('/api/identity/confirmation/send', { email, channel: 'email' });
    expect(await sent.json()).toEqual({ data: { warning: null } });
    expect(await messagesTo(harness.database, email)).toHaveLength(0);
    const verify = await api.post('/api/identity/confirmation/verify', { email, channel: 'email', code: '123456' });
    expect(await errorCode(verify)).toBe(IDENTITY_ERRORS.wrongCode);
  });
});

describe('passwordless sign-in', () => {
  it('e-mails a passcode when the account has no verified phone, and the passcode signs in', async () => {
    const email = uniqueEmail('passcode');
    await insertShopper(harness.database, 'default', email);
    expect((await api.post('/api/identity/passcode/send', { email })).status).toBe(200);
    const [message] = await messagesTo(harness.database, email);
    expect(message?.subject).toBe('Showroom: your one-time passcode');
    const passcode = await latestCode(harness.database, email);
    const response = await api.post('/api/identity/passcode/verify', { email, code: passcode });
    expect(response.status).toBe(200);
    expect(tokensResponseSchema.parse(await response.json()).data.shopper.email).toBe(email);
  });

  it('texts the passcode to a verified phone', async () => {
    const email = uniqueEmail('passcode-sms');
    const user = await insertShopper(harness.database, 'default', email);
    await harness.database.db
      .update(users)
      .set({ phone: '2125550147', phoneVerifiedAt: new Date() })
      .where(eq(users.id, user.id));
    await api.post('/api/identity/passcode/send', { email });
    const passcode = await latestCode(harness.database, '2125550147');
    expect((await api.post('/api/identity/passcode/verify', { email, code: passcode })).status).toBe(200);
  });

  it('looks the same for an unknown e-mail, and locks after 5 wrong passcodes', async () => {
    const email = uniqueEmail('unknown');
    expect(await (await api.post('/api/identity/passcode/send', { email })).json()).toEqual({
      data: { warning: null },
    });
    const verify = () => api.post('/api/identity/passcode/verify', { email, code: '123456' });
    const codes = [];
    for (let i = 0; i < 5; i += 1) codes.push(await errorCode(await verify()));
    expect(codes).toEqual([
      IDENTITY_ERRORS.wrongCode,
      IDENTITY_ERRORS.wrongCode,
      IDENTITY_ERRORS.wrongCode,
      IDENTITY_ERRORS.wrongCodeLastTry,
      IDENTITY_ERRORS.codeLocked,
    ]);
  });

  it('confirms a waiting sign-up when the passcode went to its e-mail', async () => {
    const email = uniqueEmail('pending-passcode');
    await signUp(email);
    await api.post('/api/identity/passcode/send', { email });
    const passcode = await latestCode(harness.database, email);
    expect((await api.post('/api/identity/passcode/verify', { email, code: passcode })).status).toBe(200);
    expect((await signIn(email, STRONG_PASSWORD)).status).toBe(200);
  });
});

describe('password reset', () => {
  it('sets a new password with the e-mailed code, lifts a sign-in lock and ends other sessions', async () => {
    const email = uniqueEmail('reset');
    await insertShopper(harness.database, 'default', email);
    const before = tokensResponseSchema.parse(await (await signIn(email, 'Sup3r-secret!')).json()).data;
    for (let i = 0; i < 5; i += 1) await signIn(email, 'wrong');
    expect((await signIn(email, 'Sup3r-secret!')).status).toBe(423);

    expect((await api.post('/api/identity/password-reset/send', { email })).status).toBe(200);
    const code = await latestCode(harness.database, email);
    const weak = await api.post('/api/identity/password-reset/confirm', { email, code, password: 'Password1!' });
    expect(weak.status).toBe(400);
    const done = await api.post('/api/identity/password-reset/confirm', { email, code, password: 'New-Pass-2027' });
    expect(done.status).toBe(204);

    expect((await signIn(email, 'Sup3r-secret!')).status).toBe(401);
    expect((await signIn(email, 'New-Pass-2027')).status).toBe(200);
    expect((await api.post('/api/identity/refresh', { refreshToken: before.refreshToken })).status).toBe(401);
  });

  it('allows 3 requests an hour per e-mail, then refuses with the reset limit', async () => {
    const email = uniqueEmail('reset-limit');
    await insertShopper(harness.database, 'default', email);
    const send = () => api.post('/api/identity/password-reset/send', { email });
    expect(await (await send()).json()).toEqual({ data: { warning: null } });
    expect(await (await send()).json()).toEqual({ data: { warning: 'lastRequest' } });
    expect((await send()).status).toBe(200);
    const fourth = await send();
    expect(fourth.status).toBe(429);
    expect(await errorCode(fourth)).toBe(IDENTITY_ERRORS.resetLimit);
    expect(await messagesTo(harness.database, email)).toHaveLength(3);
  });

  it('answers an unknown e-mail the same way and sends nothing', async () => {
    const email = uniqueEmail('reset-nobody');
    expect(await (await api.post('/api/identity/password-reset/send', { email })).json()).toEqual({
      data: { warning: null },
    });
    expect(await messagesTo(harness.database, email)).toHaveLength(0);
  });
});

describe('the account', () => {
  async function signedIn(email: string) {
    await insertShopper(harness.database, 'default', email);
    return tokensResponseSchema.parse(await (await signIn(email, 'Sup3r-secret!')).json()).data.identityToken;
  }

  it('reads and updates the profile: names, phone and marketing consents', async () => {
    const token = await signedIn(uniqueEmail('profile'));
    const profile = accountProfileResponseSchema.parse(
      await (await api.get('/api/identity/profile', token)).json(),
    ).data;
    expect(profile).toMatchObject({ firstName: 'Avery', hasPassword: true, socialProviders: [], pendingEmail: null });
    const updated = await api.post(
      '/api/identity/profile',
      { firstName: 'Ave', lastName: "O'Neil", phone: '(212) 555 - 0147', marketingEmail: true, marketingSms: true },
      token,
    );
    expect(accountProfileResponseSchema.parse(await updated.json()).data).toMatchObject({
      firstName: 'Ave',
      lastName: "O'Neil",
      phone: '2125550147',
      marketingEmail: true,
      marketingSms: true,
      phoneVerified: false,
    });
    expect((await api.get('/api/identity/profile')).status).toBe(401);
  });

  it('changes the e-mail once the code sent to the new one comes back', async () => {
    const email = uniqueEmail('change');
    const token = await signedIn(email);
    const same = await api.post('/api/identity/email-change', { email: email.toUpperCase() }, token);
    expect(await errorCode(same)).toBe(IDENTITY_ERRORS.sameEmail);
    const taken = uniqueEmail('taken');
    await insertShopper(harness.database, 'default', taken);
    expect(await errorCode(await api.post('/api/identity/email-change', { email: taken }, token))).toBe(
      IDENTITY_ERRORS.accountExists,
    );

    const next = uniqueEmail('next');
    expect((await api.post('/api/identity/email-change', { email: next }, token)).status).toBe(200);
    const pending = accountProfileResponseSchema.parse(
      await (await api.get('/api/identity/profile', token)).json(),
    ).data;
    expect(pending).toMatchObject({ email, pendingEmail: next });
    const code = await latestCode(harness.database, next);
    expect(
      await errorCode(await api.post('/api/identity/email-change/confirm', { code: wrongCode(code) }, token)),
    ).toBe(IDENTITY_ERRORS.wrongCode);
    const changed = await api.post('/api/identity/email-change/confirm', { code }, token);
    expect(accountProfileResponseSchema.parse(await changed.json()).data).toMatchObject({
      email: next,
      pendingEmail: null,
      emailVerified: true,
    });
    expect((await signIn(next, 'Sup3r-secret!')).status).toBe(200);
  });
});
