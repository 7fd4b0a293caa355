import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { RenderPool } from '#server/http/render-pool';

// The render pool (decision 045) against a stand-in render thread that speaks the same messages
// (server/http/render-protocol.ts): answers travel back with their headers and body, an aborted
// page reaches the thread, and a thread that dies fails only its own pages and is replaced.
// The real thread (build/render-worker.js) serves every page of the end-to-end suite.

const STAND_IN = `
import { parentPort, workerData, threadId } from 'node:worker_threads';
const aborted = new Set();
const apiCalls = new Map();
parentPort.on('message', (message) => {
  if (message.type === 'abort') { aborted.add(message.id); return; }
  if (message.type === 'api-answer' || message.type === 'api-failed') { apiCalls.get(message.id)(message); return; }
  const url = new URL(message.url);
  if (url.pathname === '/die') process.exit(3);
  if (url.pathname === '/was-aborted') {
    const [id] = [...aborted];
    const body = new TextEncoder().encode(String(id ?? 'none')).buffer;
    parentPort.postMessage({ type: 'answer', id: message.id, status: 200, statusText: 'OK', headers: [], body }, [body]);
    return;
  }
  if (url.pathname === '/hang') return;
  if (url.pathname === '/api-call') {
    // The page's API call goes to the request thread and its answer comes back into the page.
    const sent = new TextEncoder().encode('{"email":"a@b.test"}').buffer;
    apiCalls.set(7, (reply) => {
      const body = new TextEncoder().encode(JSON.stringify(reply.type === 'api-answer'
        ? { ...reply.answer, body: new TextDecoder().decode(reply.answer.body), sentDetached: sent.byteLength === 0 }
        : reply)).buffer;
      parentPort.postMessage({ type: 'answer', id: message.id, status: 200, statusText: 'OK', headers: [], body }, [body]);
    });
    parentPort.postMessage({ type: 'api', id: 7, request: { method: 'POST', path: '/api/x?y=1', headers: [['x-tenant-id', 'default']], body: sent } }, [sent]);
    return;
  }
  if (url.pathname === '/throw') {
    parentPort.postMessage({ type: 'failed', id: message.id, message: 'the loader broke' });
    return;
  }
  const posted = message.body ? new TextDecoder().decode(message.body) : '';
  const body = new TextEncoder().encode(JSON.stringify({ thread: threadId, method: message.method, posted, nonce: message.cspNonce, tenants: workerData.tenantIds })).buffer;
  parentPort.postMessage({
    type: 'answer', id: message.id, status: 201, statusText: 'Created',
    headers: [['set-cookie', 'a=1; Path=/'], ['set-cookie', 'b=2; Path=/'], ['content-type', 'application/json']],
    body,
  }, [body]);
});
parentPort.postMessage({ type: 'ready' });
`;

const dir = mkdtempSync(path.join(os.tmpdir(), 'render-pool-'));
const workerFile = path.join(dir, 'stand-in.mjs');
writeFileSync(workerFile, STAND_IN);
let pool: RenderPool | undefined;

afterEach(async () => {
  await pool?.close();
  pool = undefined;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function job(pathname: string, body: string | null = null) {
  const bytes = body === null ? null : new TextEncoder().encode(body).buffer;
  return {
    method: body === null ? 'GET' : 'POST',
    url: `http://localhost${pathname}`,
    headers: [] as [string, string][],
    body: bytes,
    cspNonce: 'nonce-1',
  };
}

function text(body: ArrayBuffer | null): string {
  return body ? new TextDecoder().decode(body) : '';
}

describe('render pool', () => {
  it('hands a page to a thread and brings back its status, every header and the body', async () => {
    pool = new RenderPool({
      threads: 2,
      workerFile,
      data: { buildFile: 'unused', tenantIds: ['default', 'lakeview'], inProcessApi: false },
    });
    await pool.ready();
    const answer = await pool.render(job('/checkout/cart', 'zip=78701'));
    expect(answer.status).toBe(201);
    expect(answer.statusText).toBe('Created');
    expect(answer.headers.filter(([name]) => name === 'set-cookie').map(([, value]) => value)).toEqual([
      'a=1; Path=/',
      'b=2; Path=/',
    ]);
    expect(JSON.parse(text(answer.body))).toMatchObject({
      method: 'POST',
      posted: 'zip=78701',
      nonce: 'nonce-1',
      tenants: ['default', 'lakeview'],
    });
  });

  it("answers a page's API call in the request thread and moves the bodies both ways (decision 071)", async () => {
    pool = new RenderPool({ threads: 1, workerFile, data: { buildFile: 'unused', tenantIds: [], inProcessApi: true } });
    const seen: unknown[] = [];
    pool.answerApiCalls(async (request) => {
      seen.push({ ...request, body: text(request.body) });
      return {
        status: 201,
        headers: [['content-type', 'application/json']],
        body: new TextEncoder().encode('{"data":{"ok":true}}').buffer,
      };
    });
    await pool.ready();
    const answer = await pool.render(job('/api-call'));
    expect(seen).toEqual([
      { method: 'POST', path: '/api/x?y=1', headers: [['x-tenant-id', 'default']], body: '{"email":"a@b.test"}' },
    ]);
    expect(JSON.parse(text(answer.body))).toEqual({
      status: 201,
      headers: [['content-type', 'application/json']],
      body: '{"data":{"ok":true}}',
      sentDetached: true,
    });
  });

  it('spreads pages over its threads', async () => {
    pool = new RenderPool({
      threads: 2,
      workerFile,
      data: { buildFile: 'unused', tenantIds: [], inProcessApi: false },
    });
    await pool.ready();
    // A page that never answers keeps one thread busy: the next pages go to the other one.
    void pool.render(job('/hang')).catch(() => undefined);
    const threads = new Set<number>();
    for (let index = 0; index < 3; index += 1) threads.add(JSON.parse(text((await pool.render(job('/'))).body)).thread);
    expect(threads.size).toBe(1);
    const [busy] = [...threads];
    expect(busy).toBeGreaterThan(0);
  });

  it('tells the thread when the shopper leaves', async () => {
    pool = new RenderPool({
      threads: 1,
      workerFile,
      data: { buildFile: 'unused', tenantIds: [], inProcessApi: false },
    });
    await pool.ready();
    const controller = new AbortController();
    const left = pool.render(job('/hang'), controller.signal);
    controller.abort();
    const answer = await pool.render(job('/was-aborted'));
    expect(text(answer.body)).not.toBe('none');
    void left.catch(() => undefined);
  });

  it('fails a page whose loader broke with its message', async () => {
    pool = new RenderPool({
      threads: 1,
      workerFile,
      data: { buildFile: 'unused', tenantIds: [], inProcessApi: false },
    });
    await pool.ready();
    await expect(pool.render(job('/throw'))).rejects.toThrow('the loader broke');
  });

  it('replaces a thread that dies: its pages fail, the next page is answered', async () => {
    pool = new RenderPool({
      threads: 1,
      workerFile,
      data: { buildFile: 'unused', tenantIds: [], inProcessApi: false },
    });
    await pool.ready();
    const waiting = pool.render(job('/hang'));
    await expect(pool.render(job('/die'))).rejects.toThrow(/render thread 0 stopped \(exit code 3\)/);
    await expect(waiting).rejects.toThrow(/stopped/);
    const answer = await pool.render(job('/after'));
    expect(answer.status).toBe(201);
  });
});
