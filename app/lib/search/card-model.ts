import type { VehicleCard } from '~/lib/contract/inventory';
import { formatUsd } from '~/lib/shared/money';
import { getCardPaymentBlockForQuote, type CardPaymentBlock } from '~/lib/shared/payments/card-payment-block';
import { quoteFinance } from '~/lib/shared/payments/quote';
import { priceDeal } from '~/lib/shared/pricing/deal';
import { feesForState, type PricingPlace } from '~/lib/shared/pricing/state-fees';

// A card as the storefront draws it: the inventory's card plus its payment block. Whether a
// payment can be shown is the payment rules' call (app/lib/shared/payments quality); the figures are
// priced by the one deal-pricing module (app/lib/shared/pricing, issue 12 item 1), as the vehicle
// page, the cart and the contract are (the inventory API knows nothing about credit).

export type CardModel = VehicleCard & { payment: CardPaymentBlock };

/**
 * The card's payment block at $2,500 down over 48 months (seed 001 §9). Without a credit score
 * it is an estimate ('Est.') at the default tier; with the shopper's score (their soft pull,
 * app/lib/checkout-credit.server.ts) it is their personalised payment at their tier, or 'not
 * qualified' below the lowest tier; or the no-payment state the quote's quality calls for.
 * Taxes and fees follow the shopper's place (the state of the zip they gave) wherever a card or
 * the vehicle page is drawn, else the estimate row of the fee table (decision 105).
 */
export function getCardPayment(
  card: Pick<VehicleCard, 'price' | 'type' | 'year' | 'mileage'>,
  currentYear: number | undefined,
  creditScore: number | null | undefined,
  place: PricingPlace,
): CardPaymentBlock {
  const fees = feesForState(place.state);
  const quote = quoteFinance({
    vehicle: { priceCents: card.price * 100, type: card.type, year: card.year, mileage: card.mileage },
    creditScore: creditScore ?? null,
    taxRate: fees.taxRate,
    feesCents: fees.titleRegistrationCents,
    currentYear,
  });
  const deal =
    quote.estimate && quote.creditTier
      ? priceDeal({
          dealType: 'Finance',
          vehicle: { priceCents: card.price * 100, type: card.type },
          state: place.state,
          zip: place.zip,
          creditTier: quote.creditTier,
          downPaymentCents: quote.estimate.downPaymentCents,
          termMonths: quote.estimate.termMonths,
        })
      : null;
  return getCardPaymentBlockForQuote(quote, deal);
}

/**
 * A card with its payment, priced at the shopper's place (their zip's state, as the vehicle page
 * and the cart price it; decision 105), or at the fee table's estimate row while no zip is known.
 */
export function toCardModel(
  card: VehicleCard,
  currentYear: number | undefined,
  creditScore: number | null | undefined,
  place: PricingPlace,
): CardModel {
  return { ...card, payment: getCardPayment(card, currentYear, creditScore, place) };
}

/** The card's name as every link and label says it: '2024 Honda Civic'. */
export function vehicleName(card: Pick<VehicleCard, 'year' | 'make' | 'model'>): string {
  return `${card.year} ${card.make} ${card.model}`;
}

/** The vehicle details page. */
export function vehiclePath(vin: string): string {
  return `/vehicles/${encodeURIComponent(vin)}`;
}

/** Where a sold card's 'See Similar Vehicles' link goes: the similar vehicles of its page. */
export function similarVehiclesHref(vin: string): string {
  return `${vehiclePath(vin)}#similar-vehicles`;
}

/**
 * The price block's second line (seed 001 §2): a new vehicle shows its incentives as
 * '-$N Incentives', or its MSRP when it has no incentives and the MSRP is not zero.
 */
export type PriceNote = { kind: 'incentives'; text: string } | { kind: 'msrp'; text: string } | null;

export function getPriceNote(card: Pick<VehicleCard, 'type' | 'msrp' | 'incentivesTotal'>): PriceNote {
  if (card.type !== 'NEW') return null;
  if (card.incentivesTotal > 0)
    return { kind: 'incentives', text: `-${formatUsd(card.incentivesTotal * 100)} Incentives` };
  if (card.msrp > 0) return { kind: 'msrp', text: `MSRP ${formatUsd(card.msrp * 100)}` };
  return null;
}
