// PGlite on a thread of its own (decision 034). The served process's main thread keeps a proxy
// (pglite-thread.ts) that sends each statement here and awaits the answer, so PostgreSQL's own
// work, PGlite's decoding of result rows and its file syncs never hold the event loop that
// answers /healthz and renders pages.
//
// Plain JavaScript on purpose: the same file runs under `npm start` (the bundle in build/), under
// tsx (`npm run dev`) and under vitest, none of which would have to compile it for the thread.
//
// Messages in: { id, op: 'query' | 'exec' | 'begin' | 'rollback' | 'end' | 'close', txId?, ... }.
// Messages out: { id, result } or { id, error } (the error's own fields: code, detail, …).
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

if (!parentPort) throw new Error('pglite-worker.mjs runs as a worker thread');
const port = parentPort;

/** The main thread applies its own parsers for these types; here they stay as PostgreSQL's text. */
function rawParsers(rawTypes) {
  if (!rawTypes || rawTypes.length === 0) return undefined;
  const parsers = {};
  for (const type of rawTypes) parsers[type] = (value) => value;
  return parsers;
}

function queryOptions(options) {
  if (!options) return undefined;
  const { rawTypes, ...rest } = options;
  const parsers = rawParsers(rawTypes);
  return parsers ? { ...rest, parsers } : rest;
}

/** An error as plain data: structured clone keeps only an Error's message and stack. */
function plainError(error) {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const plain = { name: error.name, message: error.message, stack: error.stack };
  for (const [key, value] of Object.entries(error)) {
    // The statement's parameters and options may be large or hold functions: left out.
    if (key === 'params' || key === 'queryOptions' || typeof value === 'function') continue;
    if (value === undefined || value === null || typeof value !== 'object') plain[key] = value;
  }
  return plain;
}

function reply(id, result) {
  port.postMessage({ id, result });
}

function fail(id, error) {
  port.postMessage({ id, error: plainError(error) });
}

/** Open transactions by id: PGlite's transaction object and how to end it. */
const transactions = new Map();
let nextTransaction = 1;

let db;
try {
  db = await PGlite.create(workerData.dataDir);
} catch (error) {
  port.postMessage({ id: 0, error: plainError(error) });
  process.exit(1);
}
// Its OS thread id for the bench's CPU per thread (server/http/thread-id.ts logs the others'):
// a log line in the logger's shape, as this plain file has no logger of its own.
try {
  const tid = Number(readFileSync('/proc/thread-self/stat', 'utf8').split(' ', 1)[0]);
  if (Number.isInteger(tid) && tid > 0 && process.env.NODE_ENV !== 'test' && process.env.LOG_LEVEL !== 'silent')
    process.stdout.write(
      `${JSON.stringify({ level: 30, time: Date.now(), thread: 'pglite', tid, message: 'thread started' })}\n`,
    );
} catch {
  // not Linux: no thread ids
}
port.postMessage({ id: 0, result: 'ready' });

/** Where a statement runs: the open transaction it belongs to, or the database. */
function target(txId) {
  if (txId === undefined) return db;
  const open = transactions.get(txId);
  if (!open) throw new Error(`Transaction ${txId} is closed`);
  return open.tx;
}

function begin(id) {
  const txId = nextTransaction++;
  // PGlite holds its transaction lock until this callback returns: statements outside the
  // transaction wait for it here exactly as they would in the main thread.
  db.transaction(async (tx) => {
    const ended = new Promise((resolve) => transactions.set(txId, { tx, end: resolve }));
    reply(id, txId);
    const { commit } = await ended;
    if (!commit && !tx.closed) await tx.rollback();
  })
    .then(
      () => transactions.get(txId)?.replyTo,
      (error) => {
        const replyTo = transactions.get(txId)?.replyTo;
        if (replyTo === undefined) fail(id, error);
        else fail(replyTo, error);
        return undefined;
      },
    )
    .then((replyTo) => {
      if (replyTo !== undefined) reply(replyTo, null);
    })
    .finally(() => transactions.delete(txId));
}

async function handle(message) {
  const { id, op, txId } = message;
  try {
    switch (op) {
      case 'query':
        reply(id, await target(txId).query(message.sql, message.params, queryOptions(message.options)));
        return;
      case 'exec':
        reply(id, await target(txId).exec(message.sql, queryOptions(message.options)));
        return;
      case 'begin':
        begin(id);
        return;
      case 'rollback':
        await target(txId).rollback();
        reply(id, null);
        return;
      case 'end': {
        const open = transactions.get(txId);
        if (!open) throw new Error(`Transaction ${txId} is closed`);
        open.replyTo = id;
        open.end({ commit: message.commit });
        return;
      }
      case 'close':
        await db.close();
        reply(id, null);
        port.close();
        return;
      default:
        throw new Error(`unknown operation ${op}`);
    }
  } catch (error) {
    fail(id, error);
  }
}

port.on('message', (message) => void handle(message));
