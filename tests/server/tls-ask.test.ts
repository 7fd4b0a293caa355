import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '~/lib/shared/project-root.server';
import { tlsAsk } from '#server/http/tls-ask';

// Issue 34 point 3: Caddy's on-demand TLS asks GET /internal/tls-ask?domain=<host> before it gets
// a certificate. 200 only for a host a tenant folder lists; a folder added while the process runs
// counts from the next question on (no restart). Real tenant folders (a copy of tenants/), real HTTP.

let dir = '';
let server: Server;
let base = '';

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'showroom-tls-ask-'));
  cpSync(path.join(projectRoot, 'tenants'), dir, { recursive: true });
  const app = express();
  app.get('/internal/tls-ask', tlsAsk({ tenantsDir: dir }));
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const ask = (domain: string) => fetch(`${base}/internal/tls-ask?domain=${encodeURIComponent(domain)}`);
const lakeview = JSON.parse(readFileSync(path.join(projectRoot, 'tenants/lakeview/config.json'), 'utf8')) as {
  domains: string[];
};

describe('GET /internal/tls-ask', () => {
  it('answers 200 for a host a tenant lists', async () => {
    expect((await ask(lakeview.domains[0]!)).status).toBe(200);
  });

  it('answers 404 for a host no tenant lists, and for no host at all', async () => {
    expect((await ask('evil.example.com')).status).toBe(404);
    expect((await ask(`x.${lakeview.domains[0]}`)).status).toBe(404);
    expect((await fetch(`${base}/internal/tls-ask`)).status).toBe(404);
    expect((await ask('')).status).toBe(404);
  });

  it('reads a host with a port, or in upper case, as the host', async () => {
    expect((await ask(`${lakeview.domains[0]}:443`)).status).toBe(200);
    expect((await ask(lakeview.domains[0]!.toUpperCase())).status).toBe(200);
    expect((await ask('EVIL.example.com:443')).status).toBe(404);
  });

  it('picks up a tenant folder added while it runs, without a restart', async () => {
    expect((await ask('cars.example.com')).status).toBe(404);
    cpSync(path.join(dir, 'lakeview'), path.join(dir, 'harbor'), { recursive: true });
    const config = JSON.parse(readFileSync(path.join(dir, 'harbor/config.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(path.join(dir, 'harbor/config.json'), JSON.stringify({ ...config, domains: ['cars.example.com'] }));
    // One read of the folders answers for at most 2 s.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect((await ask('cars.example.com')).status).toBe(200);
    expect((await ask(lakeview.domains[0]!)).status).toBe(200);
  });
});
