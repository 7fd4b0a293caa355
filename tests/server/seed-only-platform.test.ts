import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { stepPath } from '~/lib/tracker/steps';
import { SCENARIOS, DEMO_SHOPPER, scenarioOrderNumber, type WorkStep } from '#server/db/seed-data/scenarios';
import { freePort, isBuilt, signInDemoShopper, startBuiltServer, type BuiltServer } from '../support/built-server';
import { startSeedOnlyPlatform, type SeedOnlyPlatform } from '../support/seed-only-platform';

// Issue 34 point 1: the tracker on a commerce platform that implements only the seed's API. The
// built storefront (node build/start.js) runs with COMMERCE_API_URL pointing at a platform that
// answers the seed's endpoints and a plain 404 for each extension of ours
// (tests/support/seed-only-platform.ts, which passes the seed's calls on to the process's own
// backend for the demo's data). Every demo order's bare tracker URL, every step page and the
// error pages are fetched as a browser without JavaScript sees them; the steps must read as
// scenarios.ts says the seed's rules make them. Needs the production build; skipped without it.

const TENANT = 'default';

/** The step list as the page renders it: data-step and data-status, in sequence order. */
function renderedSteps(html: string): Partial<Record<WorkStep, string>> {
  const steps: Partial<Record<WorkStep, string>> = {};
  for (const match of html.matchAll(/data-step="([A-Z_]+)"[^>]*?data-status="([A-Z_]+)"/g)) {
    steps[match[1] as WorkStep] ??= match[2]!;
  }
  return steps;
}

describe.skipIf(!isBuilt)(
  `the tracker on a seed-only platform${isBuilt ? '' : ' (skipped: no build, npm run build)'}`,
  () => {
    let server: BuiltServer | undefined;
    let platform: SeedOnlyPlatform;
    let base = '';
    let cookie = '';

    beforeAll(async () => {
      const port = await freePort();
      platform = await startSeedOnlyPlatform(`http://127.0.0.1:${port}`);
      server = await startBuiltServer(
        { DATABASE_URL: '', SEED_VEHICLES: '20', COMMERCE_API_URL: platform.url, COMMERCE_API_BUILT_IN: '' },
        { port },
      );
      base = server.base;
      cookie = await signInDemoShopper(base, DEMO_SHOPPER.email, DEMO_SHOPPER.password);
    }, 180_000);

    afterAll(async () => {
      await server?.stop();
      await platform?.close();
    }, 60_000);

    beforeEach(() => {
      platform.down = false;
    });

    const get = (url: string) => fetch(`${base}${url}`, { headers: { cookie }, redirect: 'manual' });

    it('is a platform without our extensions: they answer 404, the seed calls answer', async () => {
      const order = scenarioOrderNumber(TENANT, SCENARIOS[0]!.suffix);
      await get(`/progress/${order}`);
      const asked = (suffix: string) => platform.calls.filter((call) => call.path.endsWith(suffix));
      expect(asked('/tracker-state').every((call) => call.status === 404)).toBe(true);
      expect(asked(`/public/commerce/orders/${order}`).some((call) => call.status === 200)).toBe(true);
    });

    it.each(SCENARIOS.map((scenario) => [scenario.key, scenario] as const))(
      'bare URL and every step page of %s read as the seed says',
      async (_key, scenario) => {
        const order = scenarioOrderNumber(TENANT, scenario.suffix);
        const bare = await get(`/progress/${order}`);
        const active = scenario.expected.activeStep;
        if (!active) {
          // Not placed: no tracker, the not-found page.
          expect(bare.status).toBe(404);
          expect((await bare.text()).includes('data-testid="not-found-page"')).toBe(true);
          return;
        }
        expect(bare.status).toBe(302);
        expect(bare.headers.get('location')).toBe(stepPath(order, active));

        for (const [step, status] of Object.entries(scenario.expected.steps) as [WorkStep, string][]) {
          const page = await get(stepPath(order, step));
          if (status === 'NOT_READY') {
            // A step that is not ready cannot be opened (seed 000 §2.2): to the active step.
            expect(page.status, step).toBe(302);
            expect(page.headers.get('location'), step).toBe(stepPath(order, active));
            continue;
          }
          expect(page.status, `${step} of ${order}`).toBe(200);
          const html = await page.text();
          expect(renderedSteps(html), `${step} of ${order}`).toEqual(scenario.expected.steps);
          // The page's own step is the current one in the list.
          expect(new RegExp(`data-step="${step}"[^>]*aria-current="step"`).test(html), step).toBe(true);
          if (step === 'PAYMENT_DETAILS') {
            // No payments extension: the status from the order, and the dealer takes the payment.
            expect(html.includes('data-testid="payment-by-dealer"'), order).toBe(true);
            expect(html.includes('data-testid="fact-payment-status"'), order).toBe(true);
          }
        }
      },
      60_000,
    );

    it('answers an order the platform does not have with the not-found page, bare and on a step', async () => {
      for (const url of ['/progress/SR-DEFAULT-99999', stepPath('SR-DEFAULT-99999', 'VERIFY_ID')]) {
        const page = await get(url);
        expect(page.status, url).toBe(404);
        expect((await page.text()).includes('data-testid="not-found-page"'), url).toBe(true);
      }
    });

    it('answers the server-issue page with its 503 when the platform is down, bare and on a step', async () => {
      const scenario = SCENARIOS.find((item) => item.expected.activeStep)!;
      const order = scenarioOrderNumber(TENANT, scenario.suffix);
      platform.down = true;
      for (const url of [`/progress/${order}`, stepPath(order, scenario.expected.activeStep!)]) {
        const page = await get(url);
        expect(page.status, url).toBe(503);
        const html = await page.text();
        expect(html.includes('data-testid="tracker-server-issue"'), url).toBe(true);
        // Seed 000 §2.2: a phone link, and a Try again button once an order exists.
        expect(/href="tel:/.test(html), url).toBe(true);
        expect(/<button[^>]*type="submit"[^>]*>Try again<\/button>/.test(html), url).toBe(true);
      }
    });
  },
);
