import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUGGESTIONS_LIMIT, suggestionsResponseSchema, type Suggestion } from '~/lib/contract/inventory';
import { startHarness, type Harness } from './harness';
import { getJson, insertDefaultStock, insertNorthsideStock, insertVehicle } from './inventory-fixtures';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
  await insertDefaultStock(harness.database);
  await insertNorthsideStock(harness.database);
  // Lakeview: a dozen Kia models, so a one-letter query has more than ten answers.
  const models = [
    'K5',
    'Forte',
    'Soul',
    'Seltos',
    'Sportage',
    'Sorento',
    'Telluride',
    'Carnival',
    'Niro',
    'EV6',
    'EV9',
    'Stinger',
  ];
  for (const [index, model] of models.entries()) {
    await insertVehicle(harness.database, {
      tenantId: 'lakeview',
      make: 'Kia',
      model,
      priceCents: 2_000_000 + index * 100_000,
    });
  }
});
afterAll(async () => {
  await harness.close();
});

async function suggest(q: string, tenantId = 'default'): Promise<Suggestion[]> {
  const { status, body } = await getJson(harness, `/api/inventory/suggestions?q=${encodeURIComponent(q)}`, tenantId);
  expect(status).toBe(200);
  return suggestionsResponseSchema.parse(body).data;
}

const titles = (suggestions: Suggestion[]) => suggestions.map((suggestion) => suggestion.title);

describe('GET /api/inventory/suggestions', () => {
  it('matches the start of a word, in any case, and answers the query each title stands for', async () => {
    const found = await suggest('ACC');
    expect(found[0]).toEqual({ title: 'Honda Accord', make: 'Honda', model: 'Accord' });
    expect(titles(found)).toEqual(['Honda Accord', 'Honda Accord EX-L']);
    expect(found[1]).toEqual({ title: 'Honda Accord EX-L', make: 'Honda', model: 'Accord', trim: 'EX-L' });
  });

  it('matches several words, each to a different word of the phrase, in any order', async () => {
    expect(titles(await suggest('hon acc'))[0]).toBe('Honda Accord');
    expect(titles(await suggest('accord honda'))[0]).toBe('Honda Accord');
    expect(titles(await suggest('honda honda'))).toEqual([]);
  });

  it('does not match inside a word', async () => {
    expect(await suggest('cord')).toEqual([]);
    expect(await suggest('onda')).toEqual([]);
  });

  it('puts makes before models before trims, more stock first', async () => {
    expect(titles(await suggest('to'))).toEqual([
      'Toyota',
      'Toyota Camry',
      'Toyota RAV4',
      'Honda CR-V Touring',
      'Toyota Camry LE',
      'Toyota Camry XSE',
      'Toyota RAV4 Limited',
      'Toyota RAV4 XLE',
    ]);
  });

  it('reads hyphenated names by their parts too', async () => {
    expect(titles(await suggest('f-1'))).toContain('Ford F-150');
    expect(titles(await suggest('150'))).toContain('Ford F-150');
    expect(titles(await suggest('cr v'))[0]).toBe('Honda CR-V');
  });

  it('offers a model year once a year is typed', async () => {
    const found = await suggest('2021 acc');
    expect(found[0]).toEqual({
      title: '2021 Honda Accord',
      make: 'Honda',
      model: 'Accord',
      yearMin: 2021,
      yearMax: 2021,
    });
    expect(titles(await suggest('acc')).some((title) => /^\d/.test(title))).toBe(false);
  });

  it(`answers at most ${SUGGESTIONS_LIMIT}`, async () => {
    const found = await suggest('k', 'lakeview');
    expect(found).toHaveLength(SUGGESTIONS_LIMIT);
    expect(found[0]!.title).toBe('Kia');
  });

  it.each(['', '   ', '\t', 'x'.repeat(101)])('answers a blank or overlong query with nothing (%j)', async (q) => {
    expect(await suggest(q)).toEqual([]);
  });

  it('answers a missing q with nothing', async () => {
    const { status, body } = await getJson(harness, '/api/inventory/suggestions');
    expect(status).toBe(200);
    expect(body).toEqual({ data: [] });
  });

  it('never suggests sold, deleted or out-of-limit vehicles', async () => {
    expect(await suggest('civic')).toEqual([]);
    expect(await suggest('corolla')).toEqual([]);
    expect(await suggest('bronco')).toEqual([]);
    expect(await suggest('tacoma')).toEqual([]);
  });

  it('keeps tenants apart', async () => {
    expect(await suggest('sub')).toEqual([]);
    expect(titles(await suggest('sub', 'northside'))[0]).toBe('Subaru');
  });
});
