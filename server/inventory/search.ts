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
import { vehicles } from '../db/schema';
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
 * page. Two sorts are read in branches, one per value of a leading index column, merged by
 * the outer ORDER BY: mileage (one branch per vehicle type, since new vehicles' near-zero
 * mileage would otherwise sit in front of every used one) and distance (one branch per dealer
 * zip, ranked by its distance; zips the zip table does not know come last).
 */
type SortPlan = {
  order: SQL;
  branches?: { where: SQL; rank: number }[];
  /** The outer ORDER BY over the branches' output columns. */
  outer?: SQL;
};

const UNKNOWN_DISTANCE_RANK = 1_000_000;

function sortPlan(query: ResolvedQuery): SortPlan {
  switch (query.sort) {
    case 'price-asc':
      return { order: sql`${vehicles.priceCents} asc nulls first, ${vehicles.id} desc` };
    case 'mileage-asc': {
      const types = query.type.length > 0 ? query.type : VEHICLE_TYPES;
      return {
        order: sql`${vehicles.mileage} asc, ${vehicles.id} asc`,
        branches: types.map((type) => ({ where: eq(vehicles.type, type), rank: 0 })),
        outer: sql`mileage asc, id asc`,
      };
    }
    case 'year-desc':
      return {
        order: sql`${vehicles.year} desc nulls last, ${vehicles.priceCents} desc nulls last, ${vehicles.id} asc`,
      };
    case 'newest':
      return { order: sql`${vehicles.createdAt} desc nulls last, ${vehicles.id} asc` };
    case 'distance-asc': {
      const zips = query.dealerZipFilter ?? query.dealerZips;
      return {
        order: sql`${vehicles.priceCents} desc nulls last, ${vehicles.id} asc`,
        branches: zips.map((zip) => ({
          where: eq(vehicles.dealerZip, zip),
          rank: query.distances.get(zip) ?? UNKNOWN_DISTANCE_RANK,
        })),
        outer: sql`zip_rank asc, price_cents desc nulls last, id asc`,
      };
    }
    case 'price-desc':
    default:
      return { order: sql`${vehicles.priceCents} desc nulls last, ${vehicles.id} asc` };
  }
}

type RawCardRow = {
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

async function listPage(db: Db, where: SQL[], plan: SortPlan, offset: number): Promise<CardRow[]> {
  if (!plan.branches || !plan.outer) {
    return db
      .select(cardColumns)
      .from(vehicles)
      .where(and(...where))
      .orderBy(plan.order)
      .limit(SEARCH_PAGE_SIZE)
      .offset(offset);
  }
  if (plan.branches.length === 0) return [];
  // Each branch needs at most offset + one page of its own rows.
  const perBranch = offset + SEARCH_PAGE_SIZE;
  const parts = plan.branches.map((branch) => {
    const query = db
      .select({
        ...cardColumns,
        id: vehicles.id,
        zipRank: sql<number>`${sql.raw(String(Math.trunc(branch.rank)))}::int`.as('zip_rank'),
      })
      .from(vehicles)
      .where(and(...where, branch.where))
      .orderBy(plan.order)
      .limit(perBranch);
    return sql`(${query.getSQL()})`;
  });
  const statement = sql`select * from (${sql.join(parts, sql` union all `)}) as listing order by ${plan.outer} limit ${SEARCH_PAGE_SIZE} offset ${offset}`;
  const result = (await db.execute(statement)) as unknown as { rows: RawCardRow[] };
  return result.rows.map(fromRaw);
}

function appliedQuery(query: ResolvedQuery, page: number): SearchQuery {
  const { distances: _distances, dealerZipFilter: _filter, dealerZips: _zips, ...applied } = query;
  return { ...applied, page };
}

export async function searchInventory(db: Db, tenant: Tenant, query: SearchQuery): Promise<SearchResult> {
  const snapshot = await getSnapshot(db, tenant);
  const resolved = await resolveQuery(snapshot.catalog, query);
  const { total, facets } = countFacetsRemembered(snapshot, { ...resolved, dealerZips: resolved.dealerZipFilter });
  const totalPages = Math.ceil(total / SEARCH_PAGE_SIZE);
  // A page past the end shows the last one, so an old link still lands on results.
  const page = Math.max(1, Math.min(resolved.page, totalPages));
  const rows =
    total > 0
      ? await listPage(db, filterConditions(tenant, resolved), sortPlan(resolved), (page - 1) * SEARCH_PAGE_SIZE)
      : [];
  return {
    vehicles: rows.map((row) => toCard(row, resolved.distances)),
    total,
    page,
    pageSize: SEARCH_PAGE_SIZE,
    totalPages,
    sort: resolved.sort,
    query: appliedQuery(resolved, page),
    facets,
  };
}
