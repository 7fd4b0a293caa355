import sharp from 'sharp';
import { expect, test } from './support/fixtures';
import { PurchasePage } from './support/purchase';

// Seed 002 §5: "Illinois residents cannot use ID capture". A buyer whose home address on the
// order is in Illinois finds no capture link on the tracker's ID step, but the way to upload
// their driver's licence instead; the upload is taken, and the ID step keeps the tracker's rules
// (still to do until the ID check completes). With JavaScript on and off.

const CHICAGO = { street: '233 S Wacker Dr', city: 'Chicago', state: 'IL', zip: '60606', county: 'Cook' };

test('an Illinois resident is offered the licence upload instead of ID capture', async ({
  page,
  request,
  jsEnabled,
}) => {
  // A whole finance purchase, then two tracker pages.
  test.setTimeout(150_000);
  const purchase = new PurchasePage(page, 'default', jsEnabled);
  const shopper = await purchase.signIn(request);
  await purchase.startAndFillOrder(request, 'Finance', { maxPrice: 60_000 });
  await purchase.applyForCredit('approved', CHICAGO);
  await purchase.expectApproved();
  await purchase.acceptOffer();
  await purchase.payByCardOrDeposit({ email: shopper.email, name: 'Morgan Reyes' });
  const orderNumber = await purchase.waitForConfirmation('Order received');

  await page.goto(`/progress/${orderNumber}/id-verification`);
  const instead = page.getByTestId('id-upload-instead');
  await expect(instead).toContainText('Illinois residents cannot use ID capture.');
  await expect(page.getByRole('button', { name: 'Text me the link' })).toHaveCount(0);
  // The tracker's ID rules still hold: the step stays to do until the ID check completes.
  const idStep = page
    .getByRole('navigation', { name: 'Order progress' })
    .getByRole('link', { name: /^Verify your ID/ });
  await expect(idStep).toContainText('Get Started');

  await instead.getByRole('link', { name: 'Upload your driver’s licence' }).click();
  await expect(page).toHaveURL(new RegExp(`/progress/${orderNumber}/doc-upload`));
  const licence = page.locator('[data-upload-type="DriversLicense"]');
  const bytes = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#3b6fb6' } })
    .png()
    .toBuffer();
  await licence
    .locator('input[type="file"]')
    .setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: bytes });
  await licence.getByRole('button', { name: 'Upload' }).click();
  await expect(page.locator('[data-upload-type="DriversLicense"]')).toHaveAttribute('data-upload-status', 'COMPLETE', {
    timeout: 15_000,
  });
  await expect(idStep).toContainText('Get Started');
});
