import { availableVin, orderSummary } from './support/checkout';
import { expect, test } from './support/fixtures';

// Issue 12 item 2: the vehicle page calculator's choices go into the cart, with JavaScript on
// and off, and the cart prints the same monthly payment and due-today as the calculator.
// ($6,000 down over 72 months: the figures the issue saw dropped.)

test('the calculator’s down payment and term are carried into the cart with the same payment', async ({
  page,
  request,
  visit,
  jsEnabled,
}) => {
  const vin = await availableVin(request);
  await visit(`/vehicles/${vin}`);
  const calculator = page.getByTestId('payment-calculator');
  const result = calculator.getByTestId('calculator-result');
  await calculator.getByLabel('Term').selectOption('72');
  const downPayment = calculator.getByLabel('Down payment', { exact: true });
  await downPayment.fill('6000');
  if (jsEnabled) {
    await downPayment.blur();
  } else {
    await calculator.getByRole('button', { name: 'Update payment' }).click();
    await expect(page).toHaveURL(/term=72/);
  }
  await expect(result).toContainText('72 mos');
  await expect(result).toContainText(/\$6,000 down/);
  const monthly = (await result.getByTestId('calculator-monthly').textContent())!.trim();
  expect(monthly).toMatch(/^\$[\d,]+\.\d\d\/mo$/);
  await expect(result.getByTestId('calculator-due-today')).toHaveText('$6,000.00');

  await page
    .getByTestId('start-purchase-form')
    .getByRole('radio', { name: /^Finance/ })
    .check();
  await page.getByTestId('start-purchase').click();
  await expect(page).toHaveURL(/\/checkout\/cart$/);
  const summary = orderSummary(page);
  await expect(summary.getByTestId('summary-downPayment')).toContainText('$6,000.00');
  await expect(summary.getByTestId('summary-term')).toContainText('72 mos');
  await expect(summary.getByTestId('summary-monthly')).toContainText(monthly);
  await expect(summary.getByTestId('summary-dueToday')).toContainText('$6,000.00');
});
