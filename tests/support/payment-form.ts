import { expect } from 'vitest';
import { stepPath } from '~/lib/tracker/steps';
import { DEMO_SHOPPER } from '#server/db/seed-data/scenarios';

/**
 * Pays on an order's payment step as a browser without JavaScript does: reads the form's
 * idempotency key from the page, then posts the card form (amount $100) with `card`.
 */
export async function payByCard(base: string, cookie: string, order: string, card: string): Promise<Response> {
  const page = stepPath(order, 'PAYMENT_DETAILS');
  const html = await (await fetch(`${base}${page}`, { headers: { cookie } })).text();
  const key = /name="idempotencyKey"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*name="idempotencyKey"/.exec(html);
  expect(key).not.toBeNull();
  const expiry = `12/${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`;
  return fetch(`${base}${page}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie, origin: base, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      intent: 'card',
      idempotencyKey: key![1] ?? key![2]!,
      amount: '100',
      cardName: `${DEMO_SHOPPER.firstName} ${DEMO_SHOPPER.lastName}`,
      cardNumber: card,
      expiry,
      cvc: '123',
      postalCode: '78701',
      email: DEMO_SHOPPER.email,
    }),
  });
}
