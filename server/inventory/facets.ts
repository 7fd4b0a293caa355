// Facet counts and the total, counted over the tenant's snapshot (snapshot.ts) in one pass.
// Each facet counts the vehicles that match every other filter, so choosing a body style does
// not hide the other body styles' counts (make, model and trim go together: the make facet
// ignores all three, the model facet the model and trim); the total and the year and price
// ranges count the vehicles that match all filters. A chosen value is listed even at 0.
import {
  BODY_STYLES,
  COLOR_NAMES,
  VEHICLE_TYPES,
  type FacetValue,
  type SearchFacets,
  type SearchQuery,
} from '../../app/lib/contract/inventory';
import type { Snapshot } from './snapshot';

/** The filters, spelled as the stock spells them; `dealerZips` is the distance filter's zips, if any. */
export type FacetFilters = Pick<
  SearchQuery,
  | 'make'
  | 'model'
  | 'trim'
  | 'yearMin'
  | 'yearMax'
  | 'priceMin'
  | 'priceMax'
  | 'mileageMax'
  | 'type'
  | 'bodyStyle'
  | 'color'
> & { dealerZips: readonly string[] | null };

/** A lookup table: flags[id] is 1 when the value with that id is chosen (or nothing is chosen). */
function chosen(values: readonly string[], selected: readonly string[]): Uint8Array {
  const flags = new Uint8Array(values.length);
  values.forEach((value, id) => {
    flags[id] = selected.length === 0 || selected.includes(value) ? 1 : 0;
  });
  return flags;
}

function facetList(
  names: readonly string[],
  counts: Int32Array,
  selected: readonly string[],
  order?: readonly string[],
): FacetValue[] {
  const byValue = new Map<string, number>();
  names.forEach((name, id) => {
    if (counts[id]! > 0) byValue.set(name, (byValue.get(name) ?? 0) + counts[id]!);
  });
  for (const value of selected) if (!byValue.has(value)) byValue.set(value, 0);
  const rank = (value: string) => {
    const index = order ? order.indexOf(value) : -1;
    return index === -1 ? Number.MAX_SAFE_INTEGER : index;
  };
  return [...byValue]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([value, count]) => ({ value, count }));
}

export function countFacets(
  snapshot: Omit<Snapshot, 'version'>,
  filters: FacetFilters,
): { total: number; facets: SearchFacets } {
  const { size, models, trims } = snapshot;
  // -1: no filter; -2: a value the stock does not have (nothing matches it).
  const makeId =
    filters.make === undefined
      ? -1
      : snapshot.makes.indexOf(filters.make) === -1
        ? -2
        : snapshot.makes.indexOf(filters.make);
  const modelId =
    filters.model === undefined
      ? -1
      : (() => {
          const id = models.findIndex((model) => model.make === makeId && model.name === filters.model);
          return id === -1 ? -2 : id;
        })();
  const trimId =
    filters.trim === undefined
      ? -1
      : (() => {
          const id = trims.findIndex((trim) => trim.model === modelId && trim.name === filters.trim);
          return id === -1 ? -2 : id;
        })();
  const typeOk = chosen(snapshot.types, filters.type);
  const bodyOk = chosen(snapshot.bodies, filters.bodyStyle);
  const colorOk = chosen(snapshot.colors, filters.color);
  // Unlike the lists above, an empty distance filter means no dealer is near enough.
  const zipFilter = filters.dealerZips !== null;
  const zipOk = Uint8Array.from(snapshot.zips, (zip) => (filters.dealerZips?.includes(zip) ? 1 : 0));
  const MIN = -2_147_483_648;
  const MAX = 2_147_483_647;
  const yearMin = filters.yearMin ?? MIN;
  const yearMax = filters.yearMax ?? MAX;
  // Whole dollars as the cards round them: $40,000.49 shows as $40,000.
  const priceMin = filters.priceMin === undefined ? MIN : filters.priceMin * 100 - 50;
  const priceMax = filters.priceMax === undefined ? MAX : filters.priceMax * 100 + 49;
  const mileageMax = filters.mileageMax ?? MAX;

  const makeCounts = new Int32Array(snapshot.makes.length);
  const modelCounts = new Int32Array(models.length);
  const bodyCounts = new Int32Array(snapshot.bodies.length);
  const typeCounts = new Int32Array(snapshot.types.length);
  const colorCounts = new Int32Array(snapshot.colors.length);
  let total = 0;
  let yearLow = MAX;
  let yearHigh = MIN;
  let priceLow = MAX;
  let priceHigh = MIN;

  // Locals, not property reads, inside the loop: it runs once per listed vehicle.
  const {
    year: years,
    priceCents: prices,
    mileage: mileages,
    zip: zips,
    make: makes,
    model: modelOf,
    trim: trimOf,
  } = snapshot;
  const { type: typeOf, body: bodyOf, color: colorOf } = snapshot;
  for (let i = 0; i < size; i++) {
    const year = years[i]!;
    const price = prices[i]!;
    if (year < yearMin || year > yearMax || price < priceMin || price > priceMax || mileages[i]! > mileageMax) continue;
    if (zipFilter && zipOk[zips[i]!] === 0) continue;
    const model = modelOf[i]!;
    const make = makes[i]!;
    const isMake = makeId === -1 || make === makeId;
    // A trim belongs to its model: the make and model facets count without it.
    const isModel = (modelId === -1 || model === modelId) && (trimId === -1 || trimOf[i] === trimId);
    const type = typeOf[i]!;
    const body = bodyOf[i]!;
    const color = colorOf[i]!;
    const isType = typeOk[type] === 1;
    const isBody = bodyOk[body] === 1;
    const isColor = colorOk[color] === 1;
    if (isType && isBody && isColor) {
      makeCounts[make]! += 1;
      if (isMake) modelCounts[model]! += 1;
    }
    if (!isMake || !isModel) continue;
    if (isType && isColor) bodyCounts[body]! += 1;
    if (isBody && isColor) typeCounts[type]! += 1;
    if (isType && isBody) colorCounts[color]! += 1;
    if (isType && isBody && isColor) {
      total += 1;
      if (year < yearLow) yearLow = year;
      if (year > yearHigh) yearHigh = year;
      if (price < priceLow) priceLow = price;
      if (price > priceHigh) priceHigh = price;
    }
  }

  const modelNames = models.map((model) => (model.make === makeId ? model.name : ''));
  return {
    total,
    facets: {
      make: facetList(snapshot.makes, makeCounts, filters.make ? [filters.make] : []),
      model:
        filters.make === undefined
          ? []
          : facetList(modelNames, modelCounts, filters.model ? [filters.model] : []).filter(
              (facet) => facet.value !== '',
            ),
      bodyStyle: facetList(snapshot.bodies, bodyCounts, filters.bodyStyle, BODY_STYLES),
      type: facetList(snapshot.types, typeCounts, filters.type, VEHICLE_TYPES),
      color: facetList(snapshot.colors, colorCounts, filters.color, COLOR_NAMES),
      year: total > 0 ? { min: yearLow, max: yearHigh } : null,
      price: total > 0 ? { min: Math.round(priceLow / 100), max: Math.round(priceHigh / 100) } : null,
    },
  };
}

type Counted = ReturnType<typeof countFacets>;
const MEMO_ENTRIES = 256;
const memo = new WeakMap<object, Map<string, Counted>>();

/**
 * countFacets, remembered per snapshot for the most recent filter combinations: the default
 * listing and popular filters cost nothing after the first shopper. A new snapshot starts a
 * new memory. The answer is shared between requests: never change it.
 */
export function countFacetsRemembered(snapshot: Omit<Snapshot, 'version'>, filters: FacetFilters): Counted {
  let entries = memo.get(snapshot);
  if (!entries) {
    entries = new Map();
    memo.set(snapshot, entries);
  }
  const key = JSON.stringify([
    filters.make,
    filters.model,
    filters.trim,
    filters.yearMin,
    filters.yearMax,
    filters.priceMin,
    filters.priceMax,
    filters.mileageMax,
    filters.type,
    filters.bodyStyle,
    filters.color,
    filters.dealerZips,
  ]);
  let counted = entries.get(key);
  if (counted) {
    entries.delete(key);
  } else {
    counted = countFacets(snapshot, filters);
    if (entries.size >= MEMO_ENTRIES) entries.delete(entries.keys().next().value as string);
  }
  entries.set(key, counted);
  return counted;
}
