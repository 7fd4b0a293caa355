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
import { and, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
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
import type { PgColumn } from 'drizzle-orm/pg-core';
import { vehicles } from '../db/schema';
import { decodeCursor, encodeCursor, type Cursor, type CursorValue } from './cursor';
import { cardColumns, listedFor, toCard, type CardRow, type Distances } from './cards';
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

/** The same filters as facets.ts counts, as SQL for the page of cards. */
function filterConditions(tenant: Tenant, query: ResolvedQuery): SQL[] {
  const conditions: SQL[] = [listedFor(tenant)];
  if (query.yearMin !== undefined) conditions.push(gte(vehicles.year, query.yearMin));
  if (query.yearMax !== undefined) conditions.push(lte(vehicles.year, query.yearMax));
  // Whole dollars as the cards round them: $40,000.49 shows as $40,000, so it is within 40000.
  if (query.priceMin !== undefined) conditions.push(gte(vehicles.priceCents, query.priceMin * 100 - 50));
  if (query.priceMax !== undefined) conditions.push(lte(vehicles.priceCents, query.priceMax * 100 + 49));
  if (query.mileageMax !== undefined) conditions.push(lte(vehicles.mileage, query.mileageMax));
  if (query.trim !== undefined) conditions.push(eq(vehicles.trim, query.trim));
  if (query.dealerZipFilter) {
    conditions.push(query.dealerZipFilter.length > 0 ? inArray(vehicles.dealerZip, query.dealerZipFilter) : sql`false`);
  }
  if (query.make !== undefined) conditions.push(eq(vehicles.make, query.make));
  if (query.model !== undefined) conditions.push(eq(vehicles.model, query.model));
  if (query.type.length > 0) conditions.push(inArray(vehicles.type, query.type));
  if (query.bodyStyle.length > 0) conditions.push(inArray(vehicles.bodyStyle, query.bodyStyle));
  if (query.color.length > 0) conditions.push(inArray(vehicles.primaryColor, query.color));
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
  branches: { where: SQL | undefined; rank: number }[];
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
  const single = (terms: Term[]): SortPlan => ({ terms, branches: [{ where: undefined, rank: 0 }], ranked: false });
  switch (query.sort) {
    case 'price-asc':
      return single([term(vehicles.priceCents, 'price_cents', 'asc', 'first'), byId('desc')]);
    case 'mileage-asc': {
      const types = query.type.length > 0 ? query.type : VEHICLE_TYPES;
      return {
        terms: [term(vehicles.mileage, 'mileage', 'asc', 'last'), byId('asc')],
        branches: types.map((type) => ({ where: eq(vehicles.type, type), rank: 0 })),
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
          where: eq(vehicles.dealerZip, zip),
          rank: Math.trunc(query.distances.get(zip) ?? UNKNOWN_DISTANCE_RANK),
        })),
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
function seek(terms: Term[], values: readonly (string | number)[]): SQL {
  const cast = (t: Term, value: string | number) =>
    t.name === 'created_at' ? sql`${value}::timestamptz` : sql`${value}`;
  const beyond = (t: Term, value: string | number) =>
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

type RawCardRow = {
  id: string;
  vin: string;
  year: number;
  make: string;
  model: string;
  trim: string;
  mileage: number;
  type: CardRow['type'];
  msrp_cents: number;
  incentives_cents: number;
  price_cents: number;
  status: CardRow['status'];
  primary_color: string;
  secondary_color: string | null;
  body_style: string;
  price_guide: CardRow['priceGuide'];
  dealer_zip: string;
  cover_photo: unknown;
  created_at_text: string;
  zip_rank: number;
};

function fromRaw(row: RawCardRow): CardRow {
  return {
    vin: row.vin,
    year: Number(row.year),
    make: row.make,
    model: row.model,
    trim: row.trim,
    mileage: Number(row.mileage),
    type: row.type,
    msrpCents: Number(row.msrp_cents),
    incentivesCents: Number(row.incentives_cents),
    priceCents: Number(row.price_cents),
    status: row.status,
    primaryColor: row.primary_color,
    secondaryColor: row.secondary_color,
    bodyStyle: row.body_style,
    priceGuide: row.price_guide,
    dealerZip: row.dealer_zip,
    coverPhoto: row.cover_photo,
  };
}

/** A row's place in the sort, as the cursor of the page after (or before) it. */
function cursorOf(plan: SortPlan, sort: SearchQuery['sort'], row: RawCardRow): string {
  const values = plan.terms.map((t) => {
    if (t.name === 'created_at') return row.created_at_text;
    if (t.name === 'id') return row.id;
    return Number(row[t.name]);
  });
  return encodeCursor({ sort, values: plan.ranked ? [Number(row.zip_rank), ...values] : values });
}

async function listPage(db: Db, where: SQL[], plan: SortPlan, position: Position): Promise<RawCardRow[]> {
  if (plan.branches.length === 0) return [];
  const terms = position.backwards ? flip(plan.terms) : plan.terms;
  const limit = position.kind === 'offset' ? position.limit : SEARCH_PAGE_SIZE;
  const offset = position.kind === 'offset' ? position.offset : 0;
  const key = position.kind === 'seek' ? position.cursor.values : null;
  const rankKey = key && plan.ranked ? Number(key[0]) : null;
  const termKey = key && plan.ranked ? key.slice(1) : key;
  const parts: SQL[] = [];
  for (const branch of plan.branches) {
    let condition: SQL | undefined;
    if (termKey) {
      // Ranked branches (distance): a branch before the cursor's rank is skipped, the cursor's
      // own branch is read past the cursor, the later ones from their start.
      const behind = rankKey !== null && (position.backwards ? branch.rank > rankKey : branch.rank < rankKey);
      if (behind) continue;
      if (rankKey === null || branch.rank === rankKey) condition = seek(terms, termKey);
    }
    const query = db
      .select({
        ...cardColumns,
        id: vehicles.id,
        createdAt: vehicles.createdAt,
        createdAtText: sql<string>`${qualified(vehicles.createdAt)}::text`.as('created_at_text'),
        zipRank: sql<number>`${sql.raw(String(branch.rank))}::int`.as('zip_rank'),
      })
      .from(vehicles)
      .where(and(...where, ...(branch.where ? [branch.where] : []), ...(condition ? [condition] : [])))
      .orderBy(orderOf(terms, false))
      // Each branch needs at most offset + one page of its own rows.
      .limit(offset + limit);
    parts.push(sql`(${query.getSQL()})`);
  }
  if (parts.length === 0) return [];
  const outer = plan.ranked
    ? sql`zip_rank ${sql.raw(position.backwards ? 'desc' : 'asc')}, ${orderOf(terms, true)}`
    : orderOf(terms, true);
  const statement = sql`select * from (${sql.join(parts, sql` union all `)}) as listing order by ${outer} limit ${limit} offset ${offset}`;
  const result = (await db.execute(statement)) as unknown as { rows: RawCardRow[] };
  return position.backwards ? result.rows.reverse() : result.rows;
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
  const conditions = filterConditions(tenant, resolved);
  let rows: RawCardRow[] = [];
  if (total > 0) {
    const position = positionOf(resolved, plan, page, total);
    rows = await listPage(db, conditions, plan, position);
    // A cursor whose row is gone past the end (the listing changed under it): read by number.
    if (rows.length === 0 && position.kind === 'seek')
      rows = await listPage(
        db,
        conditions,
        plan,
        positionOf({ ...resolved, after: undefined, before: undefined }, plan, page, total),
      );
  }
  const first = rows[0];
  const last = rows[rows.length - 1];
  return {
    vehicles: rows.map((row) => toCard(fromRaw(row), resolved.distances)),
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
