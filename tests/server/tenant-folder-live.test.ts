import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isBuilt, projectDir, startBuiltServer, type BuiltServer } from '../support/built-server';

// Issue 34 point 3: adding a tenant is adding a folder, and a running process serves it without
// a restart (its certificate already needed none: /internal/tls-ask reads the folders). The built
// process starts on a copy of the tenants folder; a folder added while it runs is served for its
// domain within seconds, and the tenants it had are served as before.

function page(port: number, host: string): Promise<string> {
  // fetch() sends its own Host header; node:http sends the one given.
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/', headers: { host } }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve(body));
      })
      .on('error', reject);
  });
}

describe.skipIf(!isBuilt)(
  `a tenant folder added to a running process${isBuilt ? '' : ' (skipped: no build, npm run build)'}`,
  () => {
    const scratch = mkdtempSync(path.join(os.tmpdir(), 'showroom-live-tenants-'));
    const tenants = path.join(scratch, 'tenants');
    let server: BuiltServer | undefined;

    beforeAll(async () => {
      cpSync(path.join(projectDir, 'tenants'), tenants, { recursive: true });
      server = await startBuiltServer(
        { DATABASE_URL: '', SEED_VEHICLES: '20', TENANTS_DIR: tenants },
        { readyWithinMs: 180_000 },
      );
    }, 200_000);

    afterAll(async () => {
      await server?.stop();
      rmSync(scratch, { recursive: true, force: true });
    }, 60_000);

    it('is served for its domain without a restart', async () => {
      const port = server!.port;
      expect(await page(port, 'cars.example.com')).not.toContain('Harbor Autos');

      const folder = path.join(tenants, 'harbor');
      cpSync(path.join(projectDir, 'tenants', 'lakeview'), folder, { recursive: true });
      const file = path.join(folder, 'config.json');
      const config = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      config.brandName = 'Harbor Autos';
      config.domains = ['cars.example.com'];
      writeFileSync(file, JSON.stringify(config));

      let html = '';
      const until = Date.now() + 15_000;
      while (Date.now() < until && !html.includes('Harbor Autos')) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        html = await page(port, 'cars.example.com');
      }
      expect(html).toContain('Harbor Autos');
      // The tenants it had are served as before.
      expect(await page(port, 'localhost')).not.toContain('Harbor Autos');
    }, 60_000);
  },
);
