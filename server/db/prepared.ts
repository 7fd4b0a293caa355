import type { Db } from './client';

// Prepared statements (decision 083): a query a page makes is built once per database, with
// sql.placeholder() for what changes, and then only executed: drizzle's query building was
// about a fifth of the request thread's time on a page. On PostgreSQL each carries a name, so
// every pooled connection parses and plans it once too.

/** `build(db)` once per database (tests open several), its result kept for the next call. */
export function preparedOnce<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}
