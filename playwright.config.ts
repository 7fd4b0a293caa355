import { defineConfig, devices } from '@playwright/test';
import {
  E2E_BASE_URL,
  E2E_DATA_DIR,
  E2E_DESK_BASE_URL,
  E2E_DESK_DATA_DIR,
  E2E_DESK_PORT,
  E2E_DESK_TENANTS_DIR,
  E2E_FEED_KEY,
  E2E_PHOTO_PORT,
  E2E_PORT,
  e2eFeedKey,
} from './e2e/support/env';

// The e2e suite runs against the BUILT app (`npm run build` first; `npm test` does it), in two
// projects: JavaScript on (with an axe check of every page) and JavaScript off.
// Debian's Chromium is used; Playwright never downloads a browser here.

const ci = Boolean(process.env.CI);

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  forbidOnly: ci,
  retries: ci ? 1 : 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: ci ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    baseURL: E2E_BASE_URL,
    // Traces cost time on every test: record them only when CI retries a failure.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: chromium,
  },
  projects: [
    { name: 'js-on', use: { ...devices['Desktop Chrome'], launchOptions: chromium, javaScriptEnabled: true } },
    { name: 'js-off', use: { ...devices['Desktop Chrome'], launchOptions: chromium, javaScriptEnabled: false } },
  ],
  webServer: [
    {
      // A new database each run: the folder is removed before the server seeds it again.
      command: `node -e "require('node:fs').rmSync('${E2E_DATA_DIR}', { recursive: true, force: true })" && node build/start.js`,
      url: `${E2E_BASE_URL}/healthz`,
      reuseExistingServer: !ci,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(E2E_PORT),
        DATA_DIR: E2E_DATA_DIR,
        // Vehicles across the three demo tenants. A long repeat run (--repeat-each 20 of the
        // purchase specs) buys more than 900 hold: E2E_SEED_VEHICLES raises it for that run.
        SEED_VEHICLES: process.env.E2E_SEED_VEHICLES ?? '900',
        SHOWROOM_TEST_MODE: '1',
        NODE_ENV: 'production',
        // The account tests read confirmation codes from the outbox, hidden in production by default.
        OUTBOX_PAGE: '1',
        // The UI kit's showcase (/dev/ui), hidden in production by default, has its own axe test.
        UI_KIT_PAGE: '1',
        // Checkout's order-creation wait (about 90 s in production) cut short for the tests.
        ORDER_CREATION_SECONDS: '3',
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
        // The gallery tests load a feed with photos over HTTP, in every demo tenant (e2e/storefront-gallery.spec.ts).
        INVENTORY_API_KEY_DEFAULT: E2E_FEED_KEY,
        INVENTORY_API_KEY_LAKEVIEW: e2eFeedKey('lakeview'),
        INVENTORY_API_KEY_NORTHSIDE: e2eFeedKey('northside'),
        // Those photos come from the local photo host below, on loopback, which the photo
        // fetcher refuses unless allowed (decision 069).
        PHOTO_FETCH_ALLOW_NETWORKS: '127.0.0.1/32',
        // Every test browser comes from 127.0.0.1: the per-address lead limit (10 an hour) would
        // count the whole run as one shopper (e2e/leads-limits.spec.ts sets its own address).
        LEAD_ADDRESS_LIMIT: '500',
      },
    },
    {
      // The desk walk's server (e2e/desk-walk.spec.ts, issue 33): the demo tenants copied with
      // `partners: "desk"`, so nothing the dealer does happens until staff act at /desk, while
      // the server above keeps them `simulated` for every other test. Its own database, fewer cars.
      command: `node scripts/e2e-desk-tenants.mjs ${E2E_DESK_TENANTS_DIR} && node -e "require('node:fs').rmSync('${E2E_DESK_DATA_DIR}', { recursive: true, force: true })" && node build/start.js`,
      url: `${E2E_DESK_BASE_URL}/healthz`,
      reuseExistingServer: !ci,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(E2E_DESK_PORT),
        DATA_DIR: E2E_DESK_DATA_DIR,
        TENANTS_DIR: E2E_DESK_TENANTS_DIR,
        SEED_VEHICLES: '90',
        SHOWROOM_TEST_MODE: '1',
        NODE_ENV: 'production',
        OUTBOX_PAGE: '1',
        ORDER_CREATION_SECONDS: '3',
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
        LEAD_ADDRESS_LIMIT: '500',
      },
    },
    {
      // The dealer photo host those feeds point at (local, generated photos).
      command: `npx tsx e2e/support/photo-server.ts ${E2E_PHOTO_PORT}`,
      url: `http://127.0.0.1:${E2E_PHOTO_PORT}/healthz`,
      reuseExistingServer: !ci,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
