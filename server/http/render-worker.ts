import { pathToFileURL } from 'node:url';
import { parentPort, threadId, workerData } from 'node:worker_threads';
import { createRequestHandler, type ServerBuild } from '@remix-run/node';
import type { ApiDispatch, ApiWireAnswer } from '../../app/lib/shared/api-transport';
import { getStorefrontHooks } from '../../app/lib/shared/storefront-hooks';
import { answerPage, refreshIdentity } from './remix';
import { logThreadStart } from './thread-id';
import { isToRenderThread, renderWorkerData, type FromRenderThread, type RenderJob } from './render-protocol';

// A render thread (decision 045): the storefront's pages rendered off the request thread, so
// React's render of a big page never holds /healthz, the API or another shopper's request.
// It loads the built storefront once, like the process does, and answers each page the
// request thread hands it: identity refresh, request context, Remix, cookies committed.

const port = parentPort;
if (!port) throw new Error('render-worker.ts runs as a worker thread (server/http/render-pool.ts starts it)');
const { buildFile, tenantIds, inProcessApi } = renderWorkerData(workerData);

const imported: unknown = await import(pathToFileURL(buildFile).href);
// A Remix server build is an untyped module; getStorefrontHooks below checks the part this thread calls.
const build = imported as ServerBuild;
const hooks = getStorefrontHooks(build);
hooks.startFlags(tenantIds);
const handle = createRequestHandler(build, 'production');
const running = new Map<number, AbortController>();

function post(message: FromRenderThread, transfer: ArrayBuffer[] = []): void {
  port!.postMessage(message, transfer);
}

// The pages' commerce API calls, answered by the request thread's backend in memory (decision
// 071): no socket, no HTTP parsing, the bodies moved rather than copied. A call the page gave
// up on (time-out, shopper gone) is dropped by callApi; its late answer here finds nobody.
const apiCalls = new Map<number, { resolve: (answer: ApiWireAnswer) => void; reject: (error: Error) => void }>();
let nextApiCall = 1;
const viaRequestThread: ApiDispatch = (request) =>
  new Promise<ApiWireAnswer>((resolve, reject) => {
    const id = nextApiCall++;
    apiCalls.set(id, { resolve, reject });
    post({ type: 'api', id, request }, request.body ? [request.body] : []);
  });
if (inProcessApi) hooks.setApiDispatch(viaRequestThread);

async function render(job: RenderJob): Promise<void> {
  const controller = new AbortController();
  running.set(job.id, controller);
  try {
    const headers = new Headers(job.headers);
    // An expiring identity token is refreshed once, before the page's loaders run in parallel.
    const check = await refreshIdentity(build, {
      url: job.url,
      method: job.method,
      headers,
      correlationId: job.correlationId,
    });
    const request = new Request(job.url, {
      method: job.method,
      headers,
      signal: controller.signal,
      body: job.body,
    });
    const { answer, headers: answerHeaders } = await answerPage(build, handle, request, {
      cspNonce: job.cspNonce,
      clientIp: job.clientIp,
      correlationId: job.correlationId,
      ...check,
    });
    const body = answer.body ? await answer.arrayBuffer() : null;
    post(
      {
        type: 'answer',
        id: job.id,
        status: answer.status,
        statusText: answer.statusText,
        headers: [...answerHeaders],
        body,
      },
      body ? [body] : [],
    );
  } catch (error) {
    const failure = error instanceof Error ? error : new Error(String(error));
    post({ type: 'failed', id: job.id, message: failure.message, stack: failure.stack });
  } finally {
    running.delete(job.id);
  }
}

port.on('message', (message: unknown) => {
  if (!isToRenderThread(message)) return;
  if (message.type === 'api-answer' || message.type === 'api-failed') {
    const call = apiCalls.get(message.id);
    apiCalls.delete(message.id);
    if (message.type === 'api-answer') call?.resolve(message.answer);
    else call?.reject(new Error(message.message));
  } else if (message.type === 'abort') running.get(message.id)?.abort();
  else void render(message);
});
logThreadStart(`render-${threadId}`);
post({ type: 'ready' });
