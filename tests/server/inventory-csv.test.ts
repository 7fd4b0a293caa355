import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { CsvError, parseCsv } from '#server/inventory/import/csv';
import { FeedFormatError, parseFeed } from '#server/inventory/import/parse';

// The feed's own CSV reader (docs/decisions/037), which replaced csv-parse for speed: it must
// read what csv-parse read, with the options the import used, and refuse what it refused.

const CSV_PARSE_OPTIONS = { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true };

describe('reading a feed CSV', () => {
  it('reads quoted cells, doubled quotes, line breaks in quotes, any line ending, a BOM and ragged rows', () => {
    expect(parseCsv('\ufeffvin,price\r\n"A1","$31,995"\r\n')).toEqual([
      ['vin', 'price'],
      ['A1', '$31,995'],
    ]);
    expect(parseCsv('a,b\n"he said ""hi""","two\nlines"\n\n\n  x  ,  "  kept  "  \n1\n1,2,3')).toEqual([
      ['a', 'b'],
      ['he said "hi"', 'two\nlines'],
      ['x', '  kept  '],
      ['1'],
      ['1', '2', '3'],
    ]);
    expect(parseCsv('a,b\r1,\r,\r""')).toEqual([['a', 'b'], ['1', ''], ['', ''], ['']]);
    expect(parseCsv('')).toEqual([]);
  });

  it('reads the sample feed and a generated one cell for cell as csv-parse did', () => {
    const sample = readFileSync(path.join(process.cwd(), 'docs/samples/inventory-feed.csv'), 'utf8');
    const generated = Array.from(
      { length: 200 },
      (_, index) => `V${index}, "Camry, SE" ,"$${index},000",a|b,"say ""${index}"""`,
    ).join('\r\n');
    for (const text of [sample, generated]) expect(parseCsv(text)).toEqual(parse(text, CSV_PARSE_OPTIONS));
  });

  it('refuses a quote never closed, text after a closing quote and a quote inside a cell, naming the line', () => {
    expect(() => parseCsv('vin\n"A1\n')).toThrow(new CsvError('a quote opened on line 2 is never closed'));
    expect(() => parseCsv('vin\n\n"A1"x\n')).toThrow(new CsvError('line 3 has text after a closing quote'));
    expect(() => parseCsv('vin\nA"1\n')).toThrow(new CsvError('line 2 has a quote inside an unquoted cell'));
    expect(() => parseFeed('vin\n"A1', 'csv')).toThrow(
      new FeedFormatError('The feed is not valid CSV: a quote opened on line 2 is never closed'),
    );
  });
});
