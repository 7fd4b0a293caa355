import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTenants } from '~/lib/shared/tenant/tenants.server';
import { vehicles } from '#server/db/schema';
import { importFeed } from '#server/inventory/import/import-feed';
import { getJson } from './inventory-fixtures';
import { startHarness, type Harness } from './harness';

// Issue 35 point 5: feeds as dealers' systems write them. A North American VIN with a wrong
// check digit is refused (1FTFW1E50PF900003), a NEW vehicle with 28,000 miles is taken and
// flagged in the report, and a negative price is refused saying it is negative. Makers' paint
// names are taken as written and mapped to a colour family; a name no family fits is Other.

const SAMPLE = readFileSync(path.join(process.cwd(), 'docs/samples/inventory-feed.csv'), 'utf8');
const [HEADER, FIRST] = SAMPLE.trim().split('\n') as [string, string];
const TENANT = getTenants().byId.get('northside')!;

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness.close();
});

/** The sample's first row with some cells changed (by column name). */
function row(changes: Record<string, string>): string {
  const names = HEADER.split(',');
  // The sample's quoted cells ("$44,500") hold commas: split on commas outside quotes.
  const cells = FIRST.match(/("[^"]*"|[^,]*)(,|$)/g)!.map((cell) => cell.replace(/,$/, ''));
  for (const [name, value] of Object.entries(changes)) cells[names.indexOf(name)] = value;
  return cells.slice(0, names.length).join(',');
}

const run = (...rows: string[]) =>
  importFeed(harness.database.db, TENANT, [HEADER, ...rows].join('\n'), { format: 'csv', mode: 'partial' });

describe('a dealer feed', () => {
  it('refuses a North American VIN whose check digit is wrong, and takes one that is right', async () => {
    const report = await run(row({ VIN: '1FTFW1E50PF900003' }), row({ VIN: '1HGCM82633A004352' }));
    expect(report.accepted).toBe(1);
    expect(report.problems).toEqual([
      { row: 1, column: 'vin', reason: expect.stringContaining('wrong check digit') as string },
    ]);
  });

  it('takes a NEW vehicle with 28,000 miles and flags it in the report', async () => {
    const report = await run(row({ VIN: '5TDGZRBHXNA700100', Mileage: '28000', Type: 'NEW' }));
    expect(report.accepted).toBe(1);
    expect(report.warnings).toEqual([
      { row: 1, column: 'mileage', reason: expect.stringContaining('a NEW vehicle with 28,000 miles') as string },
    ]);
  });

  it('says a negative price is negative', async () => {
    const report = await run(row({ VIN: '5TDGZRBHXNA700100', Price: '-2500' }));
    expect(report.rejected).toBe(1);
    expect(report.problems[0]).toMatchObject({
      column: 'price',
      reason: expect.stringContaining('cannot be negative'),
    });
  });

  it('takes makers’ paint names, keeps them for display and files each under its colour family, unknown ones under Other', async () => {
    const rows = {
      '1HGCM82633A004352': ['Blueprint', 'blue', null],
      '5TDGZRBHXNA700100': ['Gun Metallic', 'gray', null],
      '1FTFW1E52LA700102': ['Sparkle', 'other', null],
      '1HGCV1F3XMA700101': ['Soul Red Crystal/Jet Black', 'red', 'black'],
    } as const;
    const report = await run(...Object.entries(rows).map(([vin, [name]]) => row({ VIN: vin, Colors: name })));
    expect(report).toMatchObject({ accepted: 4, rejected: 0, problems: [] });
    for (const [vin, [name, primary, secondary]] of Object.entries(rows)) {
      const [stored] = await harness.database.db
        .select()
        .from(vehicles)
        .where(and(eq(vehicles.tenantId, TENANT.id), eq(vehicles.vin, vin)));
      expect([stored!.colorName, stored!.primaryColor, stored!.secondaryColor]).toEqual([
        name.replace('/', ' / '),
        primary,
        secondary,
      ]);
    }
    // The shopper reads the dealer's name on the vehicle page; the filters find the family.
    const page = await getJson(harness, '/api/inventory/vehicles/5TDGZRBHXNA700100', TENANT.id);
    expect((page.body as { data: { specs: { exteriorColor: string } } }).data.specs.exteriorColor).toBe('Gun Metallic');
    const gray = await getJson(harness, '/api/inventory/search?color=gray', TENANT.id);
    const grayVins = (gray.body as { data: { vehicles: Array<{ vin: string }> } }).data.vehicles.map((v) => v.vin);
    expect(grayVins).toContain('5TDGZRBHXNA700100');
    const other = await getJson(harness, '/api/inventory/search?color=other', TENANT.id);
    const otherVins = (other.body as { data: { vehicles: Array<{ vin: string }> } }).data.vehicles.map((v) => v.vin);
    expect(otherVins).toEqual(['1FTFW1E52LA700102']);
  });

  it('still asks for a colour when the cell is empty', async () => {
    const report = await run(row({ VIN: '1HGCM82633A004352', Colors: '' }));
    expect(report.problems).toEqual([{ row: 1, column: 'colors', reason: 'is required' }]);
  });
});
