// Search-box suggestions (seed 000 §4.5, §5; seed 001 §9): at most 10, matched
// case-insensitively on word prefixes over "year make model trim" phrases, so 'acc',
// 'hon acc' and 'accord hon' all find Honda Accord. Each typed word must start a different
// word of the phrase. General phrases come first (make, then model, then trim), then by how
// many vehicles they cover; a phrase with a year shows only when the year was typed.
import { SUGGESTIONS_LIMIT, SUGGESTION_QUERY_MAX_LENGTH, type Suggestion } from '../../app/lib/contract/inventory';
import type { Tenant } from '../../app/lib/shared/tenant/schema';
import type { Db } from '../db/client';
import { PREFIX_LENGTH, type Catalog } from './catalog';
import { getSnapshot } from './snapshot';

const MAX_TOKENS = 6;

/** The typed words, lower case; empty for a blank or overlong query. */
export function suggestionTokens(q: string): string[] {
  const text = q.trim().toLowerCase();
  if (!text || text.length > SUGGESTION_QUERY_MAX_LENGTH) return [];
  // Longest first: they match fewer words, so the assignment below fails early.
  return text
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, MAX_TOKENS)
    .sort((a, b) => b.length - a.length);
}

/**
 * True when every token starts a different word: a small backtracking assignment, with the
 * words already taken kept as bits (phrases have far fewer than 31 words).
 */
export function tokensMatch(tokens: readonly string[], words: readonly string[]): boolean {
  if (tokens.length > words.length || words.length > 30) return false;
  return assign(tokens, words, 0, 0);
}

function assign(tokens: readonly string[], words: readonly string[], index: number, used: number): boolean {
  if (index === tokens.length) return true;
  const token = tokens[index]!;
  for (let w = 0; w < words.length; w++) {
    if ((used & (1 << w)) !== 0 || !words[w]!.startsWith(token)) continue;
    if (assign(tokens, words, index + 1, used | (1 << w))) return true;
  }
  return false;
}

export function suggestFromCatalog(catalog: Catalog, q: string, limit = SUGGESTIONS_LIMIT): Suggestion[] {
  const tokens = suggestionTokens(q);
  if (tokens.length === 0) return [];
  // Only phrases with a word starting like the rarest typed word can match.
  let candidates: number[] | undefined;
  for (const token of tokens) {
    const list = catalog.byPrefix.get(token.slice(0, PREFIX_LENGTH)) ?? [];
    if (!candidates || list.length < candidates.length) candidates = list;
  }
  const out: Suggestion[] = [];
  for (const index of candidates ?? []) {
    const phrase = catalog.phrases[index]!;
    if (!tokensMatch(tokens, phrase.words)) continue;
    if (phrase.wordsWithoutYear && tokensMatch(tokens, phrase.wordsWithoutYear)) continue;
    out.push(phrase.suggestion);
    if (out.length >= limit) break;
  }
  return out;
}

export async function suggest(db: Db, tenant: Tenant, q: string): Promise<Suggestion[]> {
  if (suggestionTokens(q).length === 0) return [];
  return suggestFromCatalog((await getSnapshot(db, tenant)).catalog, q);
}
