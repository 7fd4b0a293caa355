import type { DealTerms } from '../contract/tracker';
import { formatUsdAmount as formatUsd } from '../shared/money';

// The deal's terms as the deal review, the finance offer and the contract review show them:
// worded by their loaders (loadDealTerms), so the pages carry no money formatting (decision 057).

/** A line of the terms: what, and how much. */
export type DealTermRow = [label: string, value: string];

/** The vehicle, its price, taxes and fees, the trade-in, then the cash total or the loan's terms. */
export function dealTermRows(terms: DealTerms): DealTermRow[] {
  const lines: DealTermRow[] = [
    ['Vehicle', `${terms.vehicle.year} ${terms.vehicle.make} ${terms.vehicle.model} ${terms.vehicle.trim}`],
    ['Vehicle price', formatUsd(terms.priceCents)],
    ['Taxes', formatUsd(terms.taxesCents)],
    ['Title, registration and fees', formatUsd(terms.feesCents)],
  ];
  if (terms.tradeIn) {
    const equity = terms.tradeIn.equityCents;
    lines.push(
      ['Trade-in', `${terms.tradeIn.year} ${terms.tradeIn.make} ${terms.tradeIn.model}`],
      ['Trade-in offer', formatUsd(terms.tradeIn.offerCents)],
      ['Trade-in loan payoff', formatUsd(terms.tradeIn.payoffCents)],
      ['Trade-in equity', equity < 0 ? `-${formatUsd(-equity)}` : formatUsd(equity)],
    );
  }
  if (terms.dealType === 'Cash') {
    lines.push(['Total price', formatUsd(terms.dueCents)]);
    return lines;
  }
  lines.push(
    [terms.dealType === 'Lease' ? 'Due at signing' : 'Down payment', formatUsd(terms.downPaymentCents)],
    [terms.dealType === 'Lease' ? 'Amount capitalized' : 'Amount financed', formatUsd(terms.amountFinancedCents)],
    ['APR', terms.aprPercent === null ? '—' : `${terms.aprPercent.toFixed(2)}%`],
    ['Term', terms.termMonths === null ? '—' : `${terms.termMonths} months`],
    [
      'Monthly payment',
      terms.monthlyPaymentCents === null ? 'Set with your dealer' : formatUsd(terms.monthlyPaymentCents),
    ],
  );
  return lines;
}
