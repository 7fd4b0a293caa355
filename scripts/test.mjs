#!/usr/bin/env node
// `npm test`: lint, typecheck, unit and integration (vitest), build, e2e (Playwright,
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

function postgresAnswers() {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port: 5432 });
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
check('typecheck', npx, ['tsc', '--noEmit']);

if (!(await postgresAnswers())) {
  process.stdout.write(
    '\nPostgreSQL does not answer on 127.0.0.1:5432: the PostgreSQL data-layer tests are skipped (PGlite ones still run).\n',
  );
}

{
  const file = `${reports}/vitest.json`;
  const { ok, seconds } = run('unit and integration (vitest)', npx, [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${file}`,
  ]);
  const report = readJson(file);
  if (report) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + report.numTodoTests;
    if (!ok && report.numFailedTests === 0) failed += 1; // failed outside a test (a suite that did not load)
    summary.push(`vitest: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests} skipped (${seconds} s)`);
  } else {
    failed += 1;
    summary.push(`vitest: no report (${seconds} s)`);
  }
}

const built = check('build', 'npm', ['run', 'build', '--silent']);

if (built) {
  const file = `${reports}/playwright.json`;
  const { ok, seconds } = run('e2e (Playwright, JavaScript on and off)', npx, ['playwright', 'test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: file,
  });
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
