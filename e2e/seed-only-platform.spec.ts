import type { Page } from '@playwright/test';
import { stepPath } from '~/lib/tracker/steps';
import { DEMO_SHOPPER, SCENARIOS, scenarioOrderNumber, type WorkStep } from '#server/db/seed-data/scenarios';
import { signInDemoShopper, startBuiltServer, freePort, type BuiltServer } from '../tests/support/built-server';
import { startSeedOnlyPlatform, type SeedOnlyPlatform } from '../tests/support/seed-only-platform';
import { expect, test } from './support/fixtures';

// Issue 34 point 1, in the browser (JavaScript on and off): the tracker against a commerce
// platform that implements only the seed's API (tests/support/seed-only-platform.ts answers a
// plain 404 for every extension of ours). Each demo order's bare tracker URL lands on the step
// the seed's rules make active, the step list reads as scenarios.ts says, a step link opens its
// page (a client navigation with JavaScript on), and the not-found and server-issue pages keep
// their meaning. The vitest suite (tests/server/seed-only-platform.test.ts) reads every step
// page's HTML; this one is what a shopper's browser shows, hydrated and checked by axe.

const TENANT = 'default';

test.describe.configure({ mode: 'serial' });
// The first test opens every placed demo order's tracker (about 20 pages, each with its axe
// check): about a minute on a quiet machine, more on a busy one.
test.setTimeout(240_000);

let platform: SeedOnlyPlatform | undefined;
let server: BuiltServer | undefined;
let cookie = '';

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const port = await freePort();
  platform = await startSeedOnlyPlatform(`http://127.0.0.1:${port}`);
  server = await startBuiltServer(
    { DATABASE_URL: '', SEED_VEHICLES: '20', COMMERCE_API_URL: platform.url, COMMERCE_API_BUILT_IN: '' },
    { port, readyWithinMs: 200_000 },
  );
  cookie = await signInDemoShopper(server.base, DEMO_SHOPPER.email, DEMO_SHOPPER.password);
});

test.afterAll(async () => {
  await server?.stop();
  await platform?.close();
});

test.beforeEach(async ({ context }) => {
  platform!.down = false;
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: server!.base };
    }),
  );
});

/** The desktop step list as the browser shows it: step -> status, in order. */
async function shownSteps(page: Page): Promise<Partial<Record<WorkStep, string>>> {
  const items = page.getByTestId('tracker-steps').locator('li[data-step]');
  const pairs = await items.evaluateAll((nodes) =>
    nodes.map((node) => [node.getAttribute('data-step'), node.getAttribute('data-status')] as const),
  );
  return Object.fromEntries(pairs) as Partial<Record<WorkStep, string>>;
}

const placed = SCENARIOS.filter((scenario) => scenario.expected.activeStep);

test('every placed demo order: the bare URL opens the active step, the list reads as the seed says', async ({
  page,
  visit,
  jsEnabled,
}) => {
  for (const scenario of placed) {
    const order = scenarioOrderNumber(TENANT, scenario.suffix);
    const active = scenario.expected.activeStep!;
    await visit(`${server!.base}/progress/${order}`);
    expect(new URL(page.url()).pathname, scenario.key).toBe(stepPath(order, active));
    expect(await shownSteps(page), scenario.key).toEqual(scenario.expected.steps);
    await expect(page.getByTestId('tracker-steps').locator(`li[data-step="${active}"]`)).toHaveAttribute(
      'aria-current',
      'step',
    );

    // Another step that can be opened: its link opens it (client-side with JavaScript on).
    const other = (Object.entries(scenario.expected.steps) as [WorkStep, string][]).find(
      ([step, status]) => step !== active && status !== 'NOT_READY',
    );
    if (!other) continue;
    await page.getByTestId('tracker-steps').locator(`li[data-step="${other[0]}"] a`).click();
    await expect(page, `${scenario.key}: ${other[0]}`).toHaveURL(`${server!.base}${stepPath(order, other[0])}`);
    await expect(page.getByTestId('tracker-steps').locator(`li[data-step="${other[0]}"]`)).toHaveAttribute(
      'aria-current',
      'step',
    );
    if (jsEnabled) {
      // The page after a client navigation reads the same steps.
      expect(await shownSteps(page), `${scenario.key} after opening ${other[0]}`).toEqual(scenario.expected.steps);
    }
  }
});

test('an order the platform does not have shows the not-found page', async ({ page, visit }) => {
  const response = await visit(`${server!.base}/progress/SR-DEFAULT-99999`);
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId('not-found-page')).toBeVisible();
});

test('the platform down shows the server-issue page with its phone and Try again', async ({ page, visit }) => {
  const scenario = placed[0]!;
  const order = scenarioOrderNumber(TENANT, scenario.suffix);
  platform!.down = true;
  const response = await visit(`${server!.base}/progress/${order}`);
  expect(response?.status()).toBe(503);
  await expect(page.getByTestId('tracker-server-issue')).toBeVisible();
  await expect(page.locator('a[href^="tel:"]').first()).toBeVisible();
  // Once it answers again, Try again brings the order back.
  platform!.down = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page).toHaveURL(`${server!.base}${stepPath(order, scenario.expected.activeStep!)}`);
});
