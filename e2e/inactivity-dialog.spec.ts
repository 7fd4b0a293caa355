import { DEMO_SHOPPER } from '../server/db/seed-data/scenarios';
import { INACTIVITY_TEXTS, SESSION_IDLE_MINUTES, SESSION_WARNING_SECONDS } from '../app/lib/inactivity';
import { expect, test } from './support/fixtures';

// The inactivity dialog of the pre-qualification (seed 002 §4): after a quiet spell it asks
// whether the shopper is still there. Its code (Headless UI's dialog) is not loaded with the
// page but a minute before it is due (decision 046); it still shows at its time.

test('the dialog shows at its time, with code loaded shortly before, and Continue Session closes it', async ({
  page,
  jsEnabled,
  checkA11y,
}) => {
  test.skip(!jsEnabled, 'the countdown runs in the browser; without it the server alone ends the session');
  await page.clock.install();
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(DEMO_SHOPPER.email);
  await page.getByLabel('Password').fill(DEMO_SHOPPER.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/');

  const dialogCode: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/dialog-panel-[^/]+\.js$/.test(request.url())) dialogCode.push(request.url());
  });
  await page.goto('/financing/pre-qualify');
  await page.waitForLoadState('networkidle');
  expect(dialogCode).toEqual([]);

  const warnAfterSeconds = SESSION_IDLE_MINUTES * 60 - SESSION_WARNING_SECONDS;
  // A second before the warning: the code has been asked for, the dialog is not shown yet.
  await page.clock.fastForward((warnAfterSeconds - 1) * 1000);
  await expect.poll(() => dialogCode.length).toBe(1);
  const dialog = page.getByRole('dialog', { name: INACTIVITY_TEXTS.title });
  await expect(dialog).toHaveCount(0);

  await page.clock.fastForward(2000);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('your session ends in 1:5');
  await checkA11y();
  await dialog.getByRole('button', { name: INACTIVITY_TEXTS.continue }).click();
  await expect(dialog).toHaveCount(0);
});
