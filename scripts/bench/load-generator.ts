// The bench's load generator, in a process of its own (forked by scripts/bench/load.ts), so the
// server under test gets a CPU of its own too and the trivial route can be saturated (issue 17
// point 8: a generator sharing the server's event loop flattered every ratio 2-4x). It runs
// autocannon for each job the parent sends and answers with every request's latency, so the
// parent merges rounds from latencies, not from percentiles.
import autocannon from 'autocannon';
import type { LoadJob, LoadResult } from './load';
import { loadResult } from './load';

function runJob(job: LoadJob): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    const statuses: Record<string, number> = {};
    let sent = 0;
    const instance = autocannon(
      {
        url: job.baseUrl,
        connections: job.concurrency,
        ...(job.maxRequests > 0 ? { amount: job.maxRequests } : { duration: job.durationMs / 1000 }),
        timeout: 30,
        headers: job.headers,
        requests: [
          {
            method: 'GET',
            // A new path (and correlation id) for every request, as the parent's target asks.
            setupRequest: (request) => {
              const index = sent++;
              const headers: Record<string, string> = { ...job.headers };
              if (job.correlationPrefix)
                headers['x-correlation-id'] = `${job.correlationPrefix}-${String(index).padStart(6, '0')}`;
              return { ...request, path: job.paths[index % job.paths.length]!, headers };
            },
          },
        ],
      },
      (error, result) => {
        if (error) {
          reject(error);
          return;
        }
        latencies.sort((a, b) => a - b);
        const seconds = result.duration;
        const failed = result.errors + result.timeouts;
        if (failed > 0) statuses.failed = failed;
        resolve(
          loadResult(latencies, seconds, {
            errors:
              failed + Object.entries(statuses).reduce((sum, [code, n]) => sum + (Number(code) >= 400 ? n : 0), 0),
            statuses,
            bytes: result.throughput.total,
          }),
        );
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      latencies.push(responseTime);
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    });
  });
}

process.on('message', (message: { id: number; job: LoadJob }) => {
  runJob(message.job).then(
    (result) => process.send!({ id: message.id, result }),
    (error: unknown) => process.send!({ id: message.id, error: (error as Error).message }),
  );
});
process.send!({ ready: true });
