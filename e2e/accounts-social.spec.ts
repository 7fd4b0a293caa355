import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { accountMenu, createShopper, uniqueEmail } from './support/accounts';
import { E2E_BASE_URL, E2E_PORT } from './support/env';
import {
  registerWithApp,
  startOidcProvider,
  withConfiguredProviders,
  withProviderLock,
  type TestOidcProvider,
} from './support/oidc-provider';
import { tenantOrigin, tenantUrl } from './support/tenants';

// Social sign-in with the two providers, against real OpenID Connect providers this file
// starts on free ports (not mocks): the app discovers them, sends the browser there, and
// swaps the code with PKCE. The app (in test mode) is pointed at them while a test holds
// the lock, since both projects' workers share the one app.

let north: TestOidcProvider;
let peak: TestOidcProvider;

test.beforeAll(async () => {
  const redirectUris = (['default', 'lakeview'] as const).flatMap((tenant) =>
    ['sign-in', 'sign-up'].map((initiator) => `${tenantOrigin(tenant)}/integration/social-idp?initiator=${initiator}`),
  );
  [north, peak] = await Promise.all([
    startOidcProvider({ name: 'North ID', redirectUris }),
    startOidcProvider({ name: 'Peak ID', redirectUris }),
  ]);
});

test.afterAll(async () => {
  await Promise.all([north?.close(), peak?.close()]);
});

/** Runs a test's social sign-ins while the app points at this file's providers. */
function withProviders<T>(run: () => Promise<T>): Promise<T> {
  return withProviderLock(String(E2E_PORT), async () => {
    await registerWithApp(E2E_BASE_URL, 'north-id', north);
    await registerWithApp(E2E_BASE_URL, 'peak-id', peak);
    return run();
  });
}

type ProviderShopper = { email: string; firstName?: string; lastName?: string; verified?: boolean };

/** On the provider's page: says who the shopper is there, or cancels. */
async function answerProvider(page: Page, provider: TestOidcProvider, shopper: ProviderShopper | 'cancel') {
  await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/interaction/`));
  await expect(page.getByRole('heading', { name: `Sign in with ${provider.name}` })).toBeVisible();
  if (shopper === 'cancel') {
    await page.getByRole('button', { name: 'Cancel' }).click();
    return;
  }
  await page.getByLabel('Email', { exact: true }).fill(shopper.email);
  await page.getByLabel('First name').fill(shopper.firstName ?? 'Sky');
  await page.getByLabel('Last name').fill(shopper.lastName ?? 'Harper');
  if (shopper.verified === false) await page.getByLabel('Email verified').uncheck();
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('signs up with North ID, then signs in with it again', async ({ page, visit }) => {
  const email = uniqueEmail('north');
  await withProviders(async () => {
    await visit(tenantUrl('default', '/sign-up'));
    await page.getByRole('link', { name: 'Sign up with North ID' }).click();
    await answerProvider(page, north, { email, firstName: 'Sky', lastName: 'Harper' });
    await expect(page).toHaveURL(tenantUrl('default', '/account'));
    await expect(page.getByText('Welcome! Your account is ready.')).toBeVisible();
    await expect(page.getByTestId('current-email')).toHaveText(email);
    await expect(page.getByText('You signed up with North ID: change your email and password there.')).toBeVisible();
    await expect(accountMenu(page)).toContainText('Sky Harper');

    await page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Sign out' }).click();
    await expect(accountMenu(page)).toHaveCount(0);

    await visit(tenantUrl('default', '/sign-in'));
    await page.getByRole('link', { name: 'Sign in with North ID' }).click();
    // The provider still knows this browser: it may send the shopper straight back.
    await page.waitForURL((url) => url.origin === tenantOrigin('default') || url.href.startsWith(north.issuer));
    if (page.url().startsWith(north.issuer)) await answerProvider(page, north, { email });
    await expect(page).toHaveURL(tenantUrl('default', '/'));
    await expect(accountMenu(page)).toContainText('Sky Harper');
  });
});

test('signs in with Peak ID, linked by the verified e-mail to the account the shopper already has', async ({
  page,
  request,
  visit,
}) => {
  const shopper = await createShopper(request, 'default', 'peak');
  await withProviders(async () => {
    await visit(tenantUrl('default', '/sign-in'));
    await page.getByRole('link', { name: 'Sign in with Peak ID' }).click();
    await answerProvider(page, peak, { email: shopper.email.toUpperCase(), firstName: 'Someone', lastName: 'Else' });
    await expect(page).toHaveURL(tenantUrl('default', '/'));
    // The existing account, with its own name: nothing new was made.
    await expect(accountMenu(page)).toContainText(`${shopper.firstName} ${shopper.lastName}`);
  });
});

test('a cancelled or unverified social sign-in goes back to the screen it started on, with a message', async ({
  page,
  visit,
}) => {
  await withProviders(async () => {
    await visit(tenantUrl('default', '/sign-in'));
    await page.getByRole('link', { name: 'Sign in with North ID' }).click();
    await answerProvider(page, north, 'cancel');
    await expect(page).toHaveURL(tenantUrl('default', '/sign-in'));
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: "We couldn't sign you in with North ID. Please try again or use your email." }),
    ).toBeVisible();

    await visit(tenantUrl('default', '/sign-up'));
    await page.getByRole('link', { name: 'Sign up with Peak ID' }).click();
    await answerProvider(page, peak, { email: uniqueEmail('unverified'), verified: false });
    await expect(page).toHaveURL(tenantUrl('default', '/sign-up'));
    await expect(
      page.getByRole('alert').filter({ hasText: "Peak ID hasn't verified your email address" }),
    ).toBeVisible();
    await expect(accountMenu(page)).toHaveCount(0);
  });
});

test('each tenant offers only the providers it switched on', async ({ page, visit }) => {
  await withProviders(async () => {
    await visit(tenantUrl('lakeview', '/sign-in'));
    await expect(page.getByRole('link', { name: 'Sign in with North ID' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in with Peak ID' })).toHaveCount(0);
    // Asking anyway, by URL, does not leave the site.
    await visit(tenantUrl('lakeview', '/integration/social-idp?provider=peak-id&initiator=sign-in'));
    await expect(page).toHaveURL(tenantUrl('lakeview', '/sign-in'));
    await expect(
      page.getByRole('alert').filter({ hasText: 'Peak ID sign-in is not available right now.' }),
    ).toBeVisible();

    await page.getByRole('link', { name: 'Sign in with North ID' }).click();
    await answerProvider(page, north, { email: uniqueEmail('lakeview'), firstName: 'Lee', lastName: 'Shore' });
    // A new shopper lands on the account page.
    await expect(page).toHaveURL(tenantUrl('lakeview', '/account'));
    await expect(accountMenu(page)).toContainText('Lee Shore');
  });
  await visit(tenantUrl('northside', '/sign-in'));
  await expect(page.getByRole('link', { name: /with (North|Peak) ID/ })).toHaveCount(0);
});

test('a provider without a configured client shows no button, even where the tenant turns it on', async ({
  page,
  visit,
}) => {
  await withConfiguredProviders(E2E_BASE_URL, String(E2E_PORT), [], async () => {
    for (const tenant of ['default', 'lakeview'] as const) {
      for (const path of ['/sign-in', '/sign-up']) {
        await visit(tenantUrl(tenant, path));
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('link', { name: /with (North|Peak) ID/ })).toHaveCount(0);
      }
    }
  });
  await withConfiguredProviders(E2E_BASE_URL, String(E2E_PORT), ['peak-id'], async () => {
    await visit(tenantUrl('default', '/sign-in'));
    await expect(page.getByRole('link', { name: 'Sign in with Peak ID' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in with North ID' })).toHaveCount(0);
  });
});
