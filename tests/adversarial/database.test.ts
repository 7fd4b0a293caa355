import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, postgresAvailable, probe, startServer, waitFor, type RunningServer } from './support/server';

// The process outlives its database: a killed backend connection (what a PostgreSQL restart,
// a failover or a proxy's idle timeout does) and a database out of reach for a while. Only
// this test's own database's connections are touched (filtered by datname).

const postgres = await postgresAvailable();

/** A TCP relay to PostgreSQL that the test can cut and restore, standing for the network or the server. */
function relay(port: number) {
  let server: net.Server | null = null;
  const sockets = new Set<net.Socket>();
  const open = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(5432, '127.0.0.1');
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => {});
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => resolve());
    });
  const cut = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (!server) return resolve();
      server.close(() => resolve());
      server = null;
    });
  return { open, cut };
}

describe.skipIf(!postgres)('adversarial: the database goes away (PostgreSQL)', () => {
  let server: RunningServer;
  let proxy: ReturnType<typeof relay>;

  beforeAll(async () => {
    const port = await freePort();
    proxy = relay(port);
    await proxy.open();
    server = await startServer(
      'postgres',
      {},
      {
        databaseUrl: (url) => {
          const through = new URL(url);
          through.port = String(port);
          return through.toString();
        },
      },
    );
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    await proxy?.cut();
  });

  it('survives pg_terminate_backend on its connections and answers again at once', async () => {
    expect(await probe(`${server.baseUrl}/search`, 10_000)).toBe(200);
    const killed = await server.postgres!.admin(
      `select pg_terminate_backend(pid) as killed from pg_stat_activity where datname = '${server.postgres!.name}' and pid <> pg_backend_pid()`,
    );
    expect(killed.rows.length).toBeGreaterThan(0);
    const started = Date.now();
    const recoveredMs = await waitFor(async () => (await probe(`${server.baseUrl}/search`, 5_000)) === 200, 30_000);
    expect(server.exitCode()).toBeNull();
    expect(await probe(`${server.baseUrl}/healthz`)).toBe(200);
    process.stdout.write(
      `[adversarial postgres] pg_terminate_backend on ${killed.rows.length} connection(s): process alive, pages answer again after ${recoveredMs} ms (${Date.now() - started} ms to the health check)\n`,
    );
  });

  it('answers 503 (branded page, /healthz, /readyz) while the database is out of reach, and resumes without a restart', async () => {
    await proxy.cut();
    await waitFor(async () => (await probe(`${server.baseUrl}/readyz`)) === 503, 20_000, 100);
    const page = await fetch(`${server.baseUrl}/search`, { headers: { accept: 'text/html' } });
    const html = await page.text();
    expect(page.status).toBe(503);
    expect(page.headers.get('retry-after')).toBeTruthy();
    expect(html).toContain('Showroom');
    expect(html).not.toMatch(/\n\s+at |node_modules/);
    expect(await probe(`${server.baseUrl}/healthz`, 5_000)).toBe(503);
    const api = await fetch(`${server.baseUrl}/api/inventory/search`, { headers: { 'x-tenant-id': 'default' } });
    expect(api.status).toBe(503);
    expect(((await api.json()) as { error: { code: string } }).error.code).toBe('error.server.unavailable');
    expect(server.exitCode()).toBeNull();

    await proxy.open();
    const back = Date.now();
    const readyMs = await waitFor(async () => (await probe(`${server.baseUrl}/readyz`)) === 200, 30_000, 50);
    const pageMs = await waitFor(async () => (await probe(`${server.baseUrl}/search`, 5_000)) === 200, 30_000, 50);
    expect(server.exitCode()).toBeNull();
    process.stdout.write(
      `[adversarial postgres] database out of reach: pages 503, /healthz 503; back after ${readyMs} ms (/readyz), pages 200 after ${Date.now() - back} ms (${pageMs} ms more)\n`,
    );
  });
});
