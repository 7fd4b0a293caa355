import { dealLinesText } from '../../app/lib/shared/pricing/deal-lines';
import { dealLineTables } from '../notifications/buyer-email-html';
import { buyerHtml, notifyOwner, storefrontLink, tenantOf, type StepBackend } from '../orders/backend';
import type { PlacedOrderNotice } from './service';

// The order confirmation (issue 31 point 5): in the tenant's name, with the deal's lines as
// every other surface prints them (app/lib/shared/pricing/deal-lines.ts), through the outbox or
// SMTP like every other message, with an HTML part in the tenant's brand; a text too for a
// shopper who agreed to texts (decision 111).

export async function sendOrderPlaced(backend: StepBackend, order: PlacedOrderNotice): Promise<void> {
  const tenant = tenantOf(backend, order.tenantId);
  const link = storefrontLink(tenant, `/progress/${encodeURIComponent(order.orderNumber)}`);
  await notifyOwner(backend, order, {
    channel: 'email',
    subject: `${tenant.brandName}: your order ${order.orderNumber} is placed`,
    body: `Thank you for your order ${order.orderNumber} with ${tenant.legalName}. Your deal:\n\n${dealLinesText(order.lines)}\n\nFollow your order here:\n${link}`,
    html: buyerHtml(tenant, {
      paragraphs: [`Thank you for your order ${order.orderNumber} with ${tenant.legalName}. Your deal:`],
      tables: dealLineTables(order.lines),
      link: { href: link, label: 'Follow your order' },
    }),
  });
  await notifyOwner(backend, order, {
    channel: 'sms',
    body: `${tenant.brandName}: your order ${order.orderNumber} is placed. Follow it at ${link}`,
  });
}
