#!/usr/bin/env node
// `npm test`: lint, format (prettier), unused code (knip), typecheck, unit and integration (vitest), build, e2e (Playwright,
// JavaScript on and off). Every step runs even when an earlier one fails, and the run
// ends with one line `N passed, N failed` counting every test and check.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';

const reports = '.cache/test-reports';
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

let passed = 0;
let failed = 0;
let skipped = 0;
const summary = [];

function run(label, command, args, env = {}) {
  process.stdout.write(`\n=== ${label}: ${[command, ...args].join(' ')}\n`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  return { ok: result.status === 0, seconds };
}

function check(label, command, args) {
  const { ok, seconds } = run(label, command, args);
  if (ok) passed += 1;
  else failed += 1;
  summary.push(`${label}: ${ok ? 'ok' : 'FAILED'} (${seconds} s)`);
  return ok;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

function portAnswers(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

const npx = 'npx';

check('lint', npx, ['eslint', '.', '--max-warnings', '0']);
check('format', npx, ['prettier', '--check', '.', '--log-level', 'warn']);
// Unused files, exports and dependencies (knip.jsonc): a helper nothing calls is not a feature.
check('unused code', npx, ['knip', '--no-progress', '--no-config-hints']);
check('typecheck', npx, ['tsc', '--noEmit']);

// When a server answers, its tests must RUN: a suite that would skip them fails instead.
const services = {};
if (await portAnswers(5432)) services.SHOWROOM_REQUIRE_POSTGRES = '1';
else
  process.stdout.write(
    '\nPostgreSQL does not answer on 127.0.0.1:5432: the PostgreSQL tests are skipped (PGlite ones still run).\n',
  );
if (await portAnswers(6379)) services.SHOWROOM_REQUIRE_REDIS = '1';
else process.stdout.write('\nRedis does not answer on 127.0.0.1:6379: the Redis tests are skipped.\n');

// The adversarial suite (tests/adversarial) runs the production build as a real process: build first.
const built = check('build', 'npm', ['run', 'build', '--silent']);

{
  const file = `${reports}/vitest.json`;
  const { ok, seconds } = run(
    'unit and integration (vitest)',
    npx,
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
    services,
  );
  const report = readJson(file);
  if (report) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + report.numTodoTests;
    if (!ok && report.numFailedTests === 0) failed += 1; // failed outside a test (a suite that did not load)
    summary.push(
      `vitest: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests} skipped (${seconds} s)`,
    );
    // Each file's wall time, the slowest first, so a slow suite is seen at once.
    const files = (report.testResults ?? [])
      .map((result) => ({
        name: String(result.name).replace(`${process.cwd()}/`, ''),
        ms: (result.endTime ?? 0) - (result.startTime ?? 0),
      }))
      .filter((result) => result.ms > 0)
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 8);
    for (const { name, ms } of files) summary.push(`  ${name} (${(ms / 1000).toFixed(1)} s)`);
  } else {
    failed += 1;
    summary.push(`vitest: no report (${seconds} s)`);
  }
}

if (built) {
  const file = `${reports}/playwright.json`;
  const { ok, seconds } = run(
    'e2e (Playwright, JavaScript on and off)',
    npx,
    ['playwright', 'test', '--reporter=list,json'],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: file,
    },
  );
  const report = readJson(file);
  if (report?.stats) {
    const { expected, unexpected, flaky, skipped: pwSkipped } = report.stats;
    passed += expected + flaky;
    failed += unexpected;
    skipped += pwSkipped;
    if (!ok && unexpected === 0) failed += 1;
    summary.push(`playwright: ${expected + flaky} passed, ${unexpected} failed, ${pwSkipped} skipped (${seconds} s)`);
  } else {
    failed += 1;
    summary.push(`playwright: no report (${seconds} s)`);
  }
} else {
  summary.push('e2e: not run, the build failed');
}

process.stdout.write(`\n=== Summary\n${summary.map((line) => `  ${line}`).join('\n')}\n`);
if (skipped > 0) process.stdout.write(`  (${skipped} skipped)\n`);
process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
process.exit(failed === 0 ? 0 : 1);
