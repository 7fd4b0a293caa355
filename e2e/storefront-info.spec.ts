import { expect, test } from './support/fixtures';
import { DEMO_TENANTS, isExternalHref, tenantConfig, tenantText, tenantUrl } from './support/tenants';

// The copy pages of seed 000 §2.4 in every demo tenant: their URLs, the tenant's heading, intro,
// sections and meta title; the footer's legal links and the header's links reach them; and the
// landing page has the search box.

const PAGES = [
  ['whyUs', '/why-us'],
  ['warranty', '/warranty'],
  ['financing', '/financing'],
  ['tradeIn', '/trade-in'],
  ['faq', '/faq'],
  ['accessibility', '/accessibility'],
  ['contactUs', '/contact-us'],
  ['privacyNotice', '/privacy-notice'],
  ['privacyPolicy', '/privacy-policy'],
  ['cookiePolicy', '/cookie-policy'],
  ['termsOfUse', '/terms-of-use'],
] as const;

for (const tenant of DEMO_TENANTS) {
  test.describe(`${tenant} info pages`, () => {
    for (const [key, path] of PAGES) {
      test(`${path} shows the tenant's copy and title`, async ({ page, visit }) => {
        const config = tenantConfig(tenant);
        const response = await visit(tenantUrl(tenant, path));
        expect(response?.status()).toBe(200);
        const copy = config.texts.pages[key];
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(tenantText(tenant, copy.heading));
        await expect(page.getByText(tenantText(tenant, copy.intro), { exact: true })).toBeVisible();
        for (const section of copy.sections) {
          await expect(
            page.getByRole('heading', { level: 2, name: tenantText(tenant, section.heading), exact: true }),
          ).toBeVisible();
        }
        await expect(page).toHaveTitle(tenantText(tenant, config.texts.meta[key].title));
        await expect(page.locator('meta[name="description"]')).toHaveAttribute(
          'content',
          tenantText(tenant, config.texts.meta[key].description),
        );
      });
    }
  });
}

test('the FAQ answers what lender-qualified means, where the card tooltip points', async ({ page, visit }) => {
  await visit('/faq#what-does-lender-qualified-mean');
  await expect(
    page.locator('#what-does-lender-qualified-mean').getByRole('heading', { name: 'What does lender-qualified mean?' }),
  ).toBeVisible();
});

test('contact us links the phone and the e-mail', async ({ page, visit }) => {
  await visit('/contact-us');
  const phone = tenantConfig('default').dealerPhone.number;
  await expect(
    page
      .locator('main')
      .getByRole('link', { name: `(${phone.slice(0, 3)}) ${phone.slice(3, 6)} - ${phone.slice(6)}` })
      .first(),
  ).toHaveAttribute('href', `tel:+1${phone}`);
  await expect(page.locator('main').getByRole('link', { name: 'help@showroom.test' })).toHaveAttribute(
    'href',
    'mailto:help@showroom.test',
  );
});

test("the footer's legal links and the header's links lead to the pages", async ({ page, visit }) => {
  for (const tenant of DEMO_TENANTS) {
    await visit(tenantUrl(tenant, '/'));
    const legal = Object.values(tenantConfig(tenant).legalLinks).filter((href) => href && !isExternalHref(href));
    // Each of these paths is one of the pages checked above.
    for (const href of legal) {
      await expect(page.getByTestId('site-footer').locator(`a[href="${href}"]`)).toHaveCount(1);
      expect(PAGES.map(([, path]) => path as string)).toContain(href);
    }
  }
  await visit('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL('/faq');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    tenantText('default', tenantConfig('default').texts.pages.faq.heading),
  );
});

test('the landing page has the search box in every tenant', async ({ page, visit }) => {
  for (const tenant of DEMO_TENANTS) {
    await visit(tenantUrl(tenant, '/'));
    const search = page.getByRole('search');
    await expect(search.getByLabel('Search by make, model or keyword')).toBeVisible();
    await expect(search.getByRole('button', { name: 'Search' })).toBeVisible();
  }
});

test("other pages' inline data leaves out the copy pages' texts, which each copy page loads itself", async ({
  page,
  request,
  visit,
}) => {
  // Decision 083: the eleven pages' texts (about 20 KB) were in every page's root data.
  const faq = tenantConfig('default').texts.pages.faq;
  const lastHeading = tenantText('default', faq.sections.at(-1)!.heading);
  const landing = await (await request.get('/')).text();
  expect(landing).toContain(tenantConfig('default').brandName);
  expect(landing).not.toContain(lastHeading);
  await visit('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL('/faq');
  await expect(page.getByRole('heading', { level: 2, name: lastHeading, exact: true })).toBeVisible();
});
