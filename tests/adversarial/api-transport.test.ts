import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, api, startServer, type RunningServer } from './support/server';

// The built server's signed-in pages over both API transports (decision 071): with the API in
// memory (the default for the built-in backend) a page makes no HTTP request to the API,
// whether it renders on the request thread (RENDER_THREADS=0) or on a render thread; with
// SHOWROOM_API_TRANSPORT=http it calls the API over loopback as before. The shopper sees the
// same pages either way, and the HTTP API still answers outside clients.

type Setup = { name: string; env: Record<string, string> };

const SETUPS: Setup[] = [
  { name: 'in memory, render thread', env: { RENDER_THREADS: '1' } },
  { name: 'in memory, request thread', env: { RENDER_THREADS: '0' } },
  { name: 'over HTTP, render thread', env: { RENDER_THREADS: '1', SHOWROOM_API_TRANSPORT: 'http' } },
];

/** The log's request lines for API paths, since `from` characters into the output. */
function apiRequestLines(output: string, from: number): { path: string; transport?: string }[] {
  return output
    .slice(from)
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { message?: string; path?: string; transport?: string })
    .filter((entry) => entry.message === 'request' && /^\/(api|public)\//.test(entry.path ?? ''))
    .map(({ path, transport }) => ({ path: path!, transport }));
}

/** What the shopper reads: the page's text without markup, scripts or per-answer values. */
function visibleText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const pagesSeen = new Map<string, Map<string, string>>();

for (const setup of SETUPS) {
  describe(`signed-in pages, API ${setup.name}`, () => {
    let server: RunningServer;
    let cookie: string;
    let vin: string;

    beforeAll(async () => {
      server = await startServer('pglite', { ...setup.env, LOG_LEVEL: 'info' });
      const signIn = await fetch(`${server.baseUrl}/sign-in`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.baseUrl },
        body: new URLSearchParams({ 'signin-email': DEMO.email, 'signin-password': DEMO.password, intent: 'password' }),
      });
      cookie = signIn.headers
        .getSetCookie()
        .map((line) => line.split(';')[0])
        .join('; ');
      expect(cookie).toMatch(/showroom_session=/);
      const search = await api(server, '/api/inventory/search?sort=price-asc');
      vin = String((search.body.data as { vehicles: { vin: string }[] }).vehicles[0]!.vin);
      // Its request line is written after the answer, maybe late on a busy machine: waited for, so
      // the test's count of API calls starts after it.
      const logged = () =>
        apiRequestLines(server.output(), 0).some(
          (line) => line.path === '/api/inventory/search' && line.transport === undefined,
        );
      for (let waited = 0; !logged() && waited < 5_000; waited += 50)
        await new Promise((resolve) => setTimeout(resolve, 50));
    }, 180_000);

    afterAll(async () => {
      await server?.stop();
    });

    it('renders the landing, search, vehicle and orders pages with the API calls going where the setup says', async () => {
      const from = server.output().length;
      const pages = new Map<string, string>();
      for (const path of ['/', '/search?make=Toyota', `/vehicles/${vin}`, '/account/orders']) {
        const page = await fetch(`${server.baseUrl}${path}`, { headers: { cookie, accept: 'text/html' } });
        expect(page.status, path).toBe(200);
        const html = await page.text();
        // Signed in: the account menu greets the demo shopper.
        expect(html, path).toContain('Dana');
        pages.set(path.replace(vin, ':vin'), visibleText(html));
      }
      // The log line of a request is written once its answer is sent: give the last one a moment.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const lines = apiRequestLines(server.output(), from);
      const overHttp = lines.filter((line) => line.transport === undefined);
      const inMemory = lines.filter((line) => line.transport === 'in-process');
      if (setup.env.SHOWROOM_API_TRANSPORT === 'http') {
        expect(overHttp.length).toBeGreaterThan(4);
        expect(inMemory).toEqual([]);
      } else {
        expect(overHttp).toEqual([]);
        expect(inMemory.length).toBeGreaterThan(4);
      }
      pagesSeen.set(setup.name, pages);
      process.stdout.write(
        `[api transport] ${setup.name}: 4 signed-in pages, ${overHttp.length} API calls over HTTP, ${inMemory.length} in memory\n`,
      );
    });

    it('shows the shopper the same pages as the other setups', () => {
      const first = pagesSeen.values().next().value;
      expect(first).toBeDefined();
      expect(pagesSeen.get(setup.name)).toEqual(first);
    });

    it('still answers an outside client over HTTP, refusals included', async () => {
      const vehicle = await api(server, `/api/inventory/vehicles/${vin}`);
      expect(vehicle.status).toBe(200);
      expect(vehicle.body.data).toMatchObject({ vin });
      expect((await api(server, '/api/identity/me', { token: 'forged' })).status).toBe(401);
      expect((await api(server, '/api/identity/me', { tenant: 'nobody' })).body.error?.code).toBe(
        'error.tenant.unknown',
      );
    });
  });
}
