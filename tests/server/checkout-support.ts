import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { cartResponseSchema, type Cart } from '~/lib/contract/checkout';
import { carts, vehicles } from '#server/db/schema';
import type { StepHarness } from './tracker-harness';

// Shared by the checkout tests: vehicles of their own, a storefront session, the calls of the
// checkout API and the credit-application answers of a plain applicant.

let vinCounter = 0;

export type VehicleInput = Partial<typeof vehicles.$inferInsert>;

export async function insertVehicle(harness: StepHarness, input: VehicleInput = {}) {
  vinCounter += 1;
  const serial = String(500000 + vinCounter + Math.floor(Math.random() * 400000));
  const [vehicle] = await harness.database.db
    .insert(vehicles)
    .values({
      tenantId: 'default',
      vin: `2T1BURHE5KC${serial}`,
      year: 2022,
      make: 'Toyota',
      model: 'Corolla',
      trim: 'LE',
      bodyStyle: 'sedan',
      primaryColor: 'white',
      mileage: 24_000,
      type: 'USED',
      msrpCents: 3_000_000,
      priceCents: 2_800_000,
      dealerZip: '78701',
      status: 'Available',
      drivetrain: 'FWD',
      engine: '1.8L I4',
      transmission: 'CVT',
      fuelType: 'Gasoline',
      seats: 5,
      ...input,
    })
    .returning();
  return vehicle!;
}

let sessions = 0;
export function sessionId(): string {
  sessions += 1;
  return `session-${Date.now().toString(36)}-${sessions}`;
}

export type Caller = { token?: string; session?: string; tenantId?: string };

export function checkoutCall(
  harness: StepHarness,
  caller: Caller,
  pathname: string,
  init: { method?: string; json?: unknown; headers?: Record<string, string> } = {},
) {
  return harness.call(`/api/checkout${pathname}`, {
    method: init.method,
    token: caller.token,
    tenantId: caller.tenantId,
    json: init.json,
    headers: { ...(caller.session ? { 'x-session-id': caller.session } : {}), ...init.headers },
  });
}

export async function cartOf(response: Response, status = 200): Promise<Cart> {
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(status);
  return cartResponseSchema.parse(body).data;
}

export async function startCart(
  harness: StepHarness,
  caller: Caller,
  vin: string,
  dealType: 'Cash' | 'Finance' | 'Lease' = 'Finance',
  extra: Record<string, unknown> = {},
) {
  return checkoutCall(harness, caller, '/carts', { json: { vin, dealType, ...extra } });
}

export async function cartRow(harness: StepHarness, id: string) {
  const [row] = await harness.database.db.select().from(carts).where(eq(carts.id, id)).limit(1);
  return row!;
}

export async function vehicleRow(harness: StepHarness, id: string) {
  const [row] = await harness.database.db.select().from(vehicles).where(eq(vehicles.id, id)).limit(1);
  return row!;
}

export const SSN = {
  excellent: '123-45-1234',
  veryGood: '123-45-4321',
  good: '123-45-6789',
  fair: '123-45-8123',
  poor: '123-45-9876',
} as const;

export function personalAnswers(overrides: Record<string, unknown> = {}, address: Record<string, unknown> = {}) {
  return {
    firstName: 'Avery',
    lastName: 'Lane',
    maritalStatus: 'Married',
    email: 'avery.lane@example.com',
    phone: '(512) 555-0147',
    ssn: SSN.excellent,
    dateOfBirth: '04/12/1988',
    address: {
      addressLine1: '418 Oak Hollow Lane',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      county: 'Travis',
      ...address,
    },
    hasCoBuyer: false,
    ...overrides,
  };
}

export const SPOUSE = { firstName: 'Jordan', lastName: 'Lane', sameAddressAsApplicant: true };

export function employmentAnswers(annualIncome = '85000') {
  return {
    employmentStatus: 'Employed',
    occupation: 'Engineer',
    employerName: 'Hill Country Labs',
    employmentStartDate: '03/01/2015',
    workPhone: '(512) 555-0199',
    annualIncome,
    incomeSource: 'Employment',
  };
}

export const HOUSING = { housingStatus: 'Rent', monthlyHousingExpense: '1500', residenceStartDate: '06/01/2016' };

/** A cart of a signed-in shopper with the application filled in up to the terms. */
export async function applicationReady(
  harness: StepHarness,
  caller: Caller,
  options: {
    dealType?: 'Finance' | 'Lease';
    ssn?: string | null;
    income?: string;
    vehicle?: VehicleInput;
    dateOfBirth?: string;
  } = {},
) {
  const vehicle = await insertVehicle(harness, options.vehicle);
  const cart = await cartOf(await startCart(harness, caller, vehicle.vin, options.dealType ?? 'Finance'), 201);
  const put = (step: string, json: unknown) =>
    checkoutCall(harness, caller, `/carts/${cart.id}/credit-application/${step}`, { method: 'PUT', json });
  const ssn = options.ssn === undefined ? SSN.excellent : options.ssn;
  await cartOf(
    await put('personal', personalAnswers({ ssn: ssn ?? '', dateOfBirth: options.dateOfBirth ?? '04/12/1988' })),
  );
  await cartOf(await put('spouse', SPOUSE));
  await cartOf(await put('employment', employmentAnswers(options.income)));
  const last = await cartOf(await put('housing', HOUSING));
  return { vehicle, cart: last, put };
}
