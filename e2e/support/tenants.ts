import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { TenantConfig } from '../../app/lib/shared/tenant/schema';
import { fillTenantText } from '../../app/lib/shared/tenant/text';
import { E2E_PORT } from './env';

// The demo tenants as the tests see them: their config.json read from tenants/<id>/, and
// the origin each one answers on (Chromium resolves *.localhost to the loopback address).

export const DEMO_TENANTS = ['default', 'northside', 'lakeview'] as const;
export type DemoTenantId = (typeof DEMO_TENANTS)[number];

const cache = new Map<string, TenantConfig>();

/** tenants/<id>/config.json, read when a test asks for it (a missing tenant fails only its own tests). */
export function tenantConfig(id: DemoTenantId): TenantConfig {
  let config = cache.get(id);
  if (!config) {
    config = JSON.parse(readFileSync(path.join(process.cwd(), 'tenants', id, 'config.json'), 'utf8')) as TenantConfig;
    cache.set(id, config);
  }
  return config;
}

/** http://localhost:PORT for the default tenant, http://<its first domain>:PORT for the others. */
export function tenantOrigin(id: DemoTenantId): string {
  const domains = tenantConfig(id).domains;
  const host = id === 'default' || domains.includes('localhost') ? 'localhost' : domains[0];
  return `http://${host}:${E2E_PORT}`;
}

export function tenantUrl(id: DemoTenantId, pathname = '/'): string {
  return `${tenantOrigin(id)}${pathname}`;
}

/** A tenant text with {tenantName}, {legalName} and {phone} filled in, as the page shows it. */
export function tenantText(id: DemoTenantId, template: string): string {
  return fillTenantText(template, tenantConfig(id));
}

/** #1d5e3a as getComputedStyle reports it: rgb(29, 94, 58). */
export function hexToRgb(hex: string): string {
  const value = hex.replace('#', '');
  const [r, g, b] = [0, 2, 4].map((start) => parseInt(value.slice(start, start + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

export function isExternalHref(href: string): boolean {
  return /^https?:\/\//i.test(href);
}
