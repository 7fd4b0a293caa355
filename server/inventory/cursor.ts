// The keyset cursor of a search page (issue 17 point 6): the sort and the sort-key values of the
// row a page starts after (or before), as URL-safe text the next/previous links carry. It says
// nothing the page does not show (prices, mileage, years, a listing time and a row id), and a
// cursor that does not read back for the current sort is ignored: the page is read by number.
import type { SearchSort } from '../../app/lib/contract/inventory';

export type CursorValue = string | number;
export type Cursor = { sort: SearchSort; values: CursorValue[] };

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, ...cursor.values])).toString('base64url');
}

/** The cursor, or null when the text is not one of `sort` with values that pass `valid`. */
export function decodeCursor(
  text: string,
  sort: SearchSort,
  valid: (values: readonly unknown[]) => values is CursorValue[],
): Cursor | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed[0] !== sort) return null;
  const values = parsed.slice(1);
  return valid(values) ? { sort, values } : null;
}
