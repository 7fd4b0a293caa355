import { createHash } from 'node:crypto';
import path from 'node:path';
import { and, count, eq, getTableColumns, getTableName, inArray, sql } from 'drizzle-orm';
import { logger } from '../../app/lib/shared/logger.server';
import type { Tenant } from '../../app/lib/shared/tenant/schema';
import { documentKeyOf, documentsKey, putDocument, removeDocument } from '../documents/storage';
import { createStaff } from '../desk/staff';
import { hashPassword } from '../identity/passwords';
import { resolvePiiKey } from '../secrets';
import { localStorage, type ObjectStorage } from '../storage/object-storage';
import type { Db } from './client';
import { orderDueCents } from '../orders/terms';
import { orderPaymentStatus } from '../payments/status';
import {
  analyticsEvents,
  carts,
  documents,
  favorites,
  idVerifications,
  insuranceVerifications,
  orderHistory,
  orders,
  outboxMessages,
  payments,
  seedRuns,
  signings,
  staffAccounts,
  users,
  vehicles,
} from './schema';
import { renderSampleFiles, type SampleFile } from './seed-data/documents';
import { generateInventory, shareOut, type SeedVehicle } from './seed-data/inventory';
import { createRandom } from './seed-data/random';
import {
  CASH_DEPOSIT_CENTS,
  DEMO_SHOPPER,
  DEMO_STAFF,
  DOCUMENT_TYPES,
  DOWN_PAYMENT_CENTS,
  requiredDocuments,
  SCENARIOS,
  scenarioDealRef,
  scenarioOrderNumber,
  type DocumentKey,
  type Scenario,
} from './seed-data/scenarios';

export type SeedOptions = {
  /** Vehicles in total, shared out evenly across the seeded tenants. */
  vehicles: number;
  /** Every tenant the process knows. */
  tenants: Tenant[];
  /** DATA_DIR: sample document files go to `<dataDir>/documents/<dealId>/` unless `storage` is given. */
  dataDir: string;
  /** Where the sample documents go (server/storage): the process's storage; default the local folder `dataDir`. */
  storage?: ObjectStorage;
  /** Seed only these tenants (default: all of `tenants`). */
  tenantIds?: string[];
  /**
   * Also remove the tenants' other shoppers, analytics events and outbox messages. Without it,
   * seeding a tenant still replaces its vehicles, its orders and the demo shopper.
   */
  reset?: boolean;
  /** The clock the demo data is laid out around (tests pin it). */
  now?: Date;
  /** Changes every generated value; the same seed gives the same data. */
  seed?: string;
};

export type SeedResult = { vehicles: number; orders: number; tenants: string[]; ms: number };

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
// Far below Postgres' 65535 bind parameters: each column travels as one array parameter.
const VEHICLE_BATCH = 5_000;
// From this many vehicles on, PGlite builds the indexes after the rows instead of row by row.
const BULK_INDEX_THRESHOLD = 20_000;
// Held while seeding, so two processes starting on one empty PostgreSQL database seed it once.
const SEED_LOCK_KEY = 72_711_001;

/** Vehicle columns in insert order, with the SQL type their array parameter is cast to. */
const VEHICLE_COLUMNS: ReadonlyArray<readonly [keyof SeedVehicle, string]> = [
  ['id', 'uuid'],
  ['tenantId', 'text'],
  ['vin', 'text'],
  ['year', 'smallint'],
  ['make', 'text'],
  ['model', 'text'],
  ['trim', 'text'],
  ['bodyStyle', 'text'],
  ['primaryColor', 'text'],
  ['secondaryColor', 'text'],
  ['mileage', 'integer'],
  ['type', 'text'],
  ['msrpCents', 'integer'],
  ['incentivesCents', 'integer'],
  ['priceCents', 'integer'],
  ['priceGuide', 'text'],
  ['dealerZip', 'text'],
  ['status', 'text'],
  ['drivetrain', 'text'],
  ['engine', 'text'],
  ['transmission', 'text'],
  ['fuelType', 'text'],
  ['mpgCity', 'smallint'],
  ['mpgHighway', 'smallint'],
  ['seats', 'smallint'],
  ['features', 'jsonb'],
  ['createdAt', 'timestamptz'],
];

function toParameter(value: SeedVehicle[keyof SeedVehicle]): string | number | null {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return JSON.stringify(value);
  return value;
}

/**
 * Inserts vehicles a batch at a time with one array parameter per column (`unnest`): a
 * hundred thousand rows take seconds on PGlite, where row-per-placeholder inserts take minutes.
 */
export async function insertVehicles(db: Db | Tx, rows: readonly SeedVehicle[]): Promise<void> {
  const columns = getTableColumns(vehicles);
  const names = sql.join(
    VEHICLE_COLUMNS.map(([key]) => sql.identifier(columns[key].name)),
    sql`, `,
  );
  for (let start = 0; start < rows.length; start += VEHICLE_BATCH) {
    const batch = rows.slice(start, start + VEHICLE_BATCH);
    const arrays = sql.join(
      VEHICLE_COLUMNS.map(
        ([key, type]) => sql`${sql.param(batch.map((row) => toParameter(row[key])))}::${sql.raw(type)}[]`,
      ),
      sql`, `,
    );
    await db.execute(sql`insert into ${vehicles} (${names}) select * from unnest(${arrays})`);
  }
}

/** Both drivers answer raw queries with `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * PGlite runs in this process on one thread, where keeping ten indexes up to date row by row
 * costs more than building them once. For a large seed there it drops the vehicles' secondary
 * indexes and hands back a function that rebuilds them (same transaction, so nothing is lost
 * on failure). PostgreSQL keeps its indexes: dropping one would lock out live readers.
 */
async function suspendVehicleIndexes(db: Tx, rows: number): Promise<() => Promise<void>> {
  const nothing = async () => {};
  if (rows < BULK_INDEX_THRESHOLD) return nothing;
  const [engine] = rowsOf<{ version: string }>(await db.execute(sql`select version() as version`));
  if (!engine?.version.includes('PGlite')) return nothing;
  const indexes = rowsOf<{ name: string; definition: string }>(
    await db.execute(sql`
    select indexname as name, indexdef as definition from pg_indexes
    where schemaname = current_schema() and tablename = ${getTableName(vehicles)}
      and indexname not in (select conname from pg_constraint where conrelid = ${getTableName(vehicles)}::regclass)`),
  );
  for (const index of indexes) await db.execute(sql`drop index ${sql.identifier(index.name)}`);
  return async () => {
    for (const index of indexes) await db.execute(sql.raw(index.definition));
  };
}

function chooseTenants(options: SeedOptions): Tenant[] {
  if (!options.tenantIds) return options.tenants;
  const byId = new Map(options.tenants.map((tenant) => [tenant.id, tenant]));
  return options.tenantIds.map((id) => {
    const tenant = byId.get(id);
    if (!tenant) throw new Error(`Unknown tenant "${id}" (known: ${[...byId.keys()].join(', ')})`);
    return tenant;
  });
}

/** Removes what a seed of these tenants would create, and reports the stored documents that go too. */
async function clearTenants(db: Tx, tenantIds: string[], reset: boolean): Promise<string[]> {
  if (tenantIds.length === 0) return [];
  const deals = await db.select({ dealId: orders.dealRefId }).from(orders).where(inArray(orders.tenantId, tenantIds));
  const dealIds = deals.map((deal) => deal.dealId);
  const storedDocuments: string[] = [];
  for (let start = 0; start < dealIds.length; start += 1_000) {
    const removed = await db
      .delete(documents)
      .where(inArray(documents.dealId, dealIds.slice(start, start + 1_000)))
      .returning({ storagePath: documents.storagePath });
    for (const { storagePath } of removed) if (storagePath) storedDocuments.push(storagePath);
  }
  // Order rows cascade to history, verifications, signings and payments.
  await db.delete(orders).where(inArray(orders.tenantId, tenantIds));
  // Carts point at the vehicles being replaced (a bench run opens one for the demo shopper).
  await db.delete(carts).where(inArray(carts.tenantId, tenantIds));
  await db.delete(vehicles).where(inArray(vehicles.tenantId, tenantIds));
  if (reset) {
    await db.delete(users).where(inArray(users.tenantId, tenantIds));
    await db.delete(analyticsEvents).where(inArray(analyticsEvents.tenantId, tenantIds));
    await db.delete(outboxMessages).where(inArray(outboxMessages.tenantId, tenantIds));
  } else {
    await db.delete(users).where(and(inArray(users.tenantId, tenantIds), eq(users.email, DEMO_SHOPPER.email)));
  }
  return storedDocuments;
}

/** Spreads the scenarios over the tenant's available vehicles (reusing some when there are fewer). */
function pickScenarioVehicles(inventory: SeedVehicle[]): SeedVehicle[] {
  if (inventory.length === 0) return [];
  const available = inventory.filter((vehicle) => vehicle.status === 'Available');
  const pool = available.length > 0 ? available : inventory;
  const step = Math.max(1, Math.floor(pool.length / SCENARIOS.length));
  return SCENARIOS.map((_, index) => pool[(index * step + Math.floor(step / 2)) % pool.length]!);
}

function appointmentAt(now: Date, inDays: number): Date {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  // 15:00 UTC: mid-morning for the US dealers.
  return new Date(midnight + inDays * DAY_MS + 15 * HOUR_MS);
}

/** Spread over past weeks; a few hours' offset per order so orders of one day do not share a time. */
function orderCreatedAt(scenario: Scenario, now: Date): Date {
  return new Date(now.getTime() - scenario.daysAgo * DAY_MS - (2 + (scenario.suffix % 7)) * HOUR_MS);
}

type OrderRows = {
  orders: (typeof orders.$inferInsert)[];
  history: (typeof orderHistory.$inferInsert)[];
  idVerifications: (typeof idVerifications.$inferInsert)[];
  insurance: (typeof insuranceVerifications.$inferInsert)[];
  signings: (typeof signings.$inferInsert)[];
  documents: (typeof documents.$inferInsert)[];
  payments: (typeof payments.$inferInsert)[];
  files: Array<{ relativePath: string; file: SampleFile }>;
};

type PaymentInsert = typeof payments.$inferInsert & { amountCents: number; status: string; createdAt: Date };

/**
 * The scenario's payments, in amounts that add up to what its payment step asks for: the down
 * payment, the cash deposit, and the cash balance after it (what is due, taxes and fees in).
 */
function scenarioPayments(
  scenario: Scenario,
  orderNumber: string,
  vehicle: SeedVehicle,
  at: (fraction: number) => Date,
): PaymentInsert[] {
  if (!scenario.payment) return [];
  const downPaymentCents = DOWN_PAYMENT_CENTS[scenario.dealType];
  const dueCents = scenarioDueCents(scenario, vehicle);
  return scenario.payment.rows.map((payment, index) => ({
    orderNumber,
    method: payment.method,
    amountCents:
      payment.amount === 'downPayment'
        ? downPaymentCents
        : payment.amount === 'deposit'
          ? CASH_DEPOSIT_CENTS
          : dueCents - CASH_DEPOSIT_CENTS,
    status: payment.status,
    cardLast4: payment.method === 'CARD' ? '4242' : null,
    idempotencyKey: `seed-${orderNumber}-${index + 1}`,
    createdAt: at(0.85 + index * 0.05),
  }));
}

/** What the tracker's payment step asks of the scenario's order (the deal terms' dueCents). */
function scenarioDueCents(scenario: Scenario, vehicle: SeedVehicle): number {
  const order = {
    dealType: scenario.dealType,
    priceCents: vehicle.priceCents,
    downPaymentCents: DOWN_PAYMENT_CENTS[scenario.dealType],
    deal: null,
  };
  return orderDueCents({ order, vehicle });
}

/** The order's payment status from its payments against what is due, as a tracker payment writes it. */
function paymentStatusOf(scenario: Scenario, vehicle: SeedVehicle, rows: PaymentInsert[]): string {
  const sum = (statuses: string[]) =>
    rows.filter((row) => statuses.includes(row.status)).reduce((total, row) => total + row.amountCents, 0);
  return orderPaymentStatus(scenario.dealType, {
    totalDueCents: scenarioDueCents(scenario, vehicle),
    capturedCents: sum(['CAPTURED', 'HOLD']),
    pendingCents: sum(['PENDING', 'PROCESSING']),
    payments: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
  });
}

function scenarioRows(
  rows: OrderRows,
  context: {
    tenant: Tenant;
    userId: string;
    vehicle: SeedVehicle;
    scenario: Scenario;
    now: Date;
    files: Record<DocumentKey, SampleFile>;
  },
): void {
  const { tenant, userId, vehicle, scenario, now, files } = context;
  const orderNumber = scenarioOrderNumber(tenant.id, scenario.suffix);
  const dealId = scenarioDealRef(tenant.id, scenario.suffix);
  const createdAt = orderCreatedAt(scenario, now);
  const span = now.getTime() - HOUR_MS - createdAt.getTime();
  const at = (fraction: number) => new Date(createdAt.getTime() + Math.max(0, span) * fraction);
  const downPaymentCents = DOWN_PAYMENT_CENTS[scenario.dealType];
  const appointment = scenario.appointment ? appointmentAt(now, scenario.appointment.inDays) : null;
  const required = requiredDocuments(scenario.dealType);
  const paymentRows = scenarioPayments(scenario, orderNumber, vehicle, at);

  rows.orders.push({
    orderNumber,
    tenantId: tenant.id,
    userId,
    vehicleId: vehicle.id,
    orderStatus: scenario.orderStatus,
    isOrderStatusReset: scenario.isOrderStatusReset,
    dealRefId: dealId,
    dealType: scenario.dealType,
    dealSource: scenario.dealSource,
    dealStatus: scenario.dealStatus,
    hasPaymentInfo: scenario.payment !== null,
    paymentStatus: scenario.payment ? paymentStatusOf(scenario, vehicle, paymentRows) : null,
    deliveryAppointment: appointment,
    delivery: scenario.appointment
      ? scenario.appointment.method === 'DELIVERY'
        ? {
            method: 'DELIVERY',
            address: `${DEMO_SHOPPER.street}, ${tenant.address.city}, ${tenant.address.state}`,
            zip: tenant.address.zip,
            state: 'Confirmed',
          }
        : {
            method: 'PICKUP',
            location: `${tenant.brandName}, ${tenant.address.street}, ${tenant.address.city}`,
            state: 'Confirmed',
          }
      : null,
    idVerificationStatus: scenario.idCheck?.order ?? null,
    requiredDocuments: required,
    priceCents: vehicle.priceCents,
    downPaymentCents,
    createdAt,
  });

  scenario.history.forEach(([orderStatus, dealStatus], index) => {
    const fraction = scenario.history.length === 1 ? 0 : (index / (scenario.history.length - 1)) * 0.9;
    rows.history.push({ orderNumber, orderStatus, dealStatus, changedAt: at(fraction) });
  });

  if (scenario.idCheck) {
    const check = scenario.idCheck;
    const linkSent = check.status === 'INITIATED';
    rows.idVerifications.push({
      orderNumber,
      status: check.status,
      transactionsAmount: check.transactionsAmount,
      linkTokenHash: linkSent ? createHash('sha256').update(`seed-link:${orderNumber}`).digest('hex') : null,
      linkExpiresAt: linkSent
        ? check.linkExpired
          ? new Date(createdAt.getTime() + DAY_MS)
          : new Date(now.getTime() + DAY_MS)
        : null,
      updatedAt: at(0.3),
    });
  }

  if (scenario.insurance) {
    const { policyStatus, lastError } = scenario.insurance;
    const consented = policyStatus !== 'NOT_INITIATED';
    rows.insurance.push({
      orderNumber,
      policyStatus,
      termsVersion: consented ? 1 : null,
      consentLanguage: consented
        ? `I authorize ${tenant.brandName} to retrieve my auto insurance policy details to verify coverage for this purchase.`
        : null,
      consentedAt: consented ? at(0.1) : null,
      // The insurer answers a pull when it is read after a few seconds (decision 011); the demo's
      // 'in progress' order keeps no pull of its own, so it stays in progress as the README lists it.
      pullId: consented && policyStatus !== 'IN_PROGRESS' ? `pull-${orderNumber.toLowerCase()}` : null,
      lastError: lastError ?? null,
      updatedAt: at(0.2),
    });
  }

  if (scenario.signing) {
    rows.signings.push({ orderNumber, ...scenario.signing, preparingSince: null, updatedAt: at(0.8) });
  }

  if (scenario.documents) {
    const statuses = scenario.documents;
    required.forEach((key, index) => {
      const status = statuses[key] ?? 'INITIALIZED';
      const sample = files[key];
      const complete = status === 'COMPLETE';
      // Relative to DATA_DIR, so the folder can move.
      const storagePath = complete ? path.posix.join('documents', dealId, sample.fileName) : null;
      if (storagePath) rows.files.push({ relativePath: storagePath, file: sample });
      rows.documents.push({
        dealId,
        key,
        type: DOCUMENT_TYPES[key],
        status,
        // An upload that started or failed knows its file name; one never started does not.
        fileName: status === 'INITIALIZED' ? null : sample.fileName,
        contentType: status === 'INITIALIZED' ? null : sample.contentType,
        size: complete ? sample.bytes.byteLength : null,
        storagePath,
        createdAt: at(0.3 + index * 0.05),
      });
    });
  }

  rows.payments.push(...paymentRows);
}

async function insertInBatches<T>(rows: T[], size: number, insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += size) await insert(rows.slice(start, start + size));
}

type Prepared = { passwordHash: string; files: Record<DocumentKey, SampleFile> };

let preparing: Promise<Prepared> | undefined;

/** The demo password's hash and the sample files: made once per process, the same for every tenant. */
function prepare(): Promise<Prepared> {
  preparing ??= Promise.all([hashPassword(DEMO_SHOPPER.password), renderSampleFiles()]).then(
    ([passwordHash, files]) => ({ passwordHash, files }),
  );
  preparing.catch(() => {
    preparing = undefined;
  });
  return preparing;
}

async function seedInto(db: Tx, options: SeedOptions, prepared: Prepared, startedAt: number): Promise<SeedResult> {
  const chosen = chooseTenants(options);
  const now = options.now ?? new Date();
  const seed = options.seed ?? 'showroom';

  const staleDocuments = await clearTenants(
    db,
    chosen.map((tenant) => tenant.id),
    options.reset === true,
  );

  const shares = shareOut(options.vehicles, chosen.length);
  const rebuildIndexes = await suspendVehicleIndexes(db, options.vehicles);
  const rows: OrderRows = {
    orders: [],
    history: [],
    idVerifications: [],
    insurance: [],
    signings: [],
    documents: [],
    payments: [],
    files: [],
  };
  const shoppers: (typeof users.$inferInsert)[] = [];
  const favoriteRows: (typeof favorites.$inferInsert)[] = [];
  let serial = 0;
  let vehicleCount = 0;

  for (const [index, tenant] of chosen.entries()) {
    const share = shares[index]!;
    const inventory = generateInventory({ tenant, count: share, firstSerial: serial, now, seed });
    serial += share;
    const userId = createRandom(`${seed}/shopper/${tenant.id}`).uuid();
    shoppers.push({
      id: userId,
      tenantId: tenant.id,
      email: DEMO_SHOPPER.email,
      firstName: DEMO_SHOPPER.firstName,
      lastName: DEMO_SHOPPER.lastName,
      phone: DEMO_SHOPPER.phone,
      passwordHash: prepared.passwordHash,
      emailVerifiedAt: new Date(now.getTime() - 60 * DAY_MS),
      phoneVerifiedAt: new Date(now.getTime() - 60 * DAY_MS),
      marketingEmail: false,
      marketingSms: false,
      createdAt: new Date(now.getTime() - 60 * DAY_MS),
    });

    const scenarioVehicles = pickScenarioVehicles(inventory);
    if (scenarioVehicles.length === 0) {
      logger.warn({ tenantId: tenant.id }, 'seed: no vehicles for this tenant, so no demo orders');
    }
    scenarioVehicles.forEach((vehicle, position) => {
      const scenario = SCENARIOS[position]!;
      vehicle.status = scenario.vehicleStatus;
      // The vehicle was on the lot before it was ordered.
      const listedBefore = orderCreatedAt(scenario, now).getTime() - 3 * DAY_MS;
      if (vehicle.createdAt.getTime() > listedBefore) vehicle.createdAt = new Date(listedBefore);
      scenarioRows(rows, { tenant, userId, vehicle, scenario, now, files: prepared.files });
    });
    const ordered = new Set(scenarioVehicles.map((vehicle) => vehicle.id));
    for (const vehicle of inventory
      .filter((candidate) => candidate.status === 'Available' && !ordered.has(candidate.id))
      .slice(0, 3)) {
      favoriteRows.push({ userId, vehicleId: vehicle.id, createdAt: new Date(now.getTime() - 5 * DAY_MS) });
    }

    await insertVehicles(db, inventory);
    vehicleCount += inventory.length;
    logger.debug({ tenantId: tenant.id, vehicles: inventory.length }, 'seed: tenant inventory written');
  }

  await rebuildIndexes();

  await insertInBatches(shoppers, 500, (batch) => db.insert(users).values(batch));
  await insertInBatches(rows.orders, 500, (batch) => db.insert(orders).values(batch));
  await insertInBatches(rows.history, 1_000, (batch) => db.insert(orderHistory).values(batch));
  await insertInBatches(rows.idVerifications, 1_000, (batch) => db.insert(idVerifications).values(batch));
  await insertInBatches(rows.insurance, 1_000, (batch) => db.insert(insuranceVerifications).values(batch));
  await insertInBatches(rows.signings, 1_000, (batch) => db.insert(signings).values(batch));
  await insertInBatches(rows.documents, 1_000, (batch) => db.insert(documents).values(batch));
  await insertInBatches(rows.payments, 1_000, (batch) => db.insert(payments).values(batch));
  await insertInBatches(favoriteRows, 1_000, (batch) => db.insert(favorites).values(batch));
  await db.insert(seedRuns).values({ vehicles: vehicleCount, tenants: chosen.map((tenant) => tenant.id) });
  await seedDemoStaff(db, chosen, resolvePiiKey(options.dataDir));

  // Files last, inside the transaction: a failure here rolls the rows back. Through the
  // storage interface, so with a shared bucket every process serves the samples.
  const storage = options.storage ?? localStorage(options.dataDir);
  for (const storagePath of staleDocuments) await removeDocument(storage, documentKeyOf(storagePath));
  // Encrypted like an upload (issue 29 point 7): licences and pay stubs, even sample ones, are
  // personal data and never lie in the clear.
  const secret = documentsKey(options.dataDir);
  for (const { relativePath, file } of rows.files) {
    await putDocument(storage, secret, relativePath, Buffer.from(file.bytes));
  }

  return {
    vehicles: vehicleCount,
    orders: rows.orders.length,
    tenants: chosen.map((tenant) => tenant.id),
    ms: Math.round(performance.now() - startedAt),
  };
}

/** The demo desk account of each seeded tenant, replaced on a reseed (its sessions and codes go with it). */
async function seedDemoStaff(db: Tx, tenants: readonly Tenant[], piiKey: Buffer): Promise<void> {
  for (const tenant of tenants) {
    await db
      .delete(staffAccounts)
      .where(and(eq(staffAccounts.tenantId, tenant.id), eq(staffAccounts.email, DEMO_STAFF.email)));
    await createStaff(db, { piiKey }, { tenantId: tenant.id, brandName: tenant.brandName, ...DEMO_STAFF });
  }
}

/**
 * Seeds demo inventory, the demo shopper and the demo orders for the chosen tenants, replacing
 * whatever those tenants had from an earlier seed. Records a seed_runs row.
 */
export async function seedDatabase(db: Db, options: SeedOptions): Promise<SeedResult> {
  const startedAt = performance.now();
  chooseTenants(options);
  const prepared = await prepare();
  const result = await db.transaction((tx) => seedInto(tx, options, prepared, startedAt));
  await analyzeSeededTables(db);
  return result;
}

/**
 * Planner statistics for the freshly loaded tables: PGlite runs no autovacuum, and without
 * statistics the search queries pick sequential scans (see server/inventory/statistics.ts).
 */
async function analyzeSeededTables(db: Db): Promise<void> {
  await db.execute(sql`analyze vehicles`);
  await db.execute(sql`analyze orders`);
}

async function hasBeenSeeded(db: Db | Tx): Promise<boolean> {
  const [row] = await db.select({ runs: count() }).from(seedRuns);
  return (row?.runs ?? 0) > 0;
}

/** Seeds demo data when the database has never been seeded (no seed_runs row); otherwise does nothing. */
export async function seedIfEmpty(db: Db, options: SeedOptions): Promise<{ vehicles: number; ms: number } | null> {
  if (await hasBeenSeeded(db)) return null;
  const startedAt = performance.now();
  const prepared = await prepare();
  return db
    .transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
      // Another process may have seeded while this one waited for the lock.
      if (await hasBeenSeeded(tx)) return null;
      const result = await seedInto(tx, options, prepared, startedAt);
      return { vehicles: result.vehicles, ms: result.ms };
    })
    .then(async (result) => {
      if (result) await analyzeSeededTables(db);
      return result;
    });
}
