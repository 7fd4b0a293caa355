// The per-tenant inventory snapshot: the filterable columns of every listed vehicle, held in
// typed arrays (28 bytes a vehicle: under 3 MB at 100,000). Facet counts and the total for any
// combination of filters are one pass over these arrays (2-5 ms at 100,000 on a busy 2-core box),
// so the search page's counting does not grow with the number of distinct filters shoppers
// use, and never holds the database. The suggestions catalogue and the dealer zips come from
// the same snapshot.
//
// Why not GROUP BY per request: measured at 100,000 vehicles on PGlite, one facet GROUP BY
// took 250-1,100 ms and PGlite has one connection, so every shopper with a new price range
// stalled everyone else; a cache keyed by the filters does not help when the filters vary.
//
// The snapshot is read with one query that returns a single text value (PGlite decodes rows
// slowly: 97,000 rows as objects took seconds, as one string_agg 150-600 ms on a busy
// machine) and parsed in 100-400 ms. After a minute it is checked in the background and
// rebuilt only if the vehicles table changed, so counts may lag a sale by about a minute.
import { sql } from 'drizzle-orm';
import { logger } from '../../app/lib/shared/logger.server';
import type { Tenant } from '../../app/lib/shared/tenant/schema';
import type { Db } from '../db/client';
import { vehicles } from '../db/schema';
import { createTtlCache } from './cache';
import { listedFor } from './cards';
import { buildCatalog, type Catalog } from './catalog';
import { ensurePlannerStatistics } from './statistics';

export const SNAPSHOT_TTL_MS = 60_000;

const FIELD = '\u001f';
const RECORD = '\u001e';

export type Snapshot = {
  size: number;
  /** Per vehicle: indexes into `makes`, `models`, `trims`, `bodies`, `types`, `colors`, `zips`. */
  make: Uint16Array;
  model: Uint16Array;
  trim: Uint32Array;
  body: Uint16Array;
  type: Uint16Array;
  color: Uint16Array;
  zip: Uint16Array;
  year: Int32Array;
  priceCents: Int32Array;
  mileage: Int32Array;
  makes: string[];
  models: { make: number; name: string }[];
  trims: { model: number; name: string }[];
  bodies: string[];
  types: string[];
  colors: string[];
  zips: string[];
  catalog: Catalog;
  /** The vehicles table's change counter when this was read (see tableVersion). */
  version: string | null;
};

const snapshots = createTtlCache<Snapshot>({ name: 'inventory-snapshot', ttlMs: SNAPSHOT_TTL_MS, maxEntries: 64 });

/** Interns strings to small integers, in first-seen order. */
function dictionary() {
  const ids = new Map<string, number>();
  const values: string[] = [];
  return {
    values,
    id(value: string): number {
      let id = ids.get(value);
      if (id === undefined) {
        id = values.length;
        values.push(value);
        ids.set(value, id);
      }
      return id;
    },
  };
}

type Combination = {
  make: number;
  model: number;
  trim: number;
  body: number;
  type: number;
  color: number;
  zip: number;
};

/**
 * Builds a snapshot from the query's text: records of year, price, mileage, then make, model,
 * trim, body, type, colour and zip. Written for speed (about 100,000 records a tenant): the
 * text after the three numbers is one "combination" looked up whole, and split only the first
 * time it is seen.
 */
export async function parseSnapshot(
  text: string,
  /** The longest stretch it holds the event loop before letting other work in (issue 17 point 6). */
  sliceMs = 8,
): Promise<Omit<Snapshot, 'version'>> {
  let size = text ? 1 : 0;
  for (let at = text.indexOf(RECORD); at !== -1; at = text.indexOf(RECORD, at + 1)) size += 1;
  const columns = {
    make: new Uint16Array(size),
    model: new Uint16Array(size),
    trim: new Uint32Array(size),
    body: new Uint16Array(size),
    type: new Uint16Array(size),
    color: new Uint16Array(size),
    zip: new Uint16Array(size),
    year: new Int32Array(size),
    priceCents: new Int32Array(size),
    mileage: new Int32Array(size),
  };
  const makes = dictionary();
  const modelIds = new Map<string, number>();
  const models: Snapshot['models'] = [];
  const trimIds = new Map<string, number>();
  const trims: Snapshot['trims'] = [];
  const bodies = dictionary();
  const types = dictionary();
  const colors = dictionary();
  const zips = dictionary();
  const combinations = new Map<string, Combination>();
  // trim id × 10,000 + year → vehicles, for the suggestions catalogue.
  const phrases = new Map<number, number>();

  function combination(key: string): Combination {
    const [make, model, trimName, body, type, color, zip] = key.split(FIELD) as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    const makeId = makes.id(make);
    const modelKey = `${makeId}${FIELD}${model}`;
    let modelId = modelIds.get(modelKey);
    if (modelId === undefined) {
      modelId = models.length;
      models.push({ make: makeId, name: model });
      modelIds.set(modelKey, modelId);
    }
    const trimKey = `${modelId}${FIELD}${trimName}`;
    let trimId = trimIds.get(trimKey);
    if (trimId === undefined) {
      trimId = trims.length;
      trims.push({ model: modelId, name: trimName });
      trimIds.set(trimKey, trimId);
    }
    return {
      make: makeId,
      model: modelId,
      trim: trimId,
      body: bodies.id(body),
      type: types.id(type),
      color: colors.id(color),
      zip: zips.id(zip),
    };
  }

  let start = 0;
  let sliceStarted = performance.now();
  for (let i = 0; i < size; i++) {
    if ((i & 2047) === 2047 && performance.now() - sliceStarted > sliceMs) {
      // 100,000 records take 100-400 ms: parsed in slices, /healthz and other shoppers'
      // requests are served between them.
      await new Promise((resolve) => setImmediate(resolve));
      sliceStarted = performance.now();
    }
    let end = text.indexOf(RECORD, start);
    if (end === -1) end = text.length;
    const afterYear = text.indexOf(FIELD, start);
    const afterPrice = text.indexOf(FIELD, afterYear + 1);
    const afterMileage = text.indexOf(FIELD, afterPrice + 1);
    const year = Number(text.slice(start, afterYear));
    columns.year[i] = year;
    columns.priceCents[i] = Number(text.slice(afterYear + 1, afterPrice));
    columns.mileage[i] = Number(text.slice(afterPrice + 1, afterMileage));
    const key = text.slice(afterMileage + 1, end);
    let found = combinations.get(key);
    if (!found) {
      found = combination(key);
      combinations.set(key, found);
    }
    columns.make[i] = found.make;
    columns.model[i] = found.model;
    columns.trim[i] = found.trim;
    columns.body[i] = found.body;
    columns.type[i] = found.type;
    columns.color[i] = found.color;
    columns.zip[i] = found.zip;
    const phrase = found.trim * 10_000 + year;
    phrases.set(phrase, (phrases.get(phrase) ?? 0) + 1);
    start = end + 1;
  }

  const catalogRows = [...phrases].map(([key, count]) => {
    const trim = trims[Math.floor(key / 10_000)]!;
    const model = models[trim.model]!;
    return { year: key % 10_000, make: makes.values[model.make]!, model: model.name, trim: trim.name, count };
  });
  return {
    size,
    ...columns,
    makes: makes.values,
    models,
    trims,
    bodies: bodies.values,
    types: types.values,
    colors: colors.values,
    zips: zips.values,
    catalog: buildCatalog(catalogRows, zips.values),
  };
}

/**
 * How many rows of the vehicles table were ever inserted, updated or deleted: when it has not
 * moved, a snapshot due for rebuilding is kept as it is. PGlite counts only when asked to
 * flush; PostgreSQL shows other sessions' changes within seconds. Null where the server cannot
 * tell (PostgreSQL before 15), and then every rebuild reads the table.
 */
async function tableVersion(db: Db): Promise<string | null> {
  try {
    await db.execute(sql`select pg_stat_force_next_flush()`);
    const result = (await db.execute(
      sql`select (n_tup_ins + n_tup_upd + n_tup_del)::text as version from pg_stat_user_tables
          where relid = ${sql.raw("'vehicles'::regclass")}`,
    )) as unknown as { rows: { version: string }[] };
    return result.rows[0]?.version ?? null;
  } catch {
    return null;
  }
}

async function loadSnapshot(db: Db, tenant: Tenant, previous: Snapshot | undefined): Promise<Snapshot> {
  const version = await tableVersion(db);
  if (previous && version !== null && previous.version === version) return previous;
  await ensurePlannerStatistics(db);
  const started = performance.now();
  const fields = sql.join(
    [
      vehicles.year,
      vehicles.priceCents,
      vehicles.mileage,
      vehicles.make,
      vehicles.model,
      vehicles.trim,
      vehicles.bodyStyle,
      vehicles.type,
      vehicles.primaryColor,
      vehicles.dealerZip,
    ],
    sql`, `,
  );
  const result = (await db.execute(
    sql`select string_agg(concat_ws(${FIELD}, ${fields}), ${RECORD}) as records from ${vehicles} where ${listedFor(tenant)}`,
  )) as unknown as { rows: { records: string | null }[] };
  const read = performance.now();
  const snapshot = { ...(await parseSnapshot(result.rows[0]?.records ?? '')), version };
  logger.info(
    {
      tenantId: tenant.id,
      vehicles: snapshot.size,
      queryMs: Math.round(read - started),
      parseMs: Math.round(performance.now() - read),
    },
    'built the inventory snapshot',
  );
  return snapshot;
}

/**
 * The tenant's snapshot: built on first use; after a minute, checked in the background and
 * rebuilt if the vehicles table changed. Counts may lag a change by about a minute.
 */
export function getSnapshot(db: Db, tenant: Tenant): Promise<Snapshot> {
  return snapshots.get(db, tenant.id, (previous) => loadSnapshot(db, tenant, previous));
}
