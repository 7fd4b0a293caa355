// The suggestions catalogue of a tenant: the distinct year/make/model/trim combinations of the
// listed stock with their counts, built from the inventory snapshot (snapshot.ts) and rebuilt
// with it. It answers three needs:
// - suggestions (some ten thousand phrases at 100,000 vehicles, matched in about a millisecond),
// - the canonical spelling of a make, model or trim typed in any case,
// - the tenant's few dealer zips, for the distance filter and sort.
import type { Suggestion } from '../../app/lib/contract/inventory';

/** Suggestion levels, most general first; the ranking keeps this order. */
const LEVELS = ['make', 'model', 'trim', 'yearModel', 'yearTrim'] as const;
type Level = (typeof LEVELS)[number];

export type Phrase = {
  level: number;
  title: string;
  /** Lower-case words of the title; hyphenated words also count by their parts (CR-V: cr-v, cr, v). */
  words: string[];
  /** For year phrases: the words without the year, so a year phrase shows only when the year is typed. */
  wordsWithoutYear: string[] | null;
  count: number;
  suggestion: Suggestion;
};

export type Catalog = {
  makes: Map<string, string>;
  models: Map<string, string>;
  trims: Map<string, string>;
  dealerZips: string[];
  /** Sorted: level, then stock count (most first), then title. */
  phrases: Phrase[];
  /**
   * Word prefixes of one to PREFIX_LENGTH characters → the phrases (indexes into `phrases`,
   * ascending, so in rank order) with a word that starts with it. A typed word picks its list,
   * and only those phrases are matched: a few hundred instead of every phrase.
   */
  byPrefix: Map<string, number[]>;
};

export const PREFIX_LENGTH = 3;

export type CatalogRow = { year: number; make: string; model: string; trim: string; count: number };

const key = (...parts: string[]) => parts.map((part) => part.toLowerCase()).join('\u0000');

export function phraseWords(title: string): string[] {
  const words: string[] = [];
  for (const word of title.toLowerCase().split(/\s+/)) {
    if (!word) continue;
    words.push(word);
    if (word.includes('-')) for (const part of word.split('-')) if (part) words.push(part);
  }
  return words;
}

export function buildCatalog(rows: CatalogRow[], dealerZips: readonly string[]): Catalog {
  const makes = new Map<string, string>();
  const models = new Map<string, string>();
  const trims = new Map<string, string>();
  const phrases = new Map<string, Phrase>();

  function addPhrase(
    level: Level,
    parts: { year?: number; make: string; model?: string; trim?: string },
    count: number,
  ) {
    const title = [parts.year, parts.make, parts.model, parts.trim].filter((part) => part !== undefined).join(' ');
    const id = `${level}:${title.toLowerCase()}`;
    const existing = phrases.get(id);
    if (existing) {
      existing.count += count;
      return;
    }
    const suggestion: Suggestion = { title, make: parts.make };
    if (parts.model) suggestion.model = parts.model;
    if (parts.trim) suggestion.trim = parts.trim;
    if (parts.year !== undefined) {
      suggestion.yearMin = parts.year;
      suggestion.yearMax = parts.year;
    }
    phrases.set(id, {
      level: LEVELS.indexOf(level),
      title,
      words: phraseWords(title),
      wordsWithoutYear: parts.year === undefined ? null : phraseWords(title.slice(String(parts.year).length + 1)),
      count,
      suggestion,
    });
  }

  for (const row of rows) {
    makes.set(key(row.make), row.make);
    models.set(key(row.make, row.model), row.model);
    trims.set(key(row.make, row.model, row.trim), row.trim);
    addPhrase('make', { make: row.make }, row.count);
    addPhrase('model', { make: row.make, model: row.model }, row.count);
    addPhrase('trim', { make: row.make, model: row.model, trim: row.trim }, row.count);
    addPhrase('yearModel', { year: row.year, make: row.make, model: row.model }, row.count);
    addPhrase('yearTrim', { year: row.year, make: row.make, model: row.model, trim: row.trim }, row.count);
  }
  const sorted = [...phrases.values()].sort(
    (a, b) => a.level - b.level || b.count - a.count || a.title.localeCompare(b.title),
  );
  const byPrefix = new Map<string, number[]>();
  sorted.forEach((phrase, index) => {
    const prefixes = new Set<string>();
    for (const word of phrase.words)
      for (let length = 1; length <= Math.min(PREFIX_LENGTH, word.length); length++)
        prefixes.add(word.slice(0, length));
    for (const prefix of prefixes) {
      const list = byPrefix.get(prefix);
      if (list) list.push(index);
      else byPrefix.set(prefix, [index]);
    }
  });
  const zips = [...new Set(dealerZips.filter((zip) => /^\d{5}$/.test(zip)))].sort();
  return { makes, models, trims, dealerZips: zips, phrases: sorted, byPrefix };
}

/** The stock's own spelling of a make (model, trim) typed in any case; the input when unknown. */
export function canonicalMake(catalog: Catalog, make: string): string {
  return catalog.makes.get(key(make)) ?? make;
}
export function canonicalModel(catalog: Catalog, make: string, model: string): string {
  return catalog.models.get(key(make, model)) ?? model;
}
export function canonicalTrim(catalog: Catalog, make: string, model: string, trim: string): string {
  return catalog.trims.get(key(make, model, trim)) ?? trim;
}
