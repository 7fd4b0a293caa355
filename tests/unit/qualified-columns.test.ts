import { getTableColumns, is, SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { cardColumns } from '#server/inventory/cards';
import { vehicles } from '#server/db/schema';

// Issue 29 point 5, for every card field written as SQL: in a one-table select drizzle writes a
// column inside a select field as its bare name, which a subquery over another table with the
// same column (photo_jobs.tenant_id) silently reads as its own. Search and similar vehicles
// select the card from vehicles alone, so each such field must name the vehicles table itself.

const COLUMN_NAMES = Object.values(getTableColumns(vehicles)).map((column) => column.name);

function bareColumns(text: string): string[] {
  return COLUMN_NAMES.filter((name) => new RegExp(`(?<![.\\w])"${name}"(?!\\.)`).test(text));
}

describe('the card columns', () => {
  const fields = Object.entries(cardColumns).filter(([, field]) => is(field, SQL) || is(field, SQL.Aliased));

  it('include the cover photo, a subquery over photo_jobs', () => {
    expect(fields.map(([name]) => name)).toContain('coverPhoto');
  });

  it.each(fields)(
    '%s names the vehicles table for every column it reads, even in a one-table select',
    (name, field) => {
      const { sql } = new QueryBuilder()
        .select({ [name]: field })
        .from(vehicles)
        .toSQL();
      expect(sql).toMatch(/"vehicles"\."\w+"/);
      expect(bareColumns(sql)).toEqual([]);
    },
  );
});
