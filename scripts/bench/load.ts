// The bench's load: jobs run by autocannon in a forked process (load-generator.ts), with
// `concurrency` keep-alive connections on loopback for `durationMs` (or `maxRequests`). Latency is
// autocannon's, from sending the request to the last byte of the body. Also a one-off request
// helper for the bench's setup steps.
import { fork } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** One measurement, as the parent sends it to the load generator's process. */
export type LoadJob = {
  baseUrl: string;
  /** The paths requests cycle through (a target that varies its query gives several). */
  paths: string[];
  headers: Record<string, string>;
  concurrency: number;
  /** Stop after this many requests (0: run for durationMs instead). */
  maxRequests: number;
  durationMs: number;
  /** Correlation ids `${prefix}-000001`…, so the server's request log can be matched up. */
  correlationPrefix?: string;
};

export type LoadResult = {
  requests: number;
  errors: number;
  statuses: Record<string, number>;
  seconds: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  bytes: number;
  /** Every request's latency, sorted: rounds are merged from these, not from percentiles. */
  latencies: number[];
};

export function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[index]!;
}

export function request(
  agent: http.Agent,
  url: URL,
  headers: Record<string, string>,
): Promise<{ status: number; bytes: number; body: Buffer; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { agent, headers, method: 'GET' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, bytes: body.length, body, headers: res.headers });
      });
      res.on('error', reject);
    });
    req.setTimeout(30_000, () => req.destroy(new Error(`timed out: ${url.pathname}`)));
    req.on('error', reject);
    req.end();
  });
}

export type LoadGenerator = { run(job: LoadJob): Promise<LoadResult>; close(): Promise<void> };

/**
 * Forks scripts/bench/load-generator.ts (autocannon) and hands it one job at a time: the load
 * comes from another process, as an outside tool's would, not from the bench's own event loop.
 */
export async function startLoadGenerator(): Promise<LoadGenerator> {
  const child = fork(path.join(path.dirname(fileURLToPath(import.meta.url)), 'load-generator.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const pending = new Map<number, { resolve: (result: LoadResult) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`the load generator exited with code ${code} while starting`)));
  });
  child.on('message', (message: { id: number; result?: LoadResult; error?: string }) => {
    const waiting = pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    if (message.result) waiting.resolve(message.result);
    else waiting.reject(new Error(`load generator: ${message.error}`));
  });
  child.on('exit', (code) => {
    for (const waiting of pending.values()) waiting.reject(new Error(`the load generator exited with code ${code}`));
    pending.clear();
  });
  return {
    run(job) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        child.send({ id, job });
      });
    },
    close() {
      if (child.exitCode !== null) return Promise.resolve();
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      return exited;
    },
  };
}

/** A result from its measurements; `latencies` must be sorted. */
export function loadResult(
  latencies: number[],
  seconds: number,
  counts: Pick<LoadResult, 'errors' | 'statuses' | 'bytes'>,
): LoadResult {
  return {
    requests: latencies.length,
    ...counts,
    seconds,
    perSecond: seconds > 0 ? latencies.length / seconds : 0,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    latencies,
  };
}

/** One target's rounds as one result: requests and time summed, percentiles over all requests. */
export function mergeLoads(parts: readonly LoadResult[]): LoadResult {
  const latencies = parts.flatMap((part) => part.latencies).sort((a, b) => a - b);
  const statuses: Record<string, number> = {};
  for (const part of parts)
    for (const [status, count] of Object.entries(part.statuses)) statuses[status] = (statuses[status] ?? 0) + count;
  return loadResult(
    latencies,
    parts.reduce((sum, part) => sum + part.seconds, 0),
    {
      errors: parts.reduce((sum, part) => sum + part.errors, 0),
      statuses,
      bytes: parts.reduce((sum, part) => sum + part.bytes, 0),
    },
  );
}
