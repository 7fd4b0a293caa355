import { sql, type Column, type SQL } from 'drizzle-orm';

/**
 * A column named with its table, whatever the query. Drizzle writes `${table.column}` inside a
 * select field of a one-table select as the bare column name ("tenant_id"); in a raw subquery
 * over another table with the same column, PostgreSQL then binds it to the inner table, so
 * `p.tenant_id = "tenant_id"` compared photo_jobs with itself (issue 29 point 5). Every raw
 * fragment that reaches into the outer row names it through this.
 */
export function qualified(column: Column): SQL {
  return sql`${column.table}.${sql.identifier(column.name)}`;
}
