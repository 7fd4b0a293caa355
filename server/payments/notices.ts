import { formatUsdWithCents } from '../../app/lib/shared/money';
import { dealLineTables } from '../notifications/buyer-email-html';
import { buyerHtml, notifyOwner, storefrontLink, tenantOf, type StepBackend } from '../orders/backend';
import type { OrderRow } from '../orders/changes';
import { orderDealLines, orderDealText } from '../orders/deal-text';

// Payment received (issue 31 point 5): sent by whoever recorded the payment's outcome (the
// shopper's request or the reconciliation after a crash), once, since only one of them moves
// the payment out of PROCESSING.

type ReceivedPayment = {
  method: string;
  status: 'CAPTURED' | 'PENDING';
  amountCents: number;
  last4: string | null;
  /** What is still due after this payment. */
  amountDueCents: number;
  /** Everything paid so far, this payment included (captured or pending). */
  paidCents: number;
};

export async function sendPaymentReceived(
  backend: StepBackend,
  order: Pick<OrderRow, 'orderNumber' | 'userId' | 'tenantId' | 'deal'>,
  payment: ReceivedPayment,
): Promise<void> {
  const tenant = tenantOf(backend, order.tenantId);
  const amount = formatUsdWithCents(payment.amountCents);
  const source =
    payment.method === 'ACH'
      ? `bank transfer from the account ending ${payment.last4 ?? ''}`.trim()
      : `card ending ${payment.last4 ?? ''}`.trim();
  const what =
    payment.status === 'CAPTURED'
      ? `We received your payment of ${amount} by ${source} for order ${order.orderNumber}.`
      : `Your ${source} of ${amount} for order ${order.orderNumber} has started. It shows as pending until your bank completes it.`;
  const due =
    payment.amountDueCents > 0
      ? `Still due: ${formatUsdWithCents(payment.amountDueCents)}.`
      : 'Nothing more is due for now.';
  const link = storefrontLink(tenant, `/progress/${encodeURIComponent(order.orderNumber)}`);
  await notifyOwner(backend, order, {
    channel: 'email',
    subject:
      payment.status === 'CAPTURED'
        ? `${tenant.brandName}: payment received for order ${order.orderNumber}`
        : `${tenant.brandName}: your bank transfer for order ${order.orderNumber} has started`,
    body: `${what} ${due}${orderDealText(order, { paidCents: payment.paidCents })}\n\nYour order's progress:\n${link}`,
    html: buyerHtml(tenant, {
      paragraphs: [`${what} ${due}`],
      tables: dealLineTables(orderDealLines(order, { paidCents: payment.paidCents })),
      link: { href: link, label: 'Your order’s progress' },
    }),
  });
  await notifyOwner(backend, order, { channel: 'sms', body: `${tenant.brandName}: ${what}` });
}
