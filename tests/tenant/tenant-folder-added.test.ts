import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { projectRoot } from '~/lib/shared/project-root.server';
import { getTenants, liveTenants } from '~/lib/shared/tenant/tenants.server';

// Adding a tenant is adding a folder (issue 34 point 3): a running process serves a folder added
// after it started, without a restart, and a folder that does not read yet (half copied) leaves
// the tenants it had in place until it does.

let dir: string;
const previous = process.env.TENANTS_DIR;

function copyTenant(id: string, change: (config: Record<string, unknown>) => void): void {
  const folder = path.join(dir, id);
  cpSync(path.join(projectRoot, 'tenants', 'lakeview'), folder, { recursive: true });
  const file = path.join(folder, 'config.json');
  const config = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  change(config);
  writeFileSync(file, JSON.stringify(config));
}

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'showroom-tenants-live-'));
  cpSync(path.join(projectRoot, 'tenants', 'default'), path.join(dir, 'default'), { recursive: true });
  process.env.TENANTS_DIR = dir;
  vi.useFakeTimers({ toFake: ['Date'] });
});

afterEach(() => {
  vi.useRealTimers();
  if (previous === undefined) delete process.env.TENANTS_DIR;
  else process.env.TENANTS_DIR = previous;
  rmSync(dir, { recursive: true, force: true });
});

describe('a tenant folder added while the process runs', () => {
  it('is served for its domain within two seconds, through the registry the app keeps', () => {
    const live = liveTenants();
    expect(live.forHost('cars.example.com').id).toBe('default');

    copyTenant('harbor', (config) => {
      config.brandName = 'Harbor Autos';
      config.domains = ['cars.example.com'];
    });
    // Within the look-again window the last read still answers.
    expect(live.forHost('cars.example.com').id).toBe('default');
    vi.setSystemTime(Date.now() + 2_500);
    expect(live.forHost('CARS.example.com:443').brandName).toBe('Harbor Autos');
    expect(getTenants().all.map((tenant) => tenant.id)).toEqual(['default', 'harbor']);
  });

  it('keeps the tenants it had while a new folder does not read, and serves it once it does', () => {
    const live = liveTenants();
    expect(live.all).toHaveLength(1);
    copyTenant('harbor', (config) => {
      config.domains = ['cars.example.com'];
    });
    const file = path.join(dir, 'harbor', 'config.json');
    const complete = readFileSync(file, 'utf8');
    writeFileSync(file, complete.slice(0, 40)); // half written
    vi.setSystemTime(Date.now() + 2_500);
    expect(live.all.map((tenant) => tenant.id)).toEqual(['default']);
    expect(live.forHost('cars.example.com').id).toBe('default');

    writeFileSync(file, complete);
    vi.setSystemTime(Date.now() + 2_500);
    expect(live.forHost('cars.example.com').id).toBe('harbor');
  });
});
