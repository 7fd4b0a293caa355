import { Worker } from 'node:worker_threads';
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from 'express';
import { HEADER } from '../../app/lib/contract/common';
import type { ApiDispatch } from '../../app/lib/shared/api-transport';
import { logger } from '../../app/lib/shared/logger.server';
import { fetchHeaders, pageUrl } from './remix';
import { isFromRenderThread, type RenderAnswer, type RenderJob, type RenderWorkerData } from './render-protocol';

// Pages rendered on worker threads (decision 045). The request thread keeps what is cheap and
// shared — /healthz, the commerce API, assets, the response cache, compression, ETags — and
// hands each page to the render thread with the fewest pages in hand. A thread that dies is
// replaced; the pages it held answer 500 through the error page, never hang.

type Pending = { resolve: (answer: RenderAnswer) => void; reject: (error: Error) => void };

type Slot = { worker: Worker; pending: Map<number, Pending>; ready: Promise<void> };

export type RenderPoolOptions = {
  threads: number;
  /** The built render thread (build/render-worker.js). */
  workerFile: string;
  data: RenderWorkerData;
};

export class RenderPool {
  private readonly slots: Slot[] = [];
  private nextId = 1;
  private closing = false;
  private apiDispatch: ApiDispatch | null = null;

  constructor(private readonly options: RenderPoolOptions) {
    for (let index = 0; index < options.threads; index += 1) this.slots.push(this.spawn(index));
  }

  /** Answers the threads' commerce API calls in this thread (decision 071; RenderWorkerData.inProcessApi). */
  answerApiCalls(dispatch: ApiDispatch): void {
    this.apiDispatch = dispatch;
  }

  /** One API call of a thread's page, answered in memory; its body goes back transferred. */
  private answerApiCall(worker: Worker, id: number, request: Parameters<ApiDispatch>[0]): void {
    const dispatch = this.apiDispatch;
    if (!dispatch) {
      worker.postMessage({ type: 'api-failed', id, message: 'the request thread answers no API calls' });
      return;
    }
    dispatch(request).then(
      (answer) => worker.postMessage({ type: 'api-answer', id, answer }, answer.body ? [answer.body] : []),
      (error: unknown) => {
        logger.error({ err: error, path: request.path.split('?')[0] }, 'in-process API call failed');
        worker.postMessage({ type: 'api-failed', id, message: 'the API call failed in the request thread' });
      },
    );
  }

  /** Resolves once every thread has loaded the build; rejects if one cannot. */
  async ready(): Promise<void> {
    await Promise.all(this.slots.map((slot) => slot.ready));
  }

  private spawn(index: number): Slot {
    const worker = new Worker(this.options.workerFile, { workerData: this.options.data, name: `render-${index}` });
    const pending = new Map<number, Pending>();
    let markReady: () => void = () => undefined;
    let markFailed: (error: Error) => void = () => undefined;
    const ready = new Promise<void>((resolve, reject) => {
      markReady = resolve;
      markFailed = reject;
    });
    // Nobody awaits a respawned thread's start: a failure there is logged on exit.
    ready.catch(() => undefined);
    worker.on('message', (message: unknown) => {
      if (!isFromRenderThread(message)) return;
      if (message.type === 'ready') return markReady();
      if (message.type === 'api') return this.answerApiCall(worker, message.id, message.request);
      const job = pending.get(message.id);
      if (!job) return;
      pending.delete(message.id);
      if (message.type === 'answer') job.resolve(message);
      else job.reject(Object.assign(new Error(message.message), { stack: message.stack }));
    });
    worker.on('error', (error) => {
      logger.error({ err: error, thread: index }, 'render thread failed');
      markFailed(error);
    });
    worker.on('exit', (code) => {
      const lost = new Error(`render thread ${index} stopped (exit code ${code})`);
      markFailed(lost);
      for (const job of pending.values()) job.reject(lost);
      pending.clear();
      if (this.closing) return;
      logger.error({ thread: index, code }, 'render thread stopped: starting a new one');
      this.slots[index] = this.spawn(index);
    });
    return { worker, pending, ready };
  }

  /** Renders one page on the least busy thread; `signal` aborts its loaders when the shopper leaves. */
  render(job: Omit<RenderJob, 'id'>, signal?: AbortSignal): Promise<RenderAnswer> {
    if (this.closing) return Promise.reject(new Error('the render pool is closing'));
    const slot = this.slots.reduce((best, candidate) =>
      candidate.pending.size < best.pending.size ? candidate : best,
    );
    const id = this.nextId++;
    return new Promise<RenderAnswer>((resolve, reject) => {
      slot.pending.set(id, { resolve, reject });
      slot.worker.postMessage({ type: 'render', id, ...job }, job.body ? [job.body] : []);
      signal?.addEventListener('abort', () => slot.worker.postMessage({ type: 'abort', id }), { once: true });
    });
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
  }
}

async function readBody(req: ExpressRequest): Promise<ArrayBuffer | null> {
  if (req.method === 'GET' || req.method === 'HEAD') return null;
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  const body = Buffer.concat(chunks);
  // A buffer of its own, so it can be transferred to the render thread.
  return body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength);
}

/** The Express handler for pages when a render pool runs: Remix answers on a render thread. */
export function pooledRemixHandler(
  pool: RenderPool,
  loadContext: (req: ExpressRequest, res: ExpressResponse) => { cspNonce: string; clientIp?: string },
): RequestHandler {
  return async (req, res, next) => {
    try {
      const controller = new AbortController();
      res.on('close', () => {
        if (!res.writableFinished) controller.abort();
      });
      const correlationId = res.getHeader(HEADER.correlationId);
      const answer = await pool.render(
        {
          method: req.method,
          url: pageUrl(req).href,
          headers: [...fetchHeaders(req)],
          body: await readBody(req),
          ...loadContext(req, res),
          correlationId: typeof correlationId === 'string' ? correlationId : undefined,
        },
        controller.signal,
      );
      res.statusMessage = answer.statusText;
      res.status(answer.status);
      for (const [name, value] of answer.headers) res.append(name, value);
      res.end(answer.body ? Buffer.from(answer.body) : undefined);
    } catch (error) {
      next(error);
    }
  };
}
