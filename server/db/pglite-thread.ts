// The main thread's side of PGlite on a worker thread (pglite-worker.mjs, decision 034): what
// drizzle-orm's PGlite driver and our code call on a PGlite instance (query, exec, transaction
// with its own query/exec/rollback, close), each call a message to the thread and its answer a
// message back. A transaction gets an id on the thread; its statements carry that id, so they
// run inside it while everyone else's statements wait for it there, as in-process PGlite does.
//
// Parser functions cannot cross threads: the thread leaves the types they are for as text and
// they are applied here, to the columns of those types. Serializer functions are refused.
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { projectRoot } from '../../app/lib/shared/project-root.server';

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

type Reply = { id: number; result?: unknown; error?: Record<string, unknown> };

const workerFile = path.join(projectRoot, 'server/db/pglite-worker.mjs');

function isReply(value: unknown): value is Reply {
  return typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'number';
}

/** The thread's plain error back as an Error with the same fields (code, detail, …) for our checks. */
function toError(plain: Record<string, unknown>): Error {
  const error = new Error(typeof plain.message === 'string' ? plain.message : 'PGlite error');
  Object.assign(error, plain);
  return error;
}

/** The options as plain data, with the types whose parsers run here. */
function forThread(options: QueryOptions | undefined) {
  if (!options) return undefined;
  if (options.serializers && Object.keys(options.serializers).length > 0)
    throw new Error('PGlite on a worker thread cannot take serializer functions');
  if (options.onNotice) throw new Error('PGlite on a worker thread cannot take a notice callback');
  const { parsers, serializers: _serializers, onNotice: _onNotice, ...rest } = options;
  return { ...rest, rawTypes: parsers ? Object.keys(parsers).map(Number) : [] };
}

/** Applies the caller's parsers to the columns of their types (the thread left them as text). */
function parsed<T>(result: Results<T>, options: QueryOptions | undefined): Results<T> {
  const parsers = options?.parsers;
  if (!parsers || !result.fields) return result;
  const columns = result.fields
    .map((field, index) => {
      // PGlite calls a parser with the value and its type (the declared type names only the value).
      const parse: ((value: string, typeId: number) => unknown) | undefined = parsers[field.dataTypeID];
      return { index, name: field.name, type: field.dataTypeID, parse };
    })
    .filter((column) => column.parse !== undefined);
  if (columns.length === 0) return result;
  for (const row of result.rows as unknown as Record<string | number, unknown>[]) {
    for (const column of columns) {
      const key = options.rowMode === 'array' ? column.index : column.name;
      const value = row[key];
      if (typeof value === 'string') row[key] = column.parse!(value, column.type);
    }
  }
  return result;
}

export class PGliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  #closed = false;
  /** When the thread last answered anything (performance.now()). */
  #answeredAt = 0;
  readonly ready: Promise<void>;

  private constructor(dataDir: string) {
    this.#worker = new Worker(workerFile, { workerData: { dataDir } });
    this.ready = new Promise<void>((resolve, reject) => this.#pending.set(0, { resolve: () => resolve(), reject }));
    this.#worker.on('message', (message: unknown) => {
      if (!isReply(message)) return;
      this.#answeredAt = performance.now();
      const pending = this.#pending.get(message.id);
      if (!pending) return;
      this.#pending.delete(message.id);
      if (message.error) pending.reject(toError(message.error));
      else pending.resolve(message.result);
    });
    const lost = (reason: string) => {
      this.#closed = true;
      // "PGlite is closed" is what the health monitor reads as the database out of reach.
      const error = new Error(`PGlite is closed: its thread ${reason}`);
      for (const pending of this.#pending.values()) pending.reject(error);
      this.#pending.clear();
    };
    this.#worker.on('error', (error) => lost(`failed (${error.message})`));
    this.#worker.on('exit', (code) => lost(`exited with code ${code}`));
  }

  /** Starts the thread and opens PGlite in `dataDir` there (a folder or memory://). */
  static async create(dataDir: string): Promise<PGliteThread> {
    const thread = new PGliteThread(dataDir);
    await thread.ready;
    return thread;
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** Statements sent and not answered, less the one the thread is running. */
  get waiting(): number {
    return Math.max(0, this.#pending.size - 1);
  }

  /** Whether PGlite answered a statement (any, anyone's) in the last `ms` milliseconds. */
  answeredWithin(ms: number): boolean {
    return !this.#closed && performance.now() - this.#answeredAt <= ms;
  }

  #call<T>(message: Record<string, unknown>): Promise<T> {
    if (this.#closed) return Promise.reject(new Error('PGlite is closed'));
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: (value) => resolve(value as T), reject });
      this.#worker.postMessage({ ...message, id });
    });
  }

  async #query<T>(txId: number | undefined, sql: string, params?: unknown[], options?: QueryOptions) {
    const result = await this.#call<Results<T>>({ op: 'query', txId, sql, params, options: forThread(options) });
    return parsed(result, options);
  }

  async #exec(txId: number | undefined, sql: string, options?: QueryOptions) {
    const results = await this.#call<Results[]>({ op: 'exec', txId, sql, options: forThread(options) });
    return results.map((result) => parsed(result, options));
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(undefined, sql, params, options);
  }

  exec(sql: string, options?: QueryOptions): Promise<Results[]> {
    return this.#exec(undefined, sql, options);
  }

  /** Runs `callback` in a transaction on the thread: committed when it returns, rolled back when it throws. */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const txId = await this.#call<number>({ op: 'begin' });
    let closed = false;
    const open = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) => {
        open();
        return this.#query<R>(txId, sql, params, options);
      },
      exec: (sql: string, options?: QueryOptions) => {
        open();
        return this.#exec(txId, sql, options);
      },
      sql: () => Promise.reject(new Error('sql`` is not available on PGlite across a thread; use query')),
      listen: () => Promise.reject(new Error('LISTEN is not available on PGlite across a thread')),
      rollback: async () => {
        open();
        await this.#call({ op: 'rollback', txId });
        closed = true;
      },
      get closed() {
        return closed;
      },
    } satisfies Transaction;
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      closed = true;
      await this.#call({ op: 'end', txId, commit: false });
      throw error;
    }
    closed = true;
    await this.#call({ op: 'end', txId, commit: true });
    return result;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    await this.#call({ op: 'close' });
    this.#closed = true;
    await this.#worker.terminate();
  }
}
