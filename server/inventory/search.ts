// Search results: one page of cards, the total and the facet counts.
//
// How it stays fast as stock grows (measured in the bench, scripts/bench.ts):
// - The page of cards is read in index order from a partial index over the listed rows
//   (vehicles_listed_price_idx for the default Price (High to Low), and one per other sort),
//   so a page reads about 24 index entries, not the inventory.
// - The total and the facet counts come from the tenant's in-memory snapshot (snapshot.ts):
//   one pass over typed arrays (a few milliseconds at 100,000 vehicles, whatever the filters;
//   repeated filter combinations are remembered). Counts may lag a sale by about a minute.
// - Distance never reaches SQL as geometry: the tenant's few dealer zips get their distance
//   in memory; the filter is `dealer_zip IN (…)` and the sort reads each zip's vehicles from
//   an index, nearest zip first.
import { createHash } from 'node:crypto';
import { and, eq, gte, inArray, lte, sql, type Placeholder, type SQL } from 'drizzle-orm';
import {
  DEFAULT_SEARCH_SORT,
  SEARCH_PAGE_SIZE,
  VEHICLE_TYPES,
  type SearchQuery,
  type SearchResult,
} from '../../app/lib/contract/inventory';
import type { Tenant } from '../../app/lib/shared/tenant/schema';
import type { Db } from '../db/client';
import { qualified } from '../db/qualified';
import { unionAll, type PgColumn } from 'drizzle-orm/pg-core';
import { vehicles } from '../db/schema';
import { decodeCursor, encodeCursor, type Cursor, type CursorValue } from './cursor';
import { cardColumns, listedPrepared, tenantLimits, toCard, type CardRow, type Distances } from './cards';
import { canonicalMake, canonicalModel, canonicalTrim, type Catalog } from './catalog';
import { countFacetsRemembered } from './facets';
import { distancesFrom, lookupZip } from './geo';
import { getSnapshot } from './snapshot';

/** The query with make/model/trim spelled as the stock spells them and an unknown zip dropped. */
type ResolvedQuery = SearchQuery & { distances: Distances; dealerZipFilter: string[] | null; dealerZips: string[] };

async function resolveQuery(catalog: Catalog, query: SearchQuery): Promise<ResolvedQuery> {
  const resolved: ResolvedQuery = {
    ...query,
    distances: new Map(),
    dealerZipFilter: null,
    dealerZips: catalog.dealerZips,
  };
  if (resolved.make) resolved.make = canonicalMake(catalog, resolved.make);
  if (resolved.make && resolved.model) resolved.model = canonicalModel(catalog, resolved.make, resolved.model);
  if (resolved.make && resolved.model && resolved.trim) {
    resolved.trim = canonicalTrim(catalog, resolved.make, resolved.model, resolved.trim);
  }
  const place = resolved.zip ? await lookupZip(resolved.zip) : null;
  if (!place) {
    // A zip that names no place is dropped with what depends on it.
    delete resolved.zip;
    delete resolved.distance;
    if (resolved.sort === 'distance-asc') resolved.sort = DEFAULT_SEARCH_SORT;
    return resolved;
  }
  resolved.distances = await distancesFrom(place, catalog.dealerZips);
  if (resolved.distance !== undefined) {
    const radius = resolved.distance;
    resolved.dealerZipFilter = [...resolved.distances].filter(([, miles]) => miles <= radius).map(([zip]) => zip);
  }
  return resolved;
}

/**
 * The listing is one prepared statement per shape (decision 109): what a query's filters,
 * sort and position change in its SQL text. Values travel as placeholders, so equal shapes share
 * the statement (built once, named on PostgreSQL, so each connection plans it once).
 */
type FilterShape = {
  scalars: ScalarFilter[];
  lists: { type: number; bodyStyle: number; color: number };
  /** Dealer zips within the distance: null without a distance, 0 when none is. */
  zips: number | null;
};

const SCALAR_FILTERS = ['yearMin', 'yearMax', 'priceMin', 'priceMax', 'mileageMax', 'trim', 'make', 'model'] as const;
type ScalarFilter = (typeof SCALAR_FILTERS)[number];

/** The same filters as facets.ts counts: their shape and their values. */
function filtersOf(query: ResolvedQuery, values: Record<string, unknown>): FilterShape {
  const scalar: Record<ScalarFilter, string | number | undefined> = {
    yearMin: query.yearMin,
    yearMax: query.yearMax,
    // Whole dollars as the cards round them: $40,000.49 shows as $40,000, so it is within 40000.
    priceMin: query.priceMin === undefined ? undefined : query.priceMin * 100 - 50,
    priceMax: query.priceMax === undefined ? undefined : query.priceMax * 100 + 49,
    mileageMax: query.mileageMax,
    trim: query.trim,
    make: query.make,
    model: query.model,
  };
  const scalars = SCALAR_FILTERS.filter((name) => scalar[name] !== undefined);
  for (const name of scalars) values[name] = scalar[name];
  const list = (name: string, items: readonly string[]) => {
    items.forEach((item, index) => (values[`${name}${index}`] = item));
    return items.length;
  };
  return {
    scalars,
    lists: {
      type: list('type', query.type),
      bodyStyle: list('bodyStyle', query.bodyStyle),
      color: list('color', query.color),
    },
    zips: query.dealerZipFilter ? list('zip', query.dealerZipFilter) : null,
  };
}

const placeholders = (name: string, count: number) =>
  Array.from({ length: count }, (_, index) => sql.placeholder(`${name}${index}`));

/** The filters of a shape as SQL, with placeholders named as filtersOf fills them. */
function filterConditions(shape: FilterShape): SQL[] {
  const conditions: SQL[] = [listedPrepared];
  const at = (name: ScalarFilter) => sql.placeholder(name);
  const bounds: Record<ScalarFilter, () => SQL> = {
    yearMin: () => gte(vehicles.year, at('yearMin')),
    yearMax: () => lte(vehicles.year, at('yearMax')),
    priceMin: () => gte(vehicles.priceCents, at('priceMin')),
    priceMax: () => lte(vehicles.priceCents, at('priceMax')),
    mileageMax: () => lte(vehicles.mileage, at('mileageMax')),
    trim: () => eq(vehicles.trim, at('trim')),
    make: () => eq(vehicles.make, at('make')),
    model: () => eq(vehicles.model, at('model')),
  };
  for (const name of shape.scalars) conditions.push(bounds[name]());
  if (shape.zips !== null) {
    conditions.push(shape.zips > 0 ? inArray(vehicles.dealerZip, placeholders('zip', shape.zips)) : sql`false`);
  }
  if (shape.lists.type > 0) conditions.push(inArray(vehicles.type, placeholders('type', shape.lists.type)));
  if (shape.lists.bodyStyle > 0)
    conditions.push(inArray(vehicles.bodyStyle, placeholders('bodyStyle', shape.lists.bodyStyle)));
  if (shape.lists.color > 0) conditions.push(inArray(vehicles.primaryColor, placeholders('color', shape.lists.color)));
  return conditions;
}

/**
 * How a sort reads its index. ORDER BY clauses match the partial indexes exactly (direction,
 * NULLS placement, the id tie-breaker), so the planner reads them in order and stops after one
 * page; read backwards (every direction and NULLS placement flipped) they read the same index
 * from its other end. Two sorts are read in branches, one per value of a leading index column,
 * merged by the outer ORDER BY: mileage (one branch per vehicle type, since new vehicles'
 * near-zero mileage would otherwise sit in front of every used one) and distance (one branch
 * per dealer zip, ranked by its distance; zips the zip table does not know come last).
 */
type Term = {
  column: SQL | PgColumn;
  /** The column's name in a listing row (the outer ORDER BY and the cursor read it). */
  name: 'price_cents' | 'mileage' | 'year' | 'created_at' | 'id';
  dir: 'asc' | 'desc';
  nulls: 'first' | 'last';
};

type SortPlan = {
  terms: Term[];
  /** One a branch; `value` of `by` (a vehicle type, a dealer zip), null for the whole listing. */
  branches: { value: string | null; rank: number }[];
  by: PgColumn | null;
  /** Branches are ranked (distance): the rank leads the outer order and the cursor. */
  ranked: boolean;
};

const UNKNOWN_DISTANCE_RANK = 1_000_000;

const term = (column: PgColumn, name: Term['name'], dir: Term['dir'], nulls: Term['nulls']): Term => ({
  column,
  name,
  dir,
  nulls,
});
const byId = (dir: Term['dir']) => term(vehicles.id, 'id', dir, dir === 'asc' ? 'last' : 'first');
const PRICE_DESC = [term(vehicles.priceCents, 'price_cents', 'desc', 'last'), byId('asc')];

function sortPlan(query: ResolvedQuery): SortPlan {
  const single = (terms: Term[]): SortPlan => ({
    terms,
    branches: [{ value: null, rank: 0 }],
    by: null,
    ranked: false,
  });
  switch (query.sort) {
    case 'price-asc':
      return single([term(vehicles.priceCents, 'price_cents', 'asc', 'first'), byId('desc')]);
    case 'mileage-asc': {
      const types = query.type.length > 0 ? query.type : VEHICLE_TYPES;
      return {
        terms: [term(vehicles.mileage, 'mileage', 'asc', 'last'), byId('asc')],
        branches: types.map((type) => ({ value: type, rank: 0 })),
        by: vehicles.type,
        ranked: false,
      };
    }
    case 'year-desc':
      return single([
        term(vehicles.year, 'year', 'desc', 'last'),
        term(vehicles.priceCents, 'price_cents', 'desc', 'last'),
        byId('asc'),
      ]);
    case 'newest':
      return single([term(vehicles.createdAt, 'created_at', 'desc', 'last'), byId('asc')]);
    case 'distance-asc': {
      const zips = query.dealerZipFilter ?? query.dealerZips;
      return {
        terms: PRICE_DESC,
        branches: zips.map((zip) => ({
          value: zip,
          rank: Math.trunc(query.distances.get(zip) ?? UNKNOWN_DISTANCE_RANK),
        })),
        by: vehicles.dealerZip,
        ranked: true,
      };
    }
    case 'price-desc':
    default:
      return single(PRICE_DESC);
  }
}

const flip = (terms: Term[]): Term[] =>
  terms.map((t) => ({
    ...t,
    dir: t.dir === 'asc' ? 'desc' : 'asc',
    nulls: t.nulls === 'first' ? 'last' : 'first',
  }));

const orderOf = (terms: Term[], outer: boolean) =>
  sql.join(
    terms.map((t) => sql`${outer ? sql.identifier(t.name) : t.column} ${sql.raw(`${t.dir} nulls ${t.nulls}`)}`),
    sql`, `,
  );

/**
 * The rows after `values` in the order of `terms` (no column is ever null): a bound on the
 * first column the index can start from, and the exact row comparison as a filter.
 */
function seek(terms: Term[], values: readonly Placeholder[]): SQL {
  const cast = (t: Term, value: Placeholder) => (t.name === 'created_at' ? sql`${value}::timestamptz` : sql`${value}`);
  const beyond = (t: Term, value: Placeholder) =>
    t.dir === 'asc' ? sql`${t.column} > ${cast(t, value)}` : sql`${t.column} < ${cast(t, value)}`;
  const alternatives = terms.map((t, index) =>
    and(
      ...terms.slice(0, index).map((before, j) => sql`${before.column} = ${cast(before, values[j]!)}`),
      beyond(t, values[index]!),
    ),
  );
  const first = terms[0]!;
  const bound =
    first.dir === 'asc'
      ? sql`${first.column} >= ${cast(first, values[0]!)}`
      : sql`${first.column} <= ${cast(first, values[0]!)}`;
  return and(bound, sql`(${sql.join(alternatives as SQL[], sql` or `)})`)!;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TIMESTAMP = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})?[+-]\d\d(:\d\d)?$/;

/** A cursor's values fit the plan's terms (and rank): anything else would reach SQL as an error. */
function validCursorValues(plan: SortPlan, values: readonly unknown[]): values is CursorValue[] {
  const terms = plan.terms.map((t) => t.name);
  const expected = plan.ranked ? (['rank', ...terms] as const) : terms;
  if (values.length !== expected.length) return false;
  return expected.every((name, index) => {
    const value = values[index];
    if (name === 'id') return typeof value === 'string' && UUID.test(value);
    if (name === 'created_at') return typeof value === 'string' && TIMESTAMP.test(value);
    return Number.isSafeInteger(value);
  });
}

/** Where a page starts: after or before a row (keyset), or an offset from the front or the back. */
type Position =
  | { kind: 'offset'; offset: number; limit: number; backwards: boolean }
  | { kind: 'seek'; cursor: Cursor; backwards: boolean };

type ListingRow = CardRow & { id: string; createdAtText: string; zipRank: number };

/** A row's place in the sort, as the cursor of the page after (or before) it. */
function cursorOf(plan: SortPlan, sort: SearchQuery['sort'], row: ListingRow): string {
  const field = { price_cents: 'priceCents', mileage: 'mileage', year: 'year' } as const;
  const values = plan.terms.map((t) => {
    if (t.name === 'created_at') return row.createdAtText;
    if (t.name === 'id') return row.id;
    return Number(row[field[t.name]]);
  });
  return encodeCursor({ sort, values: plan.ranked ? [Number(row.zipRank), ...values] : values });
}

const MAX_NAMED_SHAPES = 256;
const listingStatements = new WeakMap<Db, Map<string, PreparedListing>>();
type PreparedListing = { execute(values: Record<string, unknown>): Promise<ListingRow[]> };

/**
 * The shape's statement, built once per database. On PostgreSQL it is named after its shape, so
 * each pooled connection parses and plans it once; past MAX_NAMED_SHAPES shapes (an unusual
 * mix of filters) a statement is built for the one call and sent unnamed.
 */
function listingStatement(db: Db, key: string, build: (name: string) => PreparedListing): PreparedListing {
  let statements = listingStatements.get(db);
  if (!statements) listingStatements.set(db, (statements = new Map()));
  const known = statements.get(key);
  if (known) return known;
  if (statements.size >= MAX_NAMED_SHAPES) return build('');
  const name = `inventory_listing_${createHash('sha1').update(key).digest('hex').slice(0, 16)}`;
  const statement = build(name);
  statements.set(key, statement);
  return statement;
}

async function listPage(
  db: Db,
  tenant: Tenant,
  query: ResolvedQuery,
  plan: SortPlan,
  position: Position,
): Promise<ListingRow[]> {
  if (plan.branches.length === 0) return [];
  const values: Record<string, unknown> = { ...tenantLimits(tenant) };
  const filters = filtersOf(query, values);
  const limit = position.kind === 'offset' ? position.limit : SEARCH_PAGE_SIZE;
  const offset = position.kind === 'offset' ? position.offset : 0;
  Object.assign(values, { limit, offset, branchLimit: offset + limit });
  const key = position.kind === 'seek' ? position.cursor.values : null;
  const rankKey = key && plan.ranked ? Number(key[0]) : null;
  const termKey = key && plan.ranked ? key.slice(1) : key;
  termKey?.forEach((value, index) => (values[`key${index}`] = value));
  // Each branch read: whether it starts past the cursor (its shape), its value and rank.
  const reads: boolean[] = [];
  for (const branch of plan.branches) {
    let seeks = false;
    if (termKey) {
      // Ranked branches (distance): a branch before the cursor's rank is skipped, the cursor's
      // own branch is read past the cursor, the later ones from their start.
      const behind = rankKey !== null && (position.backwards ? branch.rank > rankKey : branch.rank < rankKey);
      if (behind) continue;
      seeks = rankKey === null || branch.rank === rankKey;
    }
    values[`branch${reads.length}`] = branch.value;
    values[`rank${reads.length}`] = branch.rank;
    reads.push(seeks);
  }
  if (reads.length === 0) return [];
  const shape = { sort: query.sort, backwards: position.backwards, reads, keys: termKey?.length ?? 0, filters };
  const statement = listingStatement(db, JSON.stringify(shape), (name) => {
    const terms = position.backwards ? flip(plan.terms) : plan.terms;
    const conditions = filterConditions(filters);
    const keyValues = placeholders('key', shape.keys);
    const branchRead = (seeks: boolean, index: number) =>
      db
        .select({
          ...cardColumns,
          id: vehicles.id,
          createdAt: vehicles.createdAt,
          createdAtText: sql<string>`${qualified(vehicles.createdAt)}::text`.as('created_at_text'),
          zipRank: sql<number>`${sql.placeholder(`rank${index}`)}::int`.as('zip_rank'),
        })
        .from(vehicles)
        .where(
          and(
            ...conditions,
            ...(plan.by ? [eq(plan.by, sql.placeholder(`branch${index}`))] : []),
            ...(seeks ? [seek(terms, keyValues)] : []),
          ),
        )
        .orderBy(orderOf(terms, false));
    if (reads.length === 1) {
      const prepared = branchRead(reads[0]!, 0)
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(name);
      return { execute: (bound) => prepared.execute(bound) };
    }
    // Each branch needs at most offset + one page of its own rows.
    const [first, second, ...rest] = reads.map((seeks, index) =>
      branchRead(seeks, index).limit(sql.placeholder('branchLimit')),
    );
    const outer = plan.ranked
      ? sql`${sql.identifier('zip_rank')} ${sql.raw(position.backwards ? 'desc' : 'asc')}, ${orderOf(terms, true)}`
      : orderOf(terms, true);
    const prepared = unionAll(first!, second!, ...rest)
      .orderBy(outer)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name);
    return { execute: (bound) => prepared.execute(bound) };
  });
  const rows = await statement.execute(values);
  return position.backwards ? rows.reverse() : rows;
}

function appliedQuery(query: ResolvedQuery, page: number): SearchQuery {
  const {
    distances: _distances,
    dealerZipFilter: _filter,
    dealerZips: _zips,
    after: _after,
    before: _before,
    ...applied
  } = query;
  return { ...applied, page };
}

/**
 * Where the page starts. A cursor (the next/previous links carry one) seeks from its row, so a
 * deep page costs what the first one does. A page asked for by number alone is read from the
 * nearer end of the listing: the last pages backwards from the end, so only the middle of a
 * long listing needs a long offset (the page links offer the first, the last and the pages
 * around the current one).
 */
function positionOf(query: ResolvedQuery, plan: SortPlan, page: number, total: number): Position {
  const valid = (values: readonly unknown[]): values is CursorValue[] => validCursorValues(plan, values);
  const after = query.after ? decodeCursor(query.after, query.sort, valid) : null;
  if (after) return { kind: 'seek', cursor: after, backwards: false };
  const before = query.before ? decodeCursor(query.before, query.sort, valid) : null;
  if (before) return { kind: 'seek', cursor: before, backwards: true };
  const skipped = (page - 1) * SEARCH_PAGE_SIZE;
  const limit = Math.min(SEARCH_PAGE_SIZE, total - skipped);
  if (skipped <= total / 2) return { kind: 'offset', offset: skipped, limit: SEARCH_PAGE_SIZE, backwards: false };
  return { kind: 'offset', offset: Math.max(0, total - skipped - limit), limit, backwards: true };
}

export async function searchInventory(db: Db, tenant: Tenant, query: SearchQuery): Promise<SearchResult> {
  const snapshot = await getSnapshot(db, tenant);
  const resolved = await resolveQuery(snapshot.catalog, query);
  const { total, facets } = countFacetsRemembered(snapshot, { ...resolved, dealerZips: resolved.dealerZipFilter });
  const totalPages = Math.ceil(total / SEARCH_PAGE_SIZE);
  // A page past the end shows the last one, so an old link still lands on results.
  const page = Math.max(1, Math.min(resolved.page, totalPages));
  const plan = sortPlan(resolved);
  let rows: ListingRow[] = [];
  if (total > 0) {
    const position = positionOf(resolved, plan, page, total);
    rows = await listPage(db, tenant, resolved, plan, position);
    // A cursor whose row is gone past the end (the listing changed under it): read by number.
    if (rows.length === 0 && position.kind === 'seek')
      rows = await listPage(
        db,
        tenant,
        resolved,
        plan,
        positionOf({ ...resolved, after: undefined, before: undefined }, plan, page, total),
      );
  }
  const first = rows[0];
  const last = rows[rows.length - 1];
  return {
    vehicles: rows.map((row) => toCard(row, resolved.distances)),
    total,
    page,
    pageSize: SEARCH_PAGE_SIZE,
    totalPages,
    sort: resolved.sort,
    query: appliedQuery(resolved, page),
    cursors: {
      ...(page > 1 && first ? { previous: cursorOf(plan, resolved.sort, first) } : {}),
      ...(page < totalPages && last ? { next: cursorOf(plan, resolved.sort, last) } : {}),
    },
    facets,
  };
}
