// A feed file as records: CSV (a header row naming the columns, csv-parse) or JSON (an array
// of objects, or `{ "vehicles": [...] }`), each record keyed by the feed's column names.
//
// A CSV is parsed in slices (issue 29 point 4, decision 069): the text goes to csv-parse's stream
// 16 KB at a time, and the event loop gets a turn between slices, so a feed of 50 MB never holds
// the thread that answers /healthz and shoppers; a row longer than MAX_CSV_RECORD_CHARS (a file
// that is not a CSV, or one without line breaks) stops the parse at once with a clear message.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { CsvError, parse } from 'csv-parse';
import { columnOf, type FeedColumn } from './feed-row';

export type FeedFormat = 'csv' | 'json';
export type FeedRecord = Partial<Record<FeedColumn, unknown>>;
/**
 * The feed's records, built one at a time when asked for (`record(i)`, 0-based): a CSV of
 * 100,000 rows is kept as its cells, and each record object lives only while its batch is
 * checked, which keeps the heap (and the garbage collector's work) small.
 */
export type ParsedFeed = { count: number; record(index: number): FeedRecord; unknownColumns(): string[] };

/** A CSV row is at most this many characters (40 photo URLs and a long options list are under 20,000). */
export const MAX_CSV_RECORD_CHARS = 1024 * 1024;
/**
 * A JSON feed is parsed in one piece on the request thread (JSON.parse has no slices): 5.3 MB of
 * vehicles parse in 22 ms here, 8 MiB in about 35 ms, so nothing larger holds /healthz longer;
 * larger feeds come as CSV, which is read in slices (issue 29 point 4).
 */
export const MAX_JSON_FEED_BYTES = 8 * 1024 * 1024;
/**
 * The CSV goes to the parser this much at a time (characters of a string, bytes of a body), the
 * event loop turning between: csv-parse takes a few milliseconds for 16 KB on a busy machine.
 */
const CSV_SLICE_BYTES = 16 * 1024;

export class FeedFormatError extends Error {}

/** CSV or JSON: as told, else by the first character (JSON starts with `[` or `{`). */
export function detectFormat(text: string, hint?: string | null): FeedFormat {
  const told = hint?.toLowerCase() ?? '';
  if (told.includes('json')) return 'json';
  if (told.includes('csv')) return 'csv';
  const first = text.trimStart()[0];
  return first === '[' || first === '{' ? 'json' : 'csv';
}

/**
 * A feed's text, whole (the command line's file) or as it arrives (an HTTP body, parsed while
 * it is received: a CSV never sits in memory as one 50 MB string).
 */
export type FeedSource = string | AsyncIterable<Buffer>;

async function wholeText(source: FeedSource, maxBytes: number, tooLarge: string): Promise<string> {
  if (typeof source === 'string') {
    if (Buffer.byteLength(source) > maxBytes) throw new FeedFormatError(tooLarge);
    return source;
  }
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of source) {
    bytes += chunk.length;
    // Read on to the end (the connection stays usable), keeping nothing past the limit.
    if (bytes <= maxBytes) chunks.push(chunk);
  }
  if (bytes > maxBytes) throw new FeedFormatError(tooLarge);
  return Buffer.concat(chunks).toString('utf8');
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

/** The text in slices of at most CSV_SLICE_BYTES, the event loop turning between them. */
async function* slices(source: FeedSource): AsyncGenerator<Buffer | string> {
  const pieces = typeof source === 'string' ? [source] : source;
  let first = true;
  for await (const piece of pieces) {
    for (let offset = 0; offset < piece.length; offset += CSV_SLICE_BYTES) {
      if (!first) await nextTurn();
      first = false;
      yield typeof piece === 'string'
        ? piece.slice(offset, offset + CSV_SLICE_BYTES)
        : piece.subarray(offset, offset + CSV_SLICE_BYTES);
    }
  }
}

async function parseCsv(source: FeedSource): Promise<string[][]> {
  const rows: string[][] = [];
  const parser = parse({
    bom: true,
    skip_empty_lines: true,
    relax_column_count: true,
    trim: true,
    max_record_size: MAX_CSV_RECORD_CHARS,
    // Named, not discovered: csv-parse looks for the line break again from the start of the
    // unfinished row at every slice until it finds one, which takes seconds on one long line.
    record_delimiter: ['\r\n', '\n', '\r'],
  });
  try {
    await pipeline(Readable.from(slices(source)), parser, async (records: AsyncIterable<string[]>) => {
      for await (const record of records) {
        // The header decides at once whether the rest is worth reading.
        if (rows.length === 0 && !record.some((name) => columnOf(name) === 'vin'))
          throw new FeedFormatError('The CSV header has no VIN column');
        rows.push(record);
      }
    });
  } catch (error) {
    // Anything else (the body too large, the sender gone) is the caller's to answer.
    if (!(error instanceof CsvError)) throw error;
    if (error.code === 'CSV_MAX_RECORD_SIZE')
      throw new FeedFormatError(
        `The feed is not valid CSV: a row is longer than ${MAX_CSV_RECORD_CHARS} characters (line ${(error as CsvError & { lines?: number }).lines ?? 1})`,
      );
    throw new FeedFormatError(`The feed is not valid CSV: ${error.message}`);
  }
  return rows;
}

export async function parseFeed(source: FeedSource, format: FeedFormat): Promise<ParsedFeed> {
  const unknown = new Set<string>();
  if (format === 'json') {
    const text = await wholeText(
      source,
      MAX_JSON_FEED_BYTES,
      `A JSON feed may be at most ${MAX_JSON_FEED_BYTES / 1024 / 1024} MB: send a larger one as CSV, which is read in slices`,
    );
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new FeedFormatError('The feed is not valid JSON');
    }
    const rows: unknown = Array.isArray(body) ? body : (body as { vehicles?: unknown })?.vehicles;
    if (!Array.isArray(rows)) throw new FeedFormatError('A JSON feed is an array of vehicles or { "vehicles": [...] }');
    // Each record is keyed when asked for (the import checks them in slices).
    const record = (index: number): FeedRecord => {
      const row: unknown = rows[index];
      return row && typeof row === 'object' && !Array.isArray(row) ? keyed(Object.entries(row), unknown) : {};
    };
    return { count: rows.length, record, unknownColumns: () => [...unknown] };
  }
  const [header, ...data] = await parseCsv(source);
  if (!header) return { count: 0, record: () => ({}), unknownColumns: () => [] };
  const columns = header.map((name) => {
    const column = columnOf(name);
    if (!column) unknown.add(name);
    return column;
  });
  const record = (index: number): FeedRecord => {
    const cells = data[index]!;
    const built: FeedRecord = {};
    for (let column = 0; column < columns.length; column += 1) {
      const name = columns[column];
      if (name) built[name] = cells[column];
    }
    return built;
  };
  return { count: data.length, record, unknownColumns: () => [...unknown] };
}
