import { expect, test } from './support/fixtures';
import { DEMO_TENANTS, isExternalHref, tenantConfig, tenantUrl } from './support/tenants';

// The footer: the swoosh decoration (default tenant, 1024 px and up), external links in a new
// tab, and the logo that takes the shopper home and to the top. (Each tenant's links and
// texts are checked in tenant-branding.spec.ts.)

const LEGAL_LABELS: Record<string, string> = {
  privacyPolicy: 'Privacy Policy',
  termsOfUse: 'Terms of Use',
  privacyNotice: 'Privacy Notice',
  cookiePolicy: 'Cookie Policy',
  accessibility: 'Accessibility',
};

test('swoosh: default tenant shows it at 1280 and 1024 px, hides it at 1023 px', async ({ page, visit }) => {
  expect(tenantConfig('default').isDefault).toBe(true);
  await page.setViewportSize({ width: 1280, height: 900 });
  await visit(tenantUrl('default', '/'));
  const swoosh = page.getByRole('contentinfo').getByTestId('footer-swoosh');
  await expect(swoosh).toBeVisible();
  await expect(swoosh).toHaveAttribute('aria-hidden', 'true');

  await page.setViewportSize({ width: 1024, height: 900 });
  await expect(swoosh).toBeVisible();

  await page.setViewportSize({ width: 1023, height: 900 });
  await expect(swoosh).toBeHidden();
});

test('swoosh: never on the dealer tenants', async ({ page, visit }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  for (const id of DEMO_TENANTS.filter((tenant) => tenant !== 'default')) {
    expect(tenantConfig(id).isDefault).toBe(false);
    await visit(tenantUrl(id, '/'));
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page.getByTestId('footer-swoosh')).toHaveCount(0);
  }
});

test('an external legal link opens in a new tab; an in-app one in the same tab', async ({ page, context, visit }) => {
  // Some demo tenant must have an external legal link for this to mean anything.
  const id = DEMO_TENANTS.find((tenant) => Object.values(tenantConfig(tenant).legalLinks).some(isExternalHref));
  expect(id, 'a demo tenant with an external legal link').toBeDefined();
  const links = Object.entries(tenantConfig(id!).legalLinks);
  const [externalKey, externalHref] = links.find(([, href]) => isExternalHref(href))!;
  const [internalKey, internalHref] = links.find(([, href]) => href !== '' && !isExternalHref(href))!;
  // The outside world is not reachable from the test machine: answer for it.
  await context.route(/^https?:\/\/(?!localhost[:/]|[\w-]+\.localhost[:/])/, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>External</title><p>External site</p>' }),
  );

  await visit(tenantUrl(id!, '/'));
  const legal = page.getByRole('contentinfo').getByRole('navigation', { name: 'Legal' });
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    legal.getByRole('link', { name: LEGAL_LABELS[externalKey] }).click(),
  ]);
  await expect(popup).toHaveURL(externalHref);
  await popup.close();
  expect(new URL(page.url()).pathname).toBe('/');

  let opened = false;
  page.on('popup', () => {
    opened = true;
  });
  await legal.getByRole('link', { name: LEGAL_LABELS[internalKey] }).click();
  await expect(page).toHaveURL(new RegExp(`${internalHref}$`));
  expect(opened).toBe(false);
});

test('the footer logo goes to the landing page, at the top', async ({ page, visit }) => {
  await page.setViewportSize({ width: 1280, height: 400 });
  await visit('/');
  await page.mouse.wheel(0, 2000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.getByRole('contentinfo').getByRole('link', { name: /home$/ }).click();
  await expect(page).toHaveURL('/');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
