// Lighthouse mobile audits of the storefront's key pages (issue 17 point 5), against a server
// that is already running: it builds and starts nothing. Debian's Chromium is driven through
// chrome-launcher; no browser is downloaded. Not part of `npm test`: it measures time.
//
//   npm run lighthouse -- --url http://localhost:3000 [--runs 3] [--tracker /progress/<order>/<step>]
//
// Pages: landing, search, the first vehicle of the search page, and a tracker page of the
// seeded demo shopper (signed in through the sign-in form). Each page's four scores are the
// median of its runs; the script exits 1 when one is below its goal and lists what cost points.
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { DEMO_SHOPPER, scenarioOrderNumber } from '../server/db/seed-data/scenarios';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

/** Issue 17's goals. The tracker is rightly noindex, so SEO is not asked of it. */
const GOALS: Record<Category, number> = { performance: 98, accessibility: 100, 'best-practices': 100, seo: 100 };

const HELP = `Usage: npm run lighthouse -- [--url URL] [--runs N] [--tracker PATH]

  --url      the running storefront (default $LIGHTHOUSE_URL or http://localhost:3000)
  --runs     runs per page; the median score is kept (default 3)
  --tracker  the tracker page to audit (default the demo shopper's order ${scenarioOrderNumber('default', 10001)})
  --help     this text`;

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: process.env.LIGHTHOUSE_URL ?? 'http://localhost:3000' },
    runs: { type: 'string', default: '3' },
    tracker: { type: 'string', default: `/progress/${scenarioOrderNumber('default', 10001)}/insurance-verification` },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.info(HELP);
  process.exit(0);
}
const base = values.url.replace(/\/$/, '');
const runs = Math.max(1, Number.parseInt(values.runs, 10) || 1);

async function firstVehiclePath(): Promise<string> {
  const html = await (await fetch(`${base}/search`)).text();
  const match = /href="(\/vehicles\/[A-HJ-NPR-Z0-9]{17})"/.exec(html);
  if (!match) throw new Error(`no vehicle link on ${base}/search`);
  return match[1]!;
}

/** The demo shopper's session cookies, from the sign-in form's answer. */
async function demoShopperCookie(): Promise<string> {
  const response = await fetch(`${base}/sign-in`, {
    method: 'POST',
    body: new URLSearchParams({
      'signin-email': DEMO_SHOPPER.email,
      'signin-password': DEMO_SHOPPER.password,
      redirectTo: '/',
    }),
    redirect: 'manual',
  });
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
  if (response.status !== 302 || cookies.length === 0)
    throw new Error(`the demo shopper could not sign in (${response.status}): is the database seeded?`);
  return cookies.join('; ');
}

type Page = { name: string; path: string; goals: Partial<Record<Category, number>>; headers?: Record<string, string> };

function median(numbers: number[]): number {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

async function main() {
  const { seo: _seo, ...trackerGoals } = GOALS;
  const pages: Page[] = [
    { name: 'landing', path: '/', goals: GOALS },
    { name: 'search', path: '/search', goals: GOALS },
    { name: 'vehicle', path: await firstVehiclePath(), goals: GOALS },
    { name: 'tracker', path: values.tracker, goals: trackerGoals, headers: { Cookie: await demoShopperCookie() } },
  ];
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  let failed = false;
  try {
    for (const page of pages) {
      const scores: Record<Category, number[]> = { performance: [], accessibility: [], 'best-practices': [], seo: [] };
      const lost = new Map<string, string>();
      for (let run = 0; run < runs; run += 1) {
        const result = await lighthouse(`${base}${page.path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
          extraHeaders: page.headers,
        });
        if (!result) throw new Error(`no Lighthouse result for ${page.path}`);
        const { lhr } = result;
        for (const category of CATEGORIES) {
          const entry = lhr.categories[category];
          scores[category].push(Math.round((entry?.score ?? 0) * 100));
          for (const ref of entry?.auditRefs ?? []) {
            const audit = lhr.audits[ref.id];
            if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1)
              lost.set(
                `${category}: ${ref.id}`,
                `${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`,
              );
          }
        }
      }
      const line = CATEGORIES.map((category) => {
        const score = median(scores[category]);
        const goal = page.goals[category];
        const below = goal !== undefined && score < goal;
        if (below) failed = true;
        return `${category} ${score}${goal === undefined ? ' (no goal)' : below ? ` (goal ${goal}: BELOW)` : ''}`;
      }).join(', ');
      console.info(`${page.name.padEnd(8)} ${page.path}\n  ${line}`);
      for (const [id, title] of lost) console.info(`    - ${id}: ${title}`);
    }
  } finally {
    await chrome.kill();
  }
  if (failed) {
    console.error('Lighthouse: a score is below its goal (issue 17 point 5).');
    process.exit(1);
  }
}

await main();
