import { formatApr, formatUsdWithCents, formatWholeNumber } from '~/lib/shared/money';
import type { PricedDeal } from './deal';
import { feesForState } from './state-fees';

// The deal's line list (issue 31): every surface that shows a deal (cart, order summary,
// checkout Overview, receipt, the tracker's deal facts, "Review your contract", the signing
// frame, the contract PDF and the e-mails) prints these lines, made here from the one stored,
// priced deal (app/lib/shared/pricing/deal.ts) and never priced again. The lines are grouped:
// each group's lines add up, to the cent, to the group's total (a sign on every amount), so a
// shopper can follow the arithmetic on any page, and the tests check that it holds.
//
//   Finance  price + sales tax + title/registration + dealer fees + each plan − trade-in value
//            + payoff − down payment = amount financed
//   Cash     price + sales tax + title/registration + dealer fees + each plan − trade-in value
//            + payoff = total price; on the receipt, total − paid today = balance due
//   Lease    agreed value + acquisition fee + each plan − trade-in value + payoff − down payment
//            = adjusted capitalized cost; first payment + down payment + deposit + fees = due at signing

export type DealLineParty = { firstName: string; lastName: string };

/** The stored deal with what its lines name: the plans, the trade-in vehicle, the parties. */
export type DealRecord = {
  priced: PricedDeal;
  /** The protection plans chosen, by name; absent on older orders (one "Vehicle protection" line). */
  protectionPlans?: ReadonlyArray<{ name: string; priceCents: number }> | null;
  tradeIn?: { year: number; make: string; model: string } | null;
  parties?: { buyer: DealLineParty | null; coBuyer: DealLineParty | null } | null;
};

/**
 * A line: what, the amount it adds to its group's total (negative: subtracted), and as printed.
 * `sentence`: the value is a sentence, not a figure (the monthly payment's no-payment state).
 */
export type DealLine = { id: string; label: string; cents: number | null; value: string; sentence?: boolean };
export type DealLineGroup = { id: string; title: string; lines: DealLine[]; total: DealLine };
export type DealLines = {
  dealType: PricedDeal['dealType'];
  groups: DealLineGroup[];
  /** The terms that are not sums: trade-in equity, APR or money factor, term, monthly payment. */
  terms: DealLine[];
  /** Buyer and co-buyer (lessee and co-lessee). */
  parties: DealLine[];
};

/** '-$2,500.00' for a subtracted amount: a hyphen-minus, which the contract PDF's fonts also write. */
function signed(cents: number): string {
  return formatUsdWithCents(cents);
}

function money(id: string, label: string, cents: number): DealLine {
  return { id, label, cents, value: signed(cents) };
}

function fact(id: string, label: string, value: string): DealLine {
  return { id, label, cents: null, value };
}

function group(id: string, title: string, lines: DealLine[], totalLabel: string, totalCents: number): DealLineGroup {
  return { id, title, lines, total: money(`${id}.total`, totalLabel, totalCents) };
}

function percent(rate: number): string {
  return `${(Math.round(rate * 100_000) / 1000).toString()}%`;
}

/** Each plan by name; whatever the names do not cover (an older order) as one protection line. */
function protectionLines(record: DealRecord): DealLine[] {
  const { protectionCents } = record.priced;
  const plans = (record.protectionPlans ?? []).filter((plan) => plan.priceCents > 0);
  const named = plans.reduce((sum, plan) => sum + plan.priceCents, 0);
  const lines =
    named <= protectionCents
      ? plans.map((plan, index) => money(`protection.${index}`, plan.name, plan.priceCents))
      : [];
  const rest = protectionCents - lines.reduce((sum, line) => sum + (line.cents ?? 0), 0);
  if (rest > 0) lines.push(money('protection', 'Vehicle protection', rest));
  return lines;
}

function tradeInLines(record: DealRecord): DealLine[] {
  const tradeIn = record.priced.tradeIn;
  if (!tradeIn) return [];
  const vehicle = record.tradeIn ? ` (${record.tradeIn.year} ${record.tradeIn.make} ${record.tradeIn.model})` : '';
  return [
    money('tradeIn.value', `Trade-in value${vehicle}`, -tradeIn.offerCents),
    money('tradeIn.payoff', 'Trade-in loan payoff', tradeIn.payoffCents),
  ];
}

/** The sales tax line, naming the rate and the trade-in credit when the state gives one. */
function taxLine(priced: PricedDeal): DealLine {
  const credited = Boolean(priced.tradeIn?.taxCreditAllowed && feesForState(priced.state).tradeInCredit);
  const credit =
    credited && priced.tradeIn ? `, after the ${formatUsdWithCents(priced.tradeIn.offerCents)} trade-in credit` : '';
  return money('taxes', `Sales tax (${percent(priced.taxRate)}${credit})`, priced.taxesCents);
}

function feeLines(priced: PricedDeal): DealLine[] {
  const lines = [money('fees.titleRegistration', 'Title and registration', priced.titleRegistrationCents)];
  if (priced.dealerFeesCents > 0) lines.push(money('fees.dealer', 'Dealer fees', priced.dealerFeesCents));
  return lines;
}

function partyLines(record: DealRecord): DealLine[] {
  const lease = record.priced.dealType === 'Lease';
  const parties = record.parties;
  const lines: DealLine[] = [];
  if (parties?.buyer)
    lines.push(fact('buyer', lease ? 'Lessee' : 'Buyer', `${parties.buyer.firstName} ${parties.buyer.lastName}`));
  if (parties?.coBuyer)
    lines.push(
      fact('coBuyer', lease ? 'Co-lessee' : 'Co-buyer', `${parties.coBuyer.firstName} ${parties.coBuyer.lastName}`),
    );
  return lines;
}

function equityLine(priced: PricedDeal): DealLine[] {
  return priced.tradeIn ? [money('tradeIn.equity', 'Trade-in equity', priced.tradeIn.equityCents)] : [];
}

/**
 * The monthly payment line: the figure, or (seed 001 "Card payment block", seed 002 "Down
 * payment adjustment") the no-payment state, the suggestion to adjust the down payment or
 * remove the trade-in, for a deal not yet placed that the lender would not finance.
 */
function monthlyLine(priced: PricedDeal, noPayment: string | null | undefined): DealLine {
  return noPayment
    ? { ...fact('monthly', 'Monthly payment', noPayment), sentence: true }
    : fact('monthly', 'Monthly payment', formatUsdWithCents(priced.monthlyPaymentCents ?? 0));
}

/**
 * The deal's lines. `paidCents`: what was taken at placement (the receipt), which a cash
 * receipt subtracts from the total to show the balance still due. `noPayment`: why the cart's
 * deal has no payment (its problem's message), printed instead of the monthly payment.
 */
export function dealLines(
  record: DealRecord,
  options: { paidCents?: number | null; noPayment?: string | null } = {},
): DealLines {
  const { priced } = record;
  const parties = partyLines(record);
  if (priced.dealType === 'Lease' && priced.lease) {
    const lease = priced.lease;
    const capCost = group(
      'capCost',
      'Capitalized cost',
      [
        money('price', 'Agreed value of the vehicle', priced.priceCents),
        money('lease.acquisitionFee', 'Acquisition fee', lease.acquisitionFeeCents),
        ...protectionLines(record),
        ...tradeInLines(record),
        money('downPayment', 'Down payment (cap cost reduction)', -priced.downPaymentCents),
      ],
      'Adjusted capitalized cost',
      lease.adjustedCapCostCents,
    );
    const dueAtSigning = group(
      'dueAtSigning',
      'Due at signing',
      [
        money('lease.firstPayment', 'First monthly payment', lease.firstPaymentCents),
        money('downPayment.cash', 'Down payment', priced.downPaymentCents),
        ...(lease.securityDepositCents > 0
          ? [money('lease.securityDeposit', 'Security deposit', lease.securityDepositCents)]
          : []),
        ...feeLines(priced),
      ],
      'Due at signing',
      priced.dueTodayCents,
    );
    return {
      dealType: priced.dealType,
      groups: [capCost, dueAtSigning],
      terms: [
        ...equityLine(priced),
        fact('lease.capCostReduction', 'Capitalized cost reduction', formatUsdWithCents(lease.capCostReductionCents)),
        fact('lease.residual', 'Residual value', formatUsdWithCents(lease.residualCents)),
        fact('lease.moneyFactor', 'Money factor', lease.moneyFactor.toFixed(5)),
        fact('term', 'Term', `${priced.termMonths ?? 0} months`),
        fact('lease.annualMiles', 'Annual miles included', `${formatWholeNumber(lease.annualMiles)} miles`),
        monthlyLine(priced, options.noPayment),
        fact('lease.monthlyTax', 'Sales tax in each payment', formatUsdWithCents(lease.monthlyTaxCents)),
      ],
      parties,
    };
  }

  const price = [
    money('price', 'Vehicle price', priced.priceCents),
    taxLine(priced),
    ...feeLines(priced),
    ...protectionLines(record),
    ...tradeInLines(record),
  ];
  if (priced.dealType === 'Cash') {
    const groups = [group('total', 'Total price', price, 'Total due', priced.totalCents)];
    const paid = options.paidCents;
    if (paid !== null && paid !== undefined) {
      groups.push(
        group(
          'balance',
          'Balance',
          [money('balance.total', 'Total price', priced.totalCents), money('paid', 'Paid today', -paid)],
          'Balance due',
          priced.totalCents - paid,
        ),
      );
    }
    return { dealType: priced.dealType, groups, terms: equityLine(priced), parties };
  }
  // Finance (a lease the residual cannot carry is worked out by the dealer: its price lines only).
  const financed = priced.amountFinancedCents ?? 0;
  return {
    dealType: priced.dealType,
    groups: [
      group(
        'financed',
        'Amount financed',
        [...price, money('downPayment', 'Down payment', -priced.downPaymentCents)],
        'Amount financed',
        financed,
      ),
    ],
    terms: [
      ...equityLine(priced),
      fact('apr', 'Annual percentage rate', priced.aprPercent === null ? '—' : formatApr(priced.aprPercent)),
      fact('term', 'Term', `${priced.termMonths ?? 0} months`),
      monthlyLine(priced, options.noPayment),
      money('dueToday', 'Due today (down payment)', priced.dueTodayCents),
    ],
    parties,
  };
}

/** The lines as an e-mail's plain text prints them: a title per group, 'label: value' per line. */
export function dealLinesText(lines: DealLines): string {
  const row = (line: DealLine) => `${line.label}: ${line.value}`;
  const groups = lines.groups.map((entry) =>
    [entry.title, ...entry.lines.map(row), `= ${row(entry.total)}`].join('\n'),
  );
  return [...groups, lines.terms.map(row).join('\n'), lines.parties.map(row).join('\n')]
    .filter((part) => part.length > 0)
    .join('\n\n');
}

/** The groups whose lines do not add up to their total (none, for any deal this module priced). */
export function unbalancedGroups(lines: Pick<DealLines, 'groups'>): string[] {
  return lines.groups
    .filter((entry) => entry.lines.reduce((sum, line) => sum + (line.cents ?? 0), 0) !== entry.total.cents)
    .map((entry) => entry.id);
}
