// node scripts/probe-healthz.mjs <base URL> <tenant> <feed key> <feed file> [full|partial]
//
// Posts a feed file to POST /api/inventory/feeds and, while it is imported, probes /healthz one
// probe after another (10 ms apart, at least 40); prints one JSON line: the feed's status, its
// answer, how long it took and each probe's time in ms. The feed is sent by a second process
// (this script again, with `--send`), so sending 50 MB never delays a probe, and neither runs
// on the server's event loop they measure; used by
// tests/server/inventory-feed-load.test.ts and `npm run inventory:bench -- --healthz`.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';

const sending = process.argv[2] === '--send';
const MIN_PROBES = 40;
const [base, tenant, key, file, mode = 'full'] = process.argv.slice(sending ? 3 : 2);
if (!base || !tenant || !key || !file) {
  process.stderr.write('usage: node scripts/probe-healthz.mjs <base URL> <tenant> <feed key> <feed file> [mode]\n');
  process.exit(2);
}

if (sending) {
  const body = await readFile(file);
  process.send?.('ready');
  const started = performance.now();
  const response = await fetch(`${base}/api/inventory/feeds?mode=${mode}`, {
    method: 'POST',
    body,
    headers: { 'x-tenant-id': tenant, 'content-type': 'text/csv', authorization: `Bearer ${key}` },
  });
  const answer = { status: response.status, body: await response.json(), ms: performance.now() - started };
  process.send?.(answer);
} else {
  const sender = fork(new URL(import.meta.url).pathname, ['--send', base, tenant, key, file, mode]);
  await once(sender, 'message');
  let answer = null;
  sender.on('message', (message) => {
    answer = message;
    sender.disconnect();
  });
  const probes = [];
  while (!answer || probes.length < MIN_PROBES) {
    const sent = performance.now();
    const health = await fetch(`${base}/healthz`);
    await health.arrayBuffer();
    if (health.status !== 200) throw new Error(`/healthz answered ${health.status}`);
    probes.push(Math.round((performance.now() - sent) * 10) / 10);
    await sleep(10);
  }
  process.stdout.write(`${JSON.stringify({ ...answer, probes })}\n`);
}
