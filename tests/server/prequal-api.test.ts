import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditProfileResponseSchema } from '~/lib/contract/checkout';
import { prequalResponseSchema, type PrequalView } from '~/lib/contract/prequal';
import { prequalifications } from '#server/db/schema';
import { purgePrequalData, sealPlainPrequalDetails } from '#server/prequal/service';
import { resolvePiiKey } from '#server/secrets';
import { SSN, cartOf, checkoutCall, insertVehicle, startCart } from './checkout-support';
import { errorCode, startStepHarness, type StepHarness } from './tracker-harness';

// The standalone pre-qualification API (issue 14; seed 002 §4, §9; seed 001 §4 statuses) over
// the sandbox bureau of docs/sandbox-partners.md: every outcome, every status transition, the
// 30-day expiry with its reminder, the refresh, the 30-day purge with a moved clock, and the
// checkout's reuse of it.

let harness: StepHarness;

beforeAll(async () => {
  harness = await startStepHarness();
});
afterAll(async () => {
  await harness.close();
});

const DAY = 24 * 60 * 60 * 1000;

function form(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Avery',
    lastName: 'Lane',
    address: { addressLine1: '418 Oak Hollow Lane', city: 'Austin', state: 'TX', zip: '78701' },
    dateOfBirth: '04/12/1988',
    annualIncome: '85000',
    email: 'avery.lane@example.com',
    consent: 'on',
    ...overrides,
  };
}

async function viewOf(response: Response, status = 200): Promise<PrequalView> {
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(status);
  expect(response.headers.get('cache-control')).toBe('no-store');
  return prequalResponseSchema.parse(body).data;
}

const submit = (token: string, json: unknown) => harness.call('/api/prequal', { token, json });
const read = (token: string) => harness.call('/api/prequal', { token });

async function rowOf(userId: string) {
  const [row] = await harness.database.db.select().from(prequalifications).where(eq(prequalifications.userId, userId));
  return row!;
}

describe('the pre-qualification API', () => {
  it('answers 401 to a signed-out visitor', async () => {
    const response = await harness.call('/api/prequal');
    expect(response.status).toBe(401);
    expect(await errorCode(response)).toBe('error.auth.unauthenticated');
  });

  it('starts not_started', async () => {
    const { token } = await harness.shopper();
    expect(await viewOf(await read(token))).toMatchObject({
      status: 'not_started',
      outcome: null,
      reminder: null,
      details: null,
    });
  });

  it('approves a shopper the bureau finds without an SSN, valid 30 days, and keeps date of birth out of the answer and encrypted at rest', async () => {
    const { token, userId } = await harness.shopper();
    const now = harness.clock.now().getTime();
    const view = await viewOf(await submit(token, form()));
    expect(view).toMatchObject({
      status: 'mq_approved',
      outcome: 'approved',
      tier: 'veryGood',
      reminder: null,
      hasDateOfBirth: true,
      hasSsn: false,
      canRefresh: true,
    });
    expect(Date.parse(view.expiresAt!) - Date.parse(view.pulledAt!)).toBe(30 * DAY);
    expect(Date.parse(view.pulledAt!)).toBeGreaterThanOrEqual(now);
    expect(JSON.stringify(view)).not.toContain('1988');
    const row = await rowOf(userId);
    expect(row.piiCipher).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain('04/12/1988');
    // The cards' credit profile now carries the pre-qualification's score.
    const profile = creditProfileResponseSchema.parse(
      await (await checkoutCall(harness, { token }, '/credit-profile')).json(),
    ).data;
    expect(profile).toMatchObject({ score: 720, tier: 'veryGood', expiresAt: view.expiresAt });
  });

  it('keeps what was typed sealed at rest: no name, address, income or e-mail in the column (issue 29 point 7)', async () => {
    const { token, userId } = await harness.shopper();
    await viewOf(await submit(token, form()));
    const typed = ['Avery', 'Lane', 'Oak Hollow', 'avery.lane@example.com', '85000', '78701'];
    const column = async () => JSON.stringify((await rowOf(userId)).details);
    for (const value of typed) expect(await column()).not.toContain(value);
    // Edited, refreshed: still sealed, and the shopper still reads it back.
    await harness.call('/api/prequal', {
      method: 'PATCH',
      token,
      json: { annualIncome: '91,500', email: 'avery.new@example.com' },
    });
    for (const value of [...typed, '91500', 'avery.new@example.com']) expect(await column()).not.toContain(value);
    const view = await viewOf(await read(token));
    expect(view.details).toMatchObject({
      firstName: 'Avery',
      lastName: 'Lane',
      annualIncome: 91500,
      email: 'avery.new@example.com',
      address: { addressLine1: '418 Oak Hollow Lane', zip: '78701' },
    });
  });

  it('still reads a row written in the clear before, and the sweep seals it', async () => {
    const { token, userId } = await harness.shopper();
    await viewOf(await submit(token, form()));
    const plain = {
      firstName: 'Avery',
      lastName: 'Lane',
      address: { addressLine1: '418 Oak Hollow Lane', city: 'Austin', state: 'TX', zip: '78701' },
      annualIncome: 85000,
      email: 'avery.lane@example.com',
    };
    await harness.database.db
      .update(prequalifications)
      .set({ details: plain })
      .where(eq(prequalifications.userId, userId));
    expect((await viewOf(await read(token))).details).toMatchObject({ firstName: 'Avery', annualIncome: 85000 });
    expect(await sealPlainPrequalDetails(harness.database.db, resolvePiiKey(harness.dataDir))).toBeGreaterThanOrEqual(
      1,
    );
    expect(JSON.stringify((await rowOf(userId)).details)).not.toContain('Avery');
    expect((await viewOf(await read(token))).details).toMatchObject({ firstName: 'Avery', annualIncome: 85000 });
  });

  it('asks for more details when the bureau cannot find the shopper, then approves with the SSN and the date of birth on file', async () => {
    const { token } = await harness.shopper();
    const first = await viewOf(await submit(token, form({ dateOfBirth: '02/03/2001' })));
    expect(first).toMatchObject({ status: 'mq_incompleted', outcome: 'notFound', tier: null, expiresAt: null });
    const second = await viewOf(await submit(token, form({ dateOfBirth: '', ssn: SSN.excellent })));
    expect(second).toMatchObject({
      status: 'mq_approved',
      outcome: 'approved',
      tier: 'excellent',
      hasSsn: true,
      hasDateOfBirth: true,
    });
  });

  it('answers a frozen credit file and a failed identification as incomplete', async () => {
    const frozen = await harness.shopper();
    expect(await viewOf(await submit(frozen.token, form({ lastName: 'Frozen' })))).toMatchObject({
      status: 'mq_incompleted',
      outcome: 'frozen',
    });
    const unverified = await harness.shopper();
    expect(await viewOf(await submit(unverified.token, form({ lastName: 'Unverified' })))).toMatchObject({
      status: 'mq_incompleted',
      outcome: 'identityFailed',
    });
  });

  it('declines at the bureau (mq_declined) and at the retailer (retailer_declined)', async () => {
    const lender = await harness.shopper();
    const declined = await viewOf(await submit(lender.token, form({ ssn: SSN.poor })));
    expect(declined).toMatchObject({ status: 'mq_declined', outcome: 'declined', tier: null });
    // The cards then say "not qualified": the profile has a score without a tier.
    const profile = creditProfileResponseSchema.parse(
      await (await checkoutCall(harness, { token: lender.token }, '/credit-profile')).json(),
    ).data;
    expect(profile).toMatchObject({ score: 600, tier: null });
    const retailer = await harness.shopper();
    expect(await viewOf(await submit(retailer.token, form({ annualIncome: '9000' })))).toMatchObject({
      status: 'retailer_declined',
      outcome: 'declined',
      pulledAt: null,
    });
  });

  it('refuses an invalid form with errors by field and without consent', async () => {
    const { token } = await harness.shopper();
    const response = await submit(
      token,
      form({
        consent: undefined,
        dateOfBirth: '13/45/1990',
        address: { addressLine1: 'PO Box 12', city: 'Austin', state: 'CA', zip: '78701' },
      }),
    );
    expect(response.status).toBe(422);
    const body = (await response.json()) as { fieldErrors: Record<string, string[]> };
    expect(Object.keys(body.fieldErrors)).toEqual(
      expect.arrayContaining(['consent', 'dateOfBirth', 'address.addressLine1']),
    );
    expect(body.fieldErrors.consent).toEqual(['Your consent is required to check your rate.']);
    // A first attempt needs a date of birth.
    const blank = await submit(token, form({ dateOfBirth: '' }));
    expect(blank.status).toBe(422);
    expect(((await blank.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors.dateOfBirth).toBeDefined();
  });

  it('lets a found shopper edit income and e-mail', async () => {
    const { token } = await harness.shopper();
    await viewOf(await submit(token, form()));
    const edited = await viewOf(
      await harness.call('/api/prequal', {
        method: 'PATCH',
        token,
        json: { annualIncome: '91,500', email: 'avery.new@example.com' },
      }),
    );
    expect(edited.details).toMatchObject({ annualIncome: 91500, email: 'avery.new@example.com' });
    expect(edited.status).toBe('mq_approved');
    const bad = await harness.call('/api/prequal', {
      method: 'PATCH',
      token,
      json: { annualIncome: '0', email: 'a+b@example.com' },
    });
    expect(bad.status).toBe(422);
  });

  it('reminds within 5 days of the expiry, expires after 30 days, and refreshes in one call', async () => {
    const { token } = await harness.shopper();
    await viewOf(await submit(token, form({ keepData: 'on' })));
    harness.clock.advance(24 * DAY);
    expect((await viewOf(await read(token))).reminder).toBeNull();
    harness.clock.advance(1 * DAY + 1000);
    expect(await viewOf(await read(token))).toMatchObject({ status: 'mq_approved', reminder: 'expiring' });
    harness.clock.advance(5 * DAY);
    expect(await viewOf(await read(token))).toMatchObject({
      status: 'mq_approved_expired',
      reminder: 'expired',
      canRefresh: true,
    });
    // An expired pre-qualification personalises nothing.
    const profile = creditProfileResponseSchema.parse(
      await (await checkoutCall(harness, { token }, '/credit-profile')).json(),
    ).data;
    expect(profile).toBeNull();
    const refreshed = await viewOf(await harness.call('/api/prequal/refresh', { method: 'POST', token }));
    expect(refreshed).toMatchObject({ status: 'mq_approved', reminder: null });
    expect(Date.parse(refreshed.expiresAt!)).toBe(harness.clock.now().getTime() + 30 * DAY);
  });

  it('deletes what was typed after 30 days unless the shopper consented (the sweep, with a moved clock)', async () => {
    const forget = await harness.shopper();
    const keep = await harness.shopper();
    await viewOf(await submit(forget.token, form()));
    await viewOf(await submit(keep.token, form({ keepData: 'on' })));
    harness.clock.advance(29 * DAY);
    await purgePrequalData(harness.database.db, harness.clock.now());
    expect((await rowOf(forget.userId)).details).not.toBeNull();
    harness.clock.advance(1 * DAY + 1000);
    expect(await purgePrequalData(harness.database.db, harness.clock.now())).toBeGreaterThanOrEqual(1);
    const forgotten = await rowOf(forget.userId);
    expect(forgotten).toMatchObject({ details: null, piiCipher: null, status: 'mq_approved' });
    expect(forgotten.purgedAt).not.toBeNull();
    expect(await viewOf(await read(forget.token))).toMatchObject({
      status: 'mq_approved_expired',
      details: null,
      canRefresh: false,
      hasDateOfBirth: false,
    });
    const refresh = await harness.call('/api/prequal/refresh', { method: 'POST', token: forget.token });
    expect(refresh.status).toBe(409);
    expect(await errorCode(refresh)).toBe('error.prequal.nothingOnFile');
    const kept = await rowOf(keep.userId);
    expect(kept.details).not.toBeNull();
    expect(kept.piiCipher).not.toBeNull();
  });

  it('reads data past its 30 days as purged when no sweep ran, without writing on the read (issue 30)', async () => {
    const { token, userId } = await harness.shopper();
    await viewOf(await submit(token, form()));
    harness.clock.advance(31 * DAY);
    const view = await viewOf(await read(token));
    expect(view).toMatchObject({ details: null, canRefresh: false, hasDateOfBirth: false, hasSsn: false });
    // The read wrote nothing: the hourly purge removes the data (startPrequalPurge).
    expect((await rowOf(userId)).piiCipher).not.toBeNull();
    expect(await purgePrequalData(harness.database.db, harness.clock.now())).toBeGreaterThanOrEqual(1);
    expect((await rowOf(userId)).piiCipher).toBeNull();
  });

  it('fills the checkout credit application from a valid pre-qualification and skips the SSN step; mf_completed once submitted', async () => {
    const { token } = await harness.shopper();
    await viewOf(await submit(token, form({ dateOfBirth: '02/03/2001', ssn: SSN.good })));
    const vehicle = await insertVehicle(harness);
    const cart = await cartOf(await startCart(harness, { token }, vehicle.vin, 'Finance'), 201);
    const personal = cart.creditApplication?.answers.personal as Record<string, unknown>;
    expect(personal).toMatchObject({
      firstName: 'Avery',
      lastName: 'Lane',
      email: 'avery.lane@example.com',
      hasDateOfBirth: true,
      hasSsn: true,
    });
    expect(cart.creditApplication?.answers.employment).toMatchObject({ annualIncome: 85000 });
    expect(JSON.stringify(cart)).not.toContain('2001');
    const put = (step: string, json: unknown) =>
      checkoutCall(harness, { token }, `/carts/${cart.id}/credit-application/${step}`, { method: 'PUT', json });
    // The personal step keeps the date of birth and SSN on file when left blank: no second pull.
    const saved = await cartOf(
      await put('personal', {
        ...personal,
        maritalStatus: 'Unmarried',
        phone: '(512) 555-0147',
        dateOfBirth: '',
        ssn: '',
        address: { ...(personal.address as object), county: 'Travis' },
        hasCoBuyer: false,
      }),
    );
    expect(saved.creditApplication?.steps).not.toContain('ssn');
    await cartOf(
      await put('employment', {
        employmentStatus: 'Employed',
        occupation: 'Engineer',
        employerName: 'Hill Country Labs',
        employmentStartDate: '03/01/2020',
        workPhone: '(512) 555-0199',
        annualIncome: '85000',
        incomeSource: 'Employment',
      }),
    );
    await cartOf(
      await put('housing', { housingStatus: 'Rent', monthlyHousingExpense: '1500', residenceStartDate: '06/01/2019' }),
    );
    await cartOf(
      await checkoutCall(harness, { token }, `/carts/${cart.id}/credit-application/submit`, {
        json: { agreedToTerms: true },
      }),
    );
    expect((await viewOf(await read(token))).status).toBe('mf_completed');
  });

  it('fills nothing from an expired pre-qualification', async () => {
    const { token } = await harness.shopper();
    await viewOf(await submit(token, form({ keepData: 'on' })));
    harness.clock.advance(31 * DAY);
    const vehicle = await insertVehicle(harness);
    const cart = await cartOf(await startCart(harness, { token }, vehicle.vin, 'Finance'), 201);
    expect(cart.creditApplication?.answers.personal).toBeUndefined();
  });
});
