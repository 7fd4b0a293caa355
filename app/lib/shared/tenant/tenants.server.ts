import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { logger } from '../logger.server';
import { projectRoot } from '../project-root.server';
import { tenantConfigSchema, type Tenant } from './schema';

export class TenantConfigError extends Error {
  override name = 'TenantConfigError';
}

export type TenantRegistry = {
  all: Tenant[];
  byId: Map<string, Tenant>;
  defaultTenant: Tenant;
  /** Picks the tenant for a Host header; unknown hosts get the default tenant. */
  forHost(host: string | null | undefined): Tenant;
  folder(tenantId: string): string;
};

/** TENANTS_DIR points a deployment (or a test) at another tenants folder. */
export function defaultTenantsDir(): string {
  return process.env.TENANTS_DIR ? path.resolve(process.env.TENANTS_DIR) : path.join(projectRoot, 'tenants');
}

const TENANT_ID = /^[a-z0-9][a-z0-9-]{0,40}$/;

function readTenant(dir: string, id: string): Tenant {
  const file = path.join(dir, id, 'config.json');
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new TenantConfigError(
      `${file}: cannot be read as JSON (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  const parsed = tenantConfigSchema.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw new TenantConfigError(`${file}: invalid tenant configuration\n${issues.join('\n')}`);
  }
  for (const [field, name] of Object.entries(parsed.data.images)) {
    if (name && !statSync(path.join(dir, id, name), { throwIfNoEntry: false })?.isFile()) {
      throw new TenantConfigError(`${file}: images.${field}: file ${name} is not in the tenant folder`);
    }
  }
  return { ...parsed.data, id };
}

/** Reads every tenant folder once; a bad file stops start-up with its name and field. */
export function loadTenants(dir = defaultTenantsDir()): TenantRegistry {
  const ids = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .sort();
  for (const id of ids) {
    if (!TENANT_ID.test(id)) throw new TenantConfigError(`${path.join(dir, id)}: folder name must be a lower-case id`);
  }
  const all = ids.map((id) => readTenant(dir, id));
  const defaults = all.filter((tenant) => tenant.isDefault);
  if (defaults.length !== 1) {
    throw new TenantConfigError(`${dir}: exactly one tenant must have isDefault true (found ${defaults.length})`);
  }
  const byHost = new Map<string, Tenant>();
  for (const tenant of all) {
    for (const domain of tenant.domains) {
      const owner = byHost.get(domain);
      if (owner) {
        throw new TenantConfigError(
          `${path.join(dir, tenant.id, 'config.json')}: domains: ${domain} is already used by tenant ${owner.id}`,
        );
      }
      byHost.set(domain, tenant);
    }
  }
  const defaultTenant = defaults[0]!;
  return {
    all,
    byId: new Map(all.map((tenant) => [tenant.id, tenant])),
    defaultTenant,
    forHost(host) {
      const name = (host ?? '')
        .toLowerCase()
        .replace(/:\d+$/, '')
        .replace(/^\[|\]$/g, '');
      return byHost.get(name) ?? defaultTenant;
    },
    folder: (tenantId) => path.join(dir, tenantId),
  };
}

/** How long one read of the tenant folders answers before the folder list is looked at again. */
const LOOK_AGAIN_MS = 2_000;

let current: { registry: TenantRegistry; dir: string; listed: number; lookedAt: number; failed?: number } | undefined;

function listedAt(dir: string): number {
  return statSync(dir).mtimeMs;
}

/**
 * The tenants of this process. Adding a tenant is adding a folder (decision 080): at most every
 * two seconds the tenants folder's own change time is looked at, and when a folder was added or
 * removed the registry is read again, so a new tenant is served without a restart. A folder that
 * does not read (half copied, or a mistake) leaves the last good registry in place and is
 * logged; at start-up it stops the process with the file and field (server/index.ts).
 */
export function getTenants(): TenantRegistry {
  const now = Date.now();
  const dir = defaultTenantsDir();
  if (current?.dir === dir && now - current.lookedAt < LOOK_AGAIN_MS) return current.registry;
  if (!current || current.dir !== dir) {
    const listed = listedAt(dir);
    current = { registry: loadTenants(dir), dir, listed, lookedAt: now };
    return current.registry;
  }
  current.lookedAt = now;
  let listed: number;
  try {
    listed = listedAt(dir);
  } catch {
    return current.registry;
  }
  if (listed === current.listed) return current.registry;
  try {
    current = { registry: loadTenants(dir), dir, listed, lookedAt: now };
  } catch (error) {
    // Read again at the next look (a folder being copied reads once it is complete); say so once.
    if (current.failed !== listed) {
      current.failed = listed;
      logger.warn({ err: error }, 'tenants: a tenant folder could not be read; the last good tenants stay in use');
    }
  }
  return current.registry;
}

export function getTenantForRequest(request: Request): Tenant {
  return getTenants().forHost(request.headers.get('host'));
}

/**
 * A registry that always answers from the latest read of the tenant folders: what the process
 * hands to code that keeps it for its lifetime (the Express app, the in-process API), so a tenant
 * folder added while running is served without a restart.
 */
export function liveTenants(): TenantRegistry {
  return {
    get all() {
      return getTenants().all;
    },
    get byId() {
      return getTenants().byId;
    },
    get defaultTenant() {
      return getTenants().defaultTenant;
    },
    forHost: (host) => getTenants().forHost(host),
    folder: (tenantId) => getTenants().folder(tenantId),
  };
}
