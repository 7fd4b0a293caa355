// A bounded load loop over Node's own http client: `concurrency` keep-alive connections on
// loopback, stopping at `maxRequests` or `durationMs`, whichever comes first. Latency is the
// time from sending the request to the last byte of the body.
import http from 'node:http';

export type LoadOptions = {
  baseUrl: string;
  /** The path of the i-th request (lets a target vary its query). */
  path: (index: number) => string;
  headers: Record<string, string>;
  concurrency: number;
  maxRequests: number;
  durationMs: number;
  /** Correlation ids `${label}-000001`…, so the server's request log can be matched up. */
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

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency });
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let next = 0;
  let errors = 0;
  let bytes = 0;
  const started = performance.now();
  const deadline = started + options.durationMs;

  async function worker(): Promise<void> {
    while (performance.now() < deadline) {
      const index = next++;
      if (index >= options.maxRequests) return;
      const headers = { ...options.headers };
      if (options.correlationPrefix)
        headers['x-correlation-id'] = `${options.correlationPrefix}-${String(index).padStart(6, '0')}`;
      const sent = performance.now();
      try {
        const response = await request(agent, new URL(options.path(index), options.baseUrl), headers);
        latencies.push(performance.now() - sent);
        bytes += response.bytes;
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
        if (response.status >= 400) errors += 1;
      } catch {
        errors += 1;
        statuses.failed = (statuses.failed ?? 0) + 1;
      }
    }
  }

  await Promise.all(Array.from({ length: options.concurrency }, () => worker()));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    statuses,
    seconds,
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    bytes,
    latencies,
  };
}

/** One target's rounds as one result: requests and time summed, percentiles over all requests. */
export function mergeLoads(parts: readonly LoadResult[]): LoadResult {
  const latencies = parts.flatMap((part) => part.latencies).sort((a, b) => a - b);
  const seconds = parts.reduce((sum, part) => sum + part.seconds, 0);
  const statuses: Record<string, number> = {};
  for (const part of parts)
    for (const [status, count] of Object.entries(part.statuses)) statuses[status] = (statuses[status] ?? 0) + count;
  return {
    requests: latencies.length,
    errors: parts.reduce((sum, part) => sum + part.errors, 0),
    statuses,
    seconds,
    perSecond: seconds > 0 ? latencies.length / seconds : 0,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    bytes: parts.reduce((sum, part) => sum + part.bytes, 0),
    latencies,
  };
}
