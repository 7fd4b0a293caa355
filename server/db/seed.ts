import type { Tenant } from '../../app/lib/tenant/schema';
import type { Db } from '../db/client';

export type SeedOptions = { vehicles: number; tenants: Tenant[] };

/** Seeds demo data when the database has never been seeded. (Being written: see the seed task.) */
export async function seedIfEmpty(_db: Db, _options: SeedOptions): Promise<{ vehicles: number; ms: number } | null> {
  return null;
}
