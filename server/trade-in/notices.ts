import { formatDealerDate } from '../../app/lib/shared/dealer-time';
import { formatUsd } from '../../app/lib/shared/money';
import { buyerHtml, notifyOwner, storefrontLink, tenantOf, type StepBackend } from '../orders/backend';
import { tradeInFigures, tradeInFiguresText } from '../orders/deal-text';
import { payoffCentsOf, type OfferRow } from './service';

// "Check your e-mail" (seed 002, the trade-in in further review): the shopper hears once when
// the offer is ready, whether the review timer ran out or a person at the desk valued it. The
// caller sends it only when its own conditional update moved the offer out of review.

export async function sendTradeInOfferReady(backend: StepBackend, offer: OfferRow): Promise<void> {
  if (offer.status !== 'proposed' || offer.offerCents === null) return;
  const tenant = tenantOf(backend, offer.tenantId);
  const vehicle = `${offer.year} ${offer.make} ${offer.model} ${offer.trim}`.trim();
  const until = offer.expiresAt ? ` It is good until ${formatDealerDate(offer.expiresAt, tenant.timeZone)}.` : '';
  const link = storefrontLink(tenant, '/account/trade-ins');
  const intro = `We reviewed your ${vehicle}. Our offer is ${formatUsd(offer.offerCents)}.${until}`;
  const figures = { offerCents: offer.offerCents, payoffCents: payoffCentsOf(offer) };
  await notifyOwner(backend, offer, {
    channel: 'email',
    subject: `${tenant.brandName}: your trade-in offer is ready`,
    body: `${intro}\n\n${tradeInFiguresText(figures)}\n\nSee it and apply it to a purchase:\n${link}`,
    html: buyerHtml(tenant, {
      paragraphs: [intro],
      tables: [{ rows: tradeInFigures(figures) }],
      link: { href: link, label: 'See it and apply it to a purchase' },
    }),
  });
  await notifyOwner(backend, offer, {
    channel: 'sms',
    body: `${tenant.brandName}: your trade-in offer for the ${vehicle} is ready: ${formatUsd(offer.offerCents)}. ${link}`,
  });
}
