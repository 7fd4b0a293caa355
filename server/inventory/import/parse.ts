// A feed file as records: CSV (a header row naming the columns, csv.ts) or JSON (an array
// of objects, or `{ "vehicles": [...] }`), each record keyed by the feed's column names.
import { CsvError, parseCsv } from './csv';
import { columnOf, type FeedColumn } from './feed-row';

export type FeedFormat = 'csv' | 'json';
export type FeedRecord = Partial<Record<FeedColumn, unknown>>;
/**
 * The feed's records, built one at a time when asked for (`record(i)`, 0-based): a CSV of
 * 100,000 rows is kept as its cells, and each record object lives only while its batch is
 * checked, which keeps the heap (and the garbage collector's work) small.
 */
export type ParsedFeed = { count: number; record(index: number): FeedRecord; unknownColumns: string[] };

export class FeedFormatError extends Error {}

/** CSV or JSON: as told, else by the first character (JSON starts with `[` or `{`). */
export function detectFormat(text: string, hint?: string | null): FeedFormat {
  const told = hint?.toLowerCase() ?? '';
  if (told.includes('json')) return 'json';
  if (told.includes('csv')) return 'csv';
  const first = text.trimStart()[0];
  return first === '[' || first === '{' ? 'json' : 'csv';
}

function keyed(entries: [string, unknown][], unknown: Set<string>): FeedRecord {
  const record: FeedRecord = {};
  for (const [key, value] of entries) {
    const column = columnOf(key);
    if (column) record[column] = value;
    else unknown.add(key);
  }
  return record;
}

export function parseFeed(text: string, format: FeedFormat): ParsedFeed {
  const unknown = new Set<string>();
  if (format === 'json') {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new FeedFormatError('The feed is not valid JSON');
    }
    const rows = Array.isArray(body) ? body : (body as { vehicles?: unknown })?.vehicles;
    if (!Array.isArray(rows)) throw new FeedFormatError('A JSON feed is an array of vehicles or { "vehicles": [...] }');
    const records = rows.map((row) =>
      row && typeof row === 'object' && !Array.isArray(row) ? keyed(Object.entries(row), unknown) : {},
    );
    return { count: records.length, record: (index) => records[index]!, unknownColumns: [...unknown] };
  }
  let rows: string[][];
  try {
    rows = parseCsv(text);
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    throw new FeedFormatError(`The feed is not valid CSV: ${error.message}`);
  }
  const [header, ...data] = rows;
  if (!header) return { count: 0, record: () => ({}), unknownColumns: [] };
  const columns = header.map((name) => {
    const column = columnOf(name);
    if (!column) unknown.add(name);
    return column;
  });
  if (!columns.includes('vin')) throw new FeedFormatError('The CSV header has no VIN column');
  const record = (index: number): FeedRecord => {
    const cells = data[index]!;
    const built: FeedRecord = {};
    for (let column = 0; column < columns.length; column += 1) {
      const name = columns[column];
      if (name) built[name] = cells[column];
    }
    return built;
  };
  return { count: data.length, record, unknownColumns: [...unknown] };
}
