import http from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { defineRoutes } from '@remix-run/dev/dist/config/routes.js';
import { and, eq, notInArray } from 'drizzle-orm';
import { TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remixOptions } from '../../remix.config.js';
import { openDatabase, type Database } from '#server/db/client';
import { documents, leads, orders, privacyRequests, tradeInOffers, users, vehicles } from '#server/db/schema';
import { DEMO_SHOPPER, DEMO_STAFF } from '#server/db/seed-data/scenarios';
import { insertPendingTradeIn } from './harness';
import { isBuilt, projectDir, signInDemoShopper, startBuiltServer, type BuiltServer } from '../support/built-server';
import { createThrowawayPostgres, isPostgresAvailable } from '../support/test-db';

// Issue 33, "Done when": staff of one tenant get 404 for another tenant's every desk URL, and a
// shopper's session opens no desk page. The API half is tests/server/desk-api.test.ts; this is
// the pages' half, on the built server over real HTTP with real cookies. Every desk page is taken
// from the route files (a new one is covered without a change here), its params filled with ids
// of the default tenant's records, and asked for by northside's signed-in desk staff (at
// northside's host and, its cookie carried by hand, at default's) and by default's shopper.

const NORTHSIDE_HOST = 'northside.localhost';
/** The pages anyone may open: they show a sign-in form or send to it, never a record. */
const PUBLIC_PAGES = new Set(['/desk/sign-in', '/desk/sign-in/code', '/desk/sign-out']);

type Route = { id: string; path: string; file: string; hasAction: boolean };

/** Every route whose URL starts with /desk, as remix-flat-routes reads app/routes for the build. */
function deskRoutes(): Route[] {
  const manifest = remixOptions.routes!(defineRoutes) as Record<
    string,
    { id: string; path?: string; parentId?: string; file: string }
  >;
  const fullPath = (id: string | undefined): string => {
    const route = id ? manifest[id] : undefined;
    if (!route) return '';
    return [fullPath(route.parentId), route.path ?? ''].filter(Boolean).join('/');
  };
  return Object.values(manifest)
    .map((route) => {
      const source = readFileSync(path.join(projectDir, 'app', route.file), 'utf8');
      return {
        id: route.id,
        path: `/${fullPath(route.id)}`,
        file: route.file,
        hasAction: /export\s+(async\s+)?(function|const)\s+action\b/.test(source),
      };
    })
    .filter((route) => route.path === '/desk' || route.path.startsWith('/desk/'));
}

type Answer = { status: number; location: string | null; setCookie: string[]; body: string };

/** A page request with the Host header of the tenant asked for (fetch would not send one of ours). */
function page(
  base: string,
  host: string,
  pathname: string,
  options: { cookie?: string; form?: Record<string, string> } = {},
): Promise<Answer> {
  const url = new URL(base);
  const body = options.form ? new URLSearchParams(options.form).toString() : undefined;
  const hostHeader = `${host}:${url.port}`;
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        hostname: url.hostname,
        port: url.port,
        path: pathname,
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          host: hostHeader,
          accept: 'text/html',
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...(body === undefined
            ? {}
            : { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${hostHeader}` }),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            location: response.headers.location ?? null,
            setCookie: response.headers['set-cookie'] ?? [],
            body: text,
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const cookiesOf = (answer: Answer) => answer.setCookie.map((line) => line.split(';')[0]!).join('; ');

/** The tenant's demo staff member signed in through the desk's own pages at its host: the desk cookie. */
async function signInStaff(base: string, host: string): Promise<string> {
  const password = await page(base, host, '/desk/sign-in', {
    form: { email: DEMO_STAFF.email, password: DEMO_STAFF.password },
  });
  expect(password.location).toBe('/desk/sign-in/code');
  const code = await page(base, host, '/desk/sign-in/code', {
    cookie: cookiesOf(password),
    form: { code: new TOTP({ secret: DEMO_STAFF.totpSecret }).generate() },
  });
  expect(code.location).toBe('/desk');
  return cookiesOf(code);
}

type Records = {
  orderNumber: string;
  documentId: string;
  leadId: string;
  offerId: string;
  requestId: string;
  vin: string;
  /** What of them a desk page would show: none may be on a page answered to northside or a shopper. */
  markers: string[];
};

/** One record of each kind the desk acts on, of the default tenant. */
async function defaultRecords(database: Database): Promise<Records> {
  const { db } = database;
  const [order] = await db
    .select({ orderNumber: orders.orderNumber, dealRefId: orders.dealRefId })
    .from(orders)
    .where(eq(orders.tenantId, 'default'))
    .limit(1);
  // A VIN only default has: the demo tenants' stock may share some.
  const [vehicle] = await db
    .select({ vin: vehicles.vin })
    .from(vehicles)
    .where(
      and(
        eq(vehicles.tenantId, 'default'),
        notInArray(
          vehicles.vin,
          db.select({ vin: vehicles.vin }).from(vehicles).where(eq(vehicles.tenantId, 'northside')),
        ),
      ),
    )
    .limit(1);
  const [shopper] = await db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, 'default'), eq(users.email, DEMO_SHOPPER.email)));
  const [document] = await db
    .insert(documents)
    .values({
      dealId: order!.dealRefId!,
      key: 'GEN.INSURANCECARD',
      type: 'InsuranceCard',
      status: 'COMPLETE',
      fileName: 'marchetti-insurance-card.jpg',
    })
    .returning();
  const [lead] = await db
    .insert(leads)
    .values({
      tenantId: 'default',
      submissionId: 'desk-pages-lead',
      source: 'contactUs',
      firstName: 'Quinley',
      lastName: 'Marchetti',
      email: 'quinley.marchetti@shop.test',
      comments: 'Is the green wagon still there?',
    })
    .returning();
  const offer = await insertPendingTradeIn(database, { tenantId: 'default', userId: shopper!.id });
  const [request] = await db
    .insert(privacyRequests)
    .values({
      tenantId: 'default',
      userId: shopper!.id,
      subjectEmail: 'privacy.subject@shop.test',
      requester: 'self',
      kind: 'deletion',
      status: 'VERIFIED',
      verifiedAt: new Date(),
      dueAt: new Date(Date.now() + 45 * 24 * 3_600_000),
    })
    .returning();
  return {
    orderNumber: order!.orderNumber,
    documentId: document!.id,
    leadId: lead!.id,
    offerId: offer.id,
    requestId: request!.id,
    vin: vehicle!.vin,
    // Not the ids (a page may repeat its own URL, even a 404): what only the records hold.
    markers: [document!.fileName!, 'Marchetti', lead!.comments!, offer.vin, request!.subjectEmail],
  };
}

/** The page's URL with its params filled from the records, and every id in the query too. */
function urlOf(route: Route, records: Records): string {
  const ids: Record<string, string> = {
    orderNumber: records.orderNumber,
    documentId: records.documentId,
    leadId: records.leadId,
    offerId: records.offerId,
    requestId: records.requestId,
    vin: records.vin,
  };
  const filled = route.path.replace(/:(\w+)\??/g, (_, name: string) => {
    if (!(name in ids)) throw new Error(`${route.file}: no record id for :${name}; add one to this test`);
    return encodeURIComponent(ids[name]!);
  });
  if (filled.includes('*')) throw new Error(`${route.file}: a splat route; fill it in this test`);
  const query = new URLSearchParams({ q: records.orderNumber, ...ids });
  return `${filled}?${query}`;
}

/**
 * Every form a desk page posts, with the default tenant's ids (each valid, so it reaches the
 * desk API). A page with an action and no forms here fails the test: add them.
 */
function formsOf(route: Route, records: Records): Array<Record<string, string>> {
  const { documentId, leadId, offerId, requestId, vin } = records;
  const forms: Record<string, Array<Record<string, string>>> = {
    '/desk/orders/:orderNumber': [
      { intent: 'accept', documentId },
      { intent: 'reject', documentId, reason: 'blurry' },
      { intent: 'sendDeal' },
      { intent: 'countersign' },
      { intent: 'confirmDelivery' },
      { intent: 'cancelDelivery' },
      { intent: 'markDelivered' },
      { intent: 'payment', amount: '100.00', idempotencyKey: 'desk-pages-payment' },
      { intent: 'refund', amount: '100.00', idempotencyKey: 'desk-pages-refund' },
      { intent: 'moveDelivery', date: '2030-06-04', time: '10:00' },
    ],
    '/desk/leads': [{ leadId, status: 'closed', note: 'Not ours' }],
    '/desk/trade-ins': [
      { intent: 'value', offerId, value: '1500' },
      { intent: 'deny', offerId },
    ],
    '/desk/privacy': [
      { intent: 'fulfil', requestId, kind: 'deletion', note: '' },
      { intent: 'extend', requestId, reason: 'We need more time to find every record.' },
    ],
    '/desk/inventory': [
      { vin, price: '1', status: 'Sold' },
      { intent: 'photos', vin, photos: 'https://photos.example/one.jpg' },
    ],
  };
  const list = forms[route.path];
  if (!list) throw new Error(`${route.file} has an action: add the forms it posts to this test`);
  return list;
}

/** Nothing of the default tenant's records on the page. */
function expectNoRecords(label: string, answer: Answer, records: Records) {
  const shown = records.markers.filter((marker) => answer.body.includes(marker));
  expect(`${label}: ${shown.join(', ')}`).toBe(`${label}: `);
}

/** Nothing of the records, and no desk at all (its frame has the desk's sign-out). */
function expectNoDeskContent(label: string, answer: Answer, records: Records) {
  expectNoRecords(label, answer, records);
  expect(answer.body.includes('action="/desk/sign-out"'), `${label} shows the desk`).toBe(false);
}

type Asked = { label: string; route: Route; answer: Answer };

/** Every guarded desk page at the host with the cookie: its GET and (with posts) each form it posts. */
async function askEvery(
  base: string,
  host: string,
  cookie: string,
  records: Records,
  ask: { gets: boolean; posts: boolean },
): Promise<Asked[]> {
  const asked: Asked[] = [];
  for (const route of routes.filter((item) => !PUBLIC_PAGES.has(item.path))) {
    const url = urlOf(route, records);
    if (ask.gets) asked.push({ label: `GET ${url}`, route, answer: await page(base, host, url, { cookie }) });
    for (const form of ask.posts && route.hasAction ? formsOf(route, records) : []) {
      const answer = await page(base, host, url.replace(/\?.*$/, ''), { cookie, form });
      asked.push({ label: `POST ${route.path} ${form.intent ?? ''}`, route, answer });
    }
  }
  return asked;
}

const routes = deskRoutes();
const postgres = await isPostgresAvailable();
const skip = !isBuilt || !postgres;

describe.skipIf(skip)(
  `desk pages of another tenant and of a shopper${skip ? ' (skipped: needs a build and PostgreSQL)' : ''}`,
  () => {
    let server: BuiltServer | undefined;
    let database: Database | undefined;
    let dropDatabase: (() => Promise<void>) | undefined;
    let records: Records;
    let northsideCookie = '';
    let shopperCookie = '';

    beforeAll(async () => {
      const throwaway = await createThrowawayPostgres('showroom_desk_pages');
      dropDatabase = throwaway!.drop;
      server = await startBuiltServer({ DATABASE_URL: throwaway!.url, SEED_VEHICLES: '20', COMMERCE_API_URL: '' });
      database = await openDatabase({ databaseUrl: throwaway!.url, dataDir: 'memory://' });
      records = await defaultRecords(database);
      northsideCookie = await signInStaff(server.base, NORTHSIDE_HOST);
      shopperCookie = await signInDemoShopper(server.base, DEMO_SHOPPER.email, DEMO_SHOPPER.password);
    }, 180_000);

    afterAll(async () => {
      await database?.close();
      await server?.stop();
      await dropDatabase?.();
    }, 60_000);

    it('finds the desk pages in the route files', () => {
      expect(routes.map((route) => route.path)).toContain('/desk/orders/:orderNumber');
      expect(routes.filter((route) => !PUBLIC_PAGES.has(route.path)).length).toBeGreaterThan(0);
      // The public ones are still routes: a renamed sign-in would otherwise be taken for guarded.
      for (const pathname of PUBLIC_PAGES) expect(routes.map((route) => route.path)).toContain(pathname);
    });

    it('opens northside’s own desk for its staff (the cookie the other cases carry is good)', async () => {
      const today = await page(server!.base, NORTHSIDE_HOST, '/desk', { cookie: northsideCookie });
      expect(today.status).toBe(200);
      expect(today.body).toContain('action="/desk/sign-out"');
      expect(today.body).toContain('Northside Motors');
    });

    it('opens every page, with the records on them, to default’s own staff (the URLs are real)', async () => {
      const defaultCookie = await signInStaff(server!.base, '127.0.0.1');
      const asked = await askEvery(server!.base, '127.0.0.1', defaultCookie, records, { gets: true, posts: false });
      expect(asked.map(({ label, answer }) => `${label} ${answer.status}`)).toEqual(
        asked.map(({ label }) => `${label} 200`),
      );
      const seen = asked.map(({ answer }) => answer.body).join('');
      expect(records.markers.filter((marker) => !seen.includes(marker))).toEqual([]);
    });

    it('answers 404 to northside’s staff for every default record asked for at northside’s host', async () => {
      const asked = await askEvery(server!.base, NORTHSIDE_HOST, northsideCookie, records, {
        gets: true,
        posts: false,
      });
      // A page of no record is northside's own list: it opens, and shows nothing of default's.
      expect(asked.map(({ label, answer }) => `${label} ${answer.status}`)).toEqual(
        asked.map(({ label, route }) => `${label} ${route.path.includes(':') ? 404 : 200}`),
      );
      for (const { label, answer } of asked)
        if (answer.status === 404) expectNoDeskContent(label, answer, records);
        else expectNoRecords(label, answer, records);
    });

    it('answers 404 to every form northside’s staff post with a default record, and changes nothing', async () => {
      const asked = await askEvery(server!.base, NORTHSIDE_HOST, northsideCookie, records, {
        gets: false,
        posts: true,
      });
      expect(asked.length).toBeGreaterThan(0);
      expect(asked.map(({ label, answer }) => `${label} ${answer.status}`)).toEqual(
        asked.map(({ label }) => `${label} 404`),
      );
      for (const { label, answer } of asked) expectNoDeskContent(label, answer, records);
      const { db } = database!;
      const [lead] = await db.select().from(leads).where(eq(leads.id, records.leadId));
      const [offer] = await db.select().from(tradeInOffers).where(eq(tradeInOffers.id, records.offerId));
      const [request] = await db.select().from(privacyRequests).where(eq(privacyRequests.id, records.requestId));
      const [document] = await db.select().from(documents).where(eq(documents.id, records.documentId));
      const [vehicle] = await db.select().from(vehicles).where(eq(vehicles.vin, records.vin));
      expect([lead!.status, lead!.note]).toEqual(['new', null]);
      expect([offer!.status, offer!.offerCents]).toEqual(['pending', 210_000]);
      expect([request!.status, request!.extendedDueAt]).toEqual(['VERIFIED', null]);
      expect(document!.status).toBe('COMPLETE');
      expect(vehicle!.priceCents).not.toBe(100);
    });

    it('answers 404 on every default desk page to northside’s session carried to default’s host', async () => {
      const asked = await askEvery(server!.base, '127.0.0.1', northsideCookie, records, { gets: true, posts: true });
      expect(asked.map(({ label, answer }) => `${label} ${answer.status}`)).toEqual(
        asked.map(({ label }) => `${label} 404`),
      );
      for (const { label, answer } of asked) expectNoDeskContent(label, answer, records);
      // Its sign-in pages show the sign-in form (or send to it): northside's session is not one here.
      for (const pathname of PUBLIC_PAGES) {
        const answer = await page(server!.base, '127.0.0.1', pathname, { cookie: northsideCookie });
        if (answer.status === 200) expect(answer.body).toContain('Sign in to the desk');
        else expect(`${pathname} ${answer.status} ${answer.location}`).toBe(`${pathname} 302 /desk/sign-in`);
        expectNoDeskContent(`GET ${pathname}`, answer, records);
      }
    });

    it('opens no desk page to a signed-in shopper: every one sends to the desk’s sign-in', async () => {
      // The shopper's session is good: their own orders page opens.
      const account = await page(server!.base, '127.0.0.1', '/account/orders', { cookie: shopperCookie });
      expect(account.status).toBe(200);
      const asked = await askEvery(server!.base, '127.0.0.1', shopperCookie, records, { gets: true, posts: true });
      expect(asked.map(({ label, answer }) => `${label} ${answer.status} ${answer.location}`)).toEqual(
        asked.map(({ label }) => `${label} 302 /desk/sign-in`),
      );
      for (const { label, answer } of asked) expectNoDeskContent(label, answer, records);
    });
  },
);
