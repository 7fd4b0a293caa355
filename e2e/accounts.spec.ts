import { expect, test } from './support/fixtures';
import {
  PASSWORD,
  accountMenu,
  createShopper,
  fillSignUp,
  formatPhone,
  readCodeFromOutbox,
  signInWithPassword,
  submit,
  uniqueEmail,
  uniquePhone,
} from './support/accounts';
import { E2E_BASE_URL, E2E_PORT } from './support/env';
import { withConfiguredProviders } from './support/oidc-provider';
import { tenantConfig, tenantText, tenantUrl } from './support/tenants';

// A new shopper's walk through the account screens, with JavaScript on and off: sign up,
// confirm by e-mail code and by SMS code, sign out, sign in with the password and with a
// passcode, reset the password, and the account page. Codes are read from /dev/outbox.

test('signs up, confirms by e-mail code, signs out and signs in again with the password', async ({
  page,
  context,
  visit,
  jsEnabled,
}) => {
  const email = uniqueEmail('signup');
  const phone = uniquePhone();
  await withConfiguredProviders(E2E_BASE_URL, String(E2E_PORT), ['north-id', 'peak-id'], async () => {
    await visit(tenantUrl('default', '/sign-up'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create your account');
    // The default tenant has social login on: its layout is the social card, names side by side.
    await expect(page.locator('[data-layout="social-card"]')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign up with North ID' })).toBeVisible();
  });
  await expect(page.getByTestId('consumer-agreement')).toHaveText(
    tenantText('default', tenantConfig('default').texts.consumerAgreement),
  );
  for (const name of [/Terms of Use/, /Privacy Policy/]) {
    await expect(page.getByRole('main').getByRole('link', { name })).toHaveAttribute('target', '_blank');
  }

  await fillSignUp(page, {
    firstName: 'Rowan',
    lastName: 'Ellis',
    email,
    phone,
    password: PASSWORD,
    marketingEmail: true,
  });
  if (jsEnabled) {
    await expect(page.getByLabel('Phone number')).toHaveValue(formatPhone(phone));
    await expect(page.getByTestId('password-rules')).toContainText('Your password meets all the requirements.');
    await expect(page.getByTestId('password-match')).toHaveText('Passwords match.');
  }
  await submit(page, 'Sign Up');

  await expect(page).toHaveURL(/\/confirm-account$/);
  await expect(page.getByRole('status').filter({ hasText: `We sent a 6-digit code to ${email}` })).toBeVisible();
  const emailField = page.getByLabel('Email');
  await expect(emailField).toHaveValue(email);
  await expect(emailField).toHaveAttribute('readonly', '');
  await expect(page.locator('input[type="hidden"][name="confirm-account-password"]')).toHaveValue('');
  const codeField = page.getByLabel('Confirmation code');
  await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');

  await codeField.fill(await readCodeFromOutbox(context, 'default', email));
  await submit(page, 'Confirm');
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText('Thanks! Your account is confirmed.')).toBeVisible();
  await expect(page.getByTestId('current-email')).toHaveText(email);
  await expect(page.getByLabel('Email me offers, news and vehicle updates.')).toBeChecked();
  await expect(accountMenu(page)).toContainText('Rowan Ellis');

  await page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(tenantUrl('default', '/'));
  await expect(accountMenu(page)).toHaveCount(0);

  await signInWithPassword(page, 'default', email, PASSWORD);
  await expect(page).toHaveURL(tenantUrl('default', '/'));
  await expect(accountMenu(page)).toContainText('Rowan Ellis');
});

test('confirms the sign-up by SMS code instead', async ({ page, context, visit }) => {
  const email = uniqueEmail('sms');
  const phone = uniquePhone();
  // Northside has no social login: the side-image layout, names one above the other.
  await visit(tenantUrl('northside', '/sign-up'));
  await expect(page.locator('[data-layout="side-image"]')).toBeVisible();
  await expect(page.getByRole('link', { name: /with North ID/ })).toHaveCount(0);
  await fillSignUp(page, { firstName: 'Sam', lastName: "O'Neil", email, phone, password: PASSWORD });
  await submit(page, 'Sign Up');
  await expect(page).toHaveURL(/\/confirm-account$/);

  await page.getByRole('button', { name: 'Text me a code instead' }).click();
  await expect(page).toHaveURL(/\/confirm-sms$/);
  await expect(page.getByText(`phone number ending in ${phone.slice(-4)}`).first()).toBeVisible();
  const code = await readCodeFromOutbox(context, 'northside', phone);

  // A resend: the seed's alert, and the new code replaces the old one.
  await page.getByRole('button', { name: 'Send a new code' }).click();
  await expect(page.getByText('Code resent: Please check your phone.')).toBeVisible();
  const resent = await readCodeFromOutbox(context, 'northside', phone);
  if (resent !== code) {
    await page.getByLabel('SMS code').fill(code);
    await submit(page, 'Confirm');
    await expect(page.getByText('Oops, wrong code. Please try again or send a new code.')).toBeVisible();
  }
  await page.getByLabel('SMS code').fill(resent);
  await submit(page, 'Confirm');
  await expect(page).toHaveURL(/\/account$/);
  await expect(accountMenu(page)).toContainText("Sam O'Neil");
});

test('signs in with a one-time passcode', async ({ page, context, request, visit }) => {
  const shopper = await createShopper(request, 'default', 'passcode');
  await visit(tenantUrl('default', '/sign-in'));
  await page.getByRole('link', { name: 'Sign in with a one-time passcode instead' }).click();
  await expect(page).toHaveURL(/\/sign-in\/passcode$/);
  await page.getByLabel('Email').fill(shopper.email);
  await submit(page, 'Send Passcode');
  await expect(page.getByText(`If ${shopper.email} has an account, we sent it a 6-digit passcode`)).toBeVisible();

  const passcode = page.getByLabel('Passcode');
  await expect(passcode).toHaveAttribute('autocomplete', 'one-time-code');
  const code = await readCodeFromOutbox(context, 'default', shopper.email);
  await passcode.fill(code === '000000' ? '111111' : '000000');
  await submit(page, 'Verify');
  await expect(page.getByText("You've entered an incorrect passcode — please try again.")).toBeVisible();

  await page.getByLabel('Passcode').fill(code);
  await submit(page, 'Verify');
  await expect(page).toHaveURL(tenantUrl('default', '/'));
  await expect(accountMenu(page)).toContainText(`${shopper.firstName} ${shopper.lastName}`);
});

test('resets a forgotten password with the e-mailed code', async ({ page, context, request, visit, jsEnabled }) => {
  const shopper = await createShopper(request, 'lakeview', 'reset');
  await visit(tenantUrl('lakeview', '/sign-in'));
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await page.getByLabel('Email').fill(shopper.email);
  await submit(page, 'Send Code');

  await expect(page).toHaveURL(/\/reset-password\/confirm$/);
  await expect(page.locator('input[type="hidden"][name="confirm-reset-email"]')).toHaveValue(shopper.email);
  await page.getByLabel('Verification code').fill(await readCodeFromOutbox(context, 'lakeview', shopper.email));
  await page.getByLabel('New password', { exact: true }).fill('Lakeview-2027!');
  await page.getByLabel('Confirm new password').fill('Lakeview-2027?');
  await page.getByLabel('Confirm new password').blur();
  if (jsEnabled) await expect(page.getByRole('button', { name: 'Reset Password' })).toBeDisabled();
  else await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Both passwords must match.')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('Lakeview-2027!');
  await page.getByLabel('Confirm new password').fill('Lakeview-2027!');
  await submit(page, 'Reset Password');

  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByText('Your password has been reset. Please sign in with your new password.')).toBeVisible();
  await signInWithPassword(page, 'lakeview', shopper.email, shopper.password);
  await expect(page.getByText('Your email and/or password are incorrect. Please try again.')).toBeVisible();
  await signInWithPassword(page, 'lakeview', shopper.email, 'Lakeview-2027!');
  await expect(accountMenu(page)).toContainText(shopper.firstName);
});

test('sign-up errors show under their fields, keep what was typed and never the password', async ({
  page,
  visit,
  jsEnabled,
}) => {
  await visit(tenantUrl('default', '/sign-up'));
  const values = {
    firstName: 'R2',
    lastName: '-Ellis',
    email: 'rowan+1@shop.test',
    phone: '8005551234',
    password: 'password',
    confirm: 'different',
  };
  await fillSignUp(page, values);
  const expected = {
    'First name': 'Your first name cannot contain numbers or special characters.',
    'Last name': 'Your last name cannot start or end with a hyphen or apostrophe.',
    Email: 'Your email cannot contain a plus sign (+).',
    'Phone number': 'Please enter a valid area code.',
    Password: 'Your password must include an uppercase letter.',
    'Confirm password': 'Both passwords must match.',
  };
  if (jsEnabled) {
    await page.getByLabel('Confirm password').blur();
    // Errors come after a field is touched, and Sign Up stays disabled while any remains.
    for (const [label, message] of Object.entries(expected)) {
      const field = page.getByLabel(label, { exact: true });
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(
        page.locator(`#${await field.getAttribute('aria-describedby').then((ids) => ids?.split(' ')[0])}`),
      ).toHaveText(message);
    }
    await expect(page.getByRole('button', { name: 'Sign Up' })).toBeDisabled();
    await page.getByLabel('First name').fill('  Rowan  ');
    await page.getByLabel('First name').blur();
    await expect(page.getByLabel('First name')).toHaveValue('Rowan');
    return;
  }
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/sign-up$/);
  for (const [label, message] of Object.entries(expected)) {
    await expect(page.getByLabel(label, { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page.getByLabel('First name')).toHaveValue('R2');
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(values.email);
  await expect(page.getByLabel('Phone number')).toHaveValue('(800) 555 - 1234');
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Confirm password')).toHaveValue('');
});

test('an e-mail that already has an account shows the sign-in link and blocks Sign Up', async ({
  page,
  request,
  visit,
  jsEnabled,
}) => {
  const shopper = await createShopper(request, 'default', 'existing');
  await visit(tenantUrl('default', '/sign-up'));
  if (jsEnabled) {
    // Checked as it is typed: no blur, no submit.
    await page.getByLabel('Email', { exact: true }).pressSequentially(shopper.email);
  } else {
    await fillSignUp(page, {
      firstName: 'Rowan',
      lastName: 'Ellis',
      email: shopper.email,
      phone: uniquePhone(),
      password: PASSWORD,
    });
    await page.getByRole('button', { name: 'Sign Up' }).click();
  }
  const message = page.getByTestId('existing-email');
  await expect(message).toHaveText('You already have an account. Click here to sign in.');
  if (jsEnabled) {
    await fillSignUp(page, {
      firstName: 'Rowan',
      lastName: 'Ellis',
      email: shopper.email,
      phone: uniquePhone(),
      password: PASSWORD,
    });
    await expect(page.getByRole('button', { name: 'Sign Up' })).toBeDisabled();
  }
  await message.getByRole('link', { name: 'Click here to sign in.' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
});

test('the three sign-up layouts follow the tenant', async ({ page, visit }) => {
  await withConfiguredProviders(E2E_BASE_URL, String(E2E_PORT), ['north-id', 'peak-id'], async () => {
    await visit(tenantUrl('lakeview', '/sign-up'));
    await expect(page.locator('[data-layout="none"]')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign up with North ID' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign up with Peak ID' })).toHaveCount(0);
  });
  // Lakeview opted out of marketing e-mail: only the SMS consent is offered.
  await expect(page.getByLabel('Email me offers, news and vehicle updates.')).toHaveCount(0);
  await expect(page.getByLabel('Text me offers, news and vehicle updates.')).toBeVisible();

  await visit(tenantUrl('northside', '/sign-up'));
  await expect(page.locator('[data-layout="side-image"] img')).toHaveAttribute('src', /sign-up-side\.svg/);

  await visit(tenantUrl('default', '/sign-up'));
  const names = page.getByTestId('name-fields');
  const first = await names.getByLabel('First name').boundingBox();
  const last = await names.getByLabel('Last name').boundingBox();
  expect(first && last && Math.abs(first.y - last.y) < 2, 'first and last name side by side').toBe(true);
});

test('the account page updates the profile and changes the e-mail with a code', async ({
  page,
  context,
  request,
  visit,
  jsEnabled,
}) => {
  const shopper = await createShopper(request, 'default', 'profile');
  await signInWithPassword(page, 'default', shopper.email, shopper.password);
  await expect(accountMenu(page)).toBeVisible();
  await visit(tenantUrl('default', '/account'));
  for (const section of ['Orders', 'Trade-ins', 'Documents']) {
    await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: section })).toBeVisible();
  }

  await page.getByLabel('First name').fill('Jordan');
  await page.getByLabel('Phone number').fill('2125550147');
  await page.getByLabel('Text me offers, news and vehicle updates.').check();
  await submit(page, 'Save Profile');
  await expect(page.getByText('Your profile has been saved.')).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Jordan');
  await expect(page.getByLabel('Phone number')).toHaveValue('(212) 555 - 0147');
  await expect(page.getByLabel('Text me offers, news and vehicle updates.')).toBeChecked();
  await expect(accountMenu(page)).toContainText('Jordan Reyes');

  const next = uniqueEmail('changed');
  await page.getByLabel('New email', { exact: true }).fill(next);
  await page.getByLabel('Confirm new email').fill(uniqueEmail('typo'));
  await page.getByLabel('Confirm new email').blur();
  if (jsEnabled) await expect(page.getByRole('button', { name: 'Change Email' })).toBeDisabled();
  else await page.getByRole('button', { name: 'Change Email' }).click();
  await expect(page.getByText('Both emails must match.')).toBeVisible();
  await page.getByLabel('Confirm new email').fill(next);
  await submit(page, 'Change Email');
  await expect(page.getByText(`We sent a 6-digit code to ${next}`).first()).toBeVisible();
  await page.getByLabel('Confirmation code').fill(await readCodeFromOutbox(context, 'default', next));
  await submit(page, 'Confirm New Email');
  await expect(page.getByText('Your email has been changed.')).toBeVisible();
  await expect(page.getByTestId('current-email')).toHaveText(next);
});

test('the account area asks a signed-out visitor to sign in and comes back', async ({ page, request, visit }) => {
  const shopper = await createShopper(request, 'default', 'back');
  await visit(tenantUrl('default', '/account/trade-ins'));
  await expect(page).toHaveURL(/\/sign-in\?redirectTo=%2Faccount%2Ftrade-ins$/);
  await page.getByLabel('Email').fill(shopper.email);
  await page.getByLabel('Password', { exact: true }).fill(shopper.password);
  await submit(page, 'Sign In');
  await expect(page).toHaveURL(/\/account\/trade-ins$/);
  await expect(page.getByRole('heading', { name: 'Trade-ins' })).toBeVisible();
});
