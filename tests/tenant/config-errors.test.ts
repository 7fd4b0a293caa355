import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { projectRoot } from '~/lib/shared/project-root.server';
import { TenantConfigError, loadTenants } from '~/lib/shared/tenant/tenants.server';

// A bad tenant folder must stop start-up with a message that names the file and the field,
// so whoever edits a config.json knows where to look. Each case builds a tenants folder
// under the system temp directory from a copy of the real default tenant.

type Json = Record<string, unknown>;

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'showroom-tenants-'));
  addTenant('default');
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Copies tenants/default to <dir>/<id>, then lets the test change its config. */
function addTenant(id: string, change?: (config: Json) => void): string {
  const folder = path.join(dir, id);
  cpSync(path.join(projectRoot, 'tenants', 'default'), folder, { recursive: true });
  if (change) editConfig(id, change);
  return path.join(folder, 'config.json');
}

function editConfig(id: string, change: (config: Json) => void): void {
  const file = path.join(dir, id, 'config.json');
  const config = JSON.parse(readFileSync(file, 'utf8')) as Json;
  change(config);
  writeFileSync(file, JSON.stringify(config, null, 2));
}

function configFile(id: string): string {
  return path.join(dir, id, 'config.json');
}

/** The error loadTenants() throws for the current folder. */
function loadError(): TenantConfigError {
  try {
    loadTenants(dir);
  } catch (error) {
    expect(error).toBeInstanceOf(TenantConfigError);
    return error as TenantConfigError;
  }
  throw new Error('loadTenants() accepted a bad tenants folder');
}

describe('loadTenants() with a bad tenants folder', () => {
  it('accepts the untouched copy (the fixtures start from a valid tenant)', () => {
    expect(loadTenants(dir).defaultTenant.id).toBe('default');
  });

  it('names the file and the field for a wrong colour', () => {
    editConfig('default', (config) => {
      (config.theme as Json).primary = 'blue';
    });
    const { message } = loadError();
    expect(message).toContain(configFile('default'));
    expect(message).toContain('theme.primary: must be a colour like #1a2b3c');
  });

  it('names the file and the field for a missing field', () => {
    editConfig('default', (config) => {
      delete config.supportEmail;
    });
    const { message } = loadError();
    expect(message).toContain(configFile('default'));
    expect(message).toMatch(/^\s+supportEmail: /m);
  });

  it('names the full path of a missing nested field', () => {
    editConfig('default', (config) => {
      delete ((config.texts as Json).pages as Json).faq;
    });
    const { message } = loadError();
    expect(message).toContain(configFile('default'));
    expect(message).toMatch(/^\s+texts\.pages\.faq: /m);
  });

  it('names the file and the field for an unknown extra field', () => {
    editConfig('default', (config) => {
      config.brandColour = '#ff0000';
    });
    const { message } = loadError();
    expect(message).toContain(configFile('default'));
    expect(message).toContain('brandColour');
  });

  it('names the file for a config.json that is not JSON', () => {
    writeFileSync(configFile('default'), '{ "brandName": "Showroom",');
    const { message } = loadError();
    expect(message).toContain(configFile('default'));
    expect(message).toContain('cannot be read as JSON');
  });

  it('names the file and the image field for an image that is not in the folder', () => {
    editConfig('default', (config) => {
      (config.images as Json).hero = 'missing-hero.svg';
    });
    const { message } = loadError();
    expect(message).toContain(configFile('default'));
    expect(message).toContain('images.hero: file missing-hero.svg is not in the tenant folder');
  });

  it('names the field for an image name that points outside the folder', () => {
    editConfig('default', (config) => {
      (config.images as Json).logo = '../northside/logo.svg';
    });
    const { message } = loadError();
    expect(message).toContain(configFile('default'));
    expect(message).toContain('images.logo');
  });

  it('rejects two default tenants, naming isDefault', () => {
    addTenant('second', (config) => {
      config.domains = ['second.localhost'];
    });
    const { message } = loadError();
    expect(message).toContain(dir);
    expect(message).toContain('isDefault');
    expect(message).toContain('found 2');
  });

  it('rejects a folder without a default tenant', () => {
    editConfig('default', (config) => {
      config.isDefault = false;
    });
    expect(loadError().message).toContain('exactly one tenant must have isDefault true (found 0)');
  });

  it('names the file and the field for a domain two tenants claim', () => {
    addTenant('second', (config) => {
      config.isDefault = false;
      config.domains = ['second.localhost', 'localhost'];
    });
    const { message } = loadError();
    expect(message).toContain(configFile('second'));
    expect(message).toContain('domains: localhost is already used by tenant default');
  });

  it('names the field for an upper-case domain', () => {
    editConfig('default', (config) => {
      config.domains = ['LocalHost'];
    });
    expect(loadError().message).toMatch(/domains\.0: must be a lower-case host name/);
  });

  it.each([['Bad_Name'], ['-leading-dash'], ['UPPER']])('names the folder %s when it is not a lower-case id', (id) => {
    addTenant(id, (config) => {
      config.isDefault = false;
      config.domains = ['other.localhost'];
    });
    const { message } = loadError();
    expect(message).toContain(path.join(dir, id));
    expect(message).toContain('folder name must be a lower-case id');
  });

  it('ignores hidden folders such as .git', () => {
    addTenant('.drafts', (config) => {
      config.brandColour = 'not even valid';
    });
    expect(loadTenants(dir).all.map((tenant) => tenant.id)).toEqual(['default']);
  });
});
