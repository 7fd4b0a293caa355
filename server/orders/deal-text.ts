import { formatUsdWithCents } from '../../app/lib/shared/money';
import { dealLines, dealLinesText, type DealLines } from '../../app/lib/shared/pricing/deal-lines';
import type { OrderDeal } from '../db/schema';
import type { OrderRow } from './changes';

// The deal's lines in a buyer's e-mail (issue 31 point 5): the order confirmation, the
// appointment booked or moved, the contract ready to sign and the payment received all print
// the order's stored deal with the lines every other surface prints (app/lib/shared/pricing/
// deal-lines.ts), never a price worked out again.

/**
 * The e-mail's "Your deal" part: the stored deal's lines as plain text, or an empty string for
 * an order without a stored deal (older orders). `paidCents`: what the buyer has paid so far,
 * which a cash deal subtracts from its total to show the balance still due, as the receipt does.
 */
export function orderDealText(order: Pick<OrderRow, 'deal'>, options: { paidCents?: number } = {}): string {
  const lines = orderDealLines(order, options);
  return lines ? `\n\nYour deal:\n\n${dealLinesText(lines)}` : '';
}

/** The stored deal's lines, for the e-mail's HTML part; null for an order without a stored deal. */
export function orderDealLines(order: Pick<OrderRow, 'deal'>, options: { paidCents?: number } = {}): DealLines | null {
  const record = order.deal as OrderDeal | null | undefined;
  if (!record?.priced) return null;
  return dealLines(record, { paidCents: options.paidCents ?? null });
}

/** A trade-in's own figures, labelled as the deal's lines label them: value, payoff, equity. */
export function tradeInFigures(figures: {
  offerCents: number;
  payoffCents: number;
}): Array<{ label: string; value: string }> {
  const rows = [{ label: 'Trade-in value', value: formatUsdWithCents(figures.offerCents) }];
  if (figures.payoffCents > 0)
    rows.push({ label: 'Trade-in loan payoff', value: formatUsdWithCents(figures.payoffCents) });
  rows.push({ label: 'Trade-in equity', value: formatUsdWithCents(figures.offerCents - figures.payoffCents) });
  return rows;
}

export function tradeInFiguresText(figures: { offerCents: number; payoffCents: number }): string {
  return tradeInFigures(figures)
    .map((row) => `${row.label}: ${row.value}`)
    .join('\n');
}
