// Tenants and a pinned clock for the data-layer tests. The tenants are built from the default
// tenant's config file with their own ids, zips and limits, so the tests do not depend on
// other tenant folders.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../../app/lib/shared/project-root.server';
import type { Tenant, TenantConfig } from '../../app/lib/shared/tenant/schema';

const defaultConfig = JSON.parse(
  readFileSync(path.join(projectRoot, 'tenants/default/config.json'), 'utf8'),
) as TenantConfig;

function tenant(id: string, changes: Partial<TenantConfig>): Tenant {
  return { ...defaultConfig, ...changes, id };
}

/** 21 November 2026, noon UTC: model years 2026 and 2027 are the new ones. */
export const NOW = new Date('2026-11-21T12:00:00.000Z');

export const TENANTS: Tenant[] = [
  tenant('default', {
    isDefault: true,
    brandName: 'Showroom',
    address: { street: '500 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' },
  }),
  tenant('north', {
    isDefault: false,
    brandName: 'North Test Motors',
    address: { street: '100 Hennepin Ave', city: 'Minneapolis', state: 'MN', zip: '55401' },
  }),
  // Tight limits, and a zip without a curated neighbour list.
  tenant('compact', {
    isDefault: false,
    brandName: 'Compact Cars Test',
    address: { street: '1 Main St', city: 'Springfield', state: 'IL', zip: '62701' },
    inventory: { mileageLimit: 60_000, ageLimit: 8 },
  }),
];

export function tenantById(id: string): Tenant {
  const found = TENANTS.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no test tenant ${id}`);
  return found;
}
