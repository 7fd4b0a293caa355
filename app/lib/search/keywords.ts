import {
  BODY_STYLES,
  COLOR_NAMES,
  type BodyStyle,
  type ColorName,
  type SearchQuery,
  type VehicleType,
} from '~/lib/contract/inventory';

// Keywords a shopper types that are filters, not names (issue 18): colours, body styles,
// conditions and model years. "red suv" is the red SUVs; "used 2021 civic" is used 2021s
// whose remaining words ("civic") find a make and model through the suggestions.

const BODY_STYLE_WORDS: Record<string, BodyStyle> = {
  ...Object.fromEntries(BODY_STYLES.map((style) => [style, style])),
  ...Object.fromEntries(BODY_STYLES.map((style) => [`${style}s`, style])),
  suvs: 'suv',
  pickup: 'truck',
  pickups: 'truck',
  van: 'minivan',
  vans: 'minivan',
  cabriolet: 'convertible',
  hatch: 'hatchback',
  estate: 'wagon',
};

const COLOR_WORDS: Record<string, ColorName> = {
  // "other" in the keywords is a word, not the Other colour family.
  ...Object.fromEntries(COLOR_NAMES.filter((color) => color !== 'other').map((color) => [color, color])),
  grey: 'gray',
  tan: 'beige',
  gold: 'yellow',
};

const CONDITION_WORDS: Record<string, VehicleType> = {
  new: 'NEW',
  used: 'USED',
  'pre-owned': 'USED',
  preowned: 'USED',
  certified: 'CPO',
  cpo: 'CPO',
};

export type KeywordFilters = Pick<SearchQuery, 'type' | 'bodyStyle' | 'color'> & { yearMin?: number; yearMax?: number };

/** The filter words taken out of the keywords, and the words left for the suggestions. */
export function readKeywordFilters(
  text: string,
  currentYear = new Date().getUTCFullYear(),
): { filters: KeywordFilters; rest: string; found: boolean } {
  const filters: KeywordFilters = { type: [], bodyStyle: [], color: [] };
  const rest: string[] = [];
  let found = false;
  for (const word of text.trim().split(/\s+/).filter(Boolean)) {
    const lower = word.toLowerCase().replace(/[.,;!?]+$/, '');
    const color = COLOR_WORDS[lower];
    const body = BODY_STYLE_WORDS[lower];
    const condition = CONDITION_WORDS[lower];
    const year = /^(19|20)\d{2}$/.test(lower) ? Number(lower) : null;
    if (color) {
      if (!filters.color.includes(color)) filters.color.push(color);
    } else if (body) {
      if (!filters.bodyStyle.includes(body)) filters.bodyStyle.push(body);
    } else if (condition) {
      if (!filters.type.includes(condition)) filters.type.push(condition);
    } else if (year !== null && year >= 1980 && year <= currentYear + 1) {
      filters.yearMin = Math.min(filters.yearMin ?? year, year);
      filters.yearMax = Math.max(filters.yearMax ?? year, year);
    } else {
      rest.push(word);
      continue;
    }
    found = true;
  }
  return { filters, rest: rest.join(' '), found };
}
