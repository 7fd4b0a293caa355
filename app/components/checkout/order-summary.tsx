import { Form } from '@remix-run/react';
import { DealLinesTable, Row } from '~/components/deal/deal-lines';
import type { DealLines } from '~/lib/shared/pricing/deal-lines';
import type { ReactNode } from 'react';
import type { Cart, OrderSummary as OrderSummaryData, SummaryChange } from '~/lib/contract/checkout';
import type { CartTradeIn } from '~/lib/contract/trade-in';
import { isOneOf, keysOf } from '~/lib/shared/guards';
import { DEAL_CHANGE_REASON_TEXT } from '~/lib/shared/pricing/deal-change-reasons';
import { deliveryFeeText, type FulfillmentChoice } from '~/lib/shared/pricing/delivery';
import { formatApr, formatMiles, formatTerm, formatUsdWithCents } from '~/lib/shared/money';

// The order summary of seed 002 §2-3 in its three variants. Finance: price, down payment,
// tax/title/registration, protection, term, APR, financed amount, monthly payment, due today.
// Lease: monthly payment, term, annual miles, due at signing, cap cost reduction, security
// deposit, first payment, adjusted cap cost (plus price and protection). Cash: price,
// tax/title/registration, protection, total, due today. The cart aside, the overview and the
// confirmation pages all render this one component.

export const ORDER_SUMMARY_LABELS = {
  heading: 'Order summary',
  price: 'Vehicle price',
  downPayment: 'Down payment',
  taxTitleRegistration: 'Tax, title and registration',
  deliveryFee: 'Delivery fee',
  protection: 'Vehicle protection',
  term: 'Term',
  apr: 'APR',
  financed: 'Financed amount',
  monthly: 'Monthly payment',
  dueToday: 'Due today',
  annualMiles: 'Annual miles',
  dueAtSigning: 'Due at signing',
  capCostReduction: 'Cap cost reduction',
  securityDeposit: 'Security deposit',
  firstPayment: 'First payment',
  adjustedCapCost: 'Adjusted cap cost',
  total: 'Total',
  buyer: 'Buyer:',
  coBuyer: 'Co-buyer:',
  acknowledge: 'Got it, keep these figures',
  changesIntro: 'Some figures changed. Each shows what it was and why.',
  estimate: 'Estimates before taxes are confirmed for your address. Your final terms are set by the lender.',
} as const;

const DEAL_TYPE_LABELS: Record<OrderSummaryData['dealType'], string> = {
  Cash: 'Cash',
  Finance: 'Finance',
  Lease: 'Lease',
};

type Row = { key: string; label: string; value: string; strong?: boolean };

/** The rows of a summary, in the seed's order: exported for tests and for pages that print them differently. */
export function orderSummaryRows(summary: OrderSummaryData): Row[] {
  const L = ORDER_SUMMARY_LABELS;
  const usd = formatUsdWithCents;
  if (summary.dealType === 'Finance') {
    const f = summary.finance;
    return [
      { key: 'price', label: L.price, value: usd(f.priceCents) },
      { key: 'downPayment', label: L.downPayment, value: `-${usd(f.downPaymentCents)}` },
      { key: 'taxTitleRegistration', label: L.taxTitleRegistration, value: usd(f.taxesAndFeesCents) },
      { key: 'protection', label: L.protection, value: usd(f.protectionCents) },
      { key: 'term', label: L.term, value: formatTerm(f.termMonths) },
      { key: 'apr', label: L.apr, value: formatApr(f.aprPercent) },
      { key: 'financed', label: L.financed, value: usd(f.financedCents), strong: true },
      { key: 'monthly', label: L.monthly, value: `${usd(f.monthlyPaymentCents)}/mo`, strong: true },
      { key: 'dueToday', label: L.dueToday, value: usd(f.dueTodayCents), strong: true },
    ];
  }
  if (summary.dealType === 'Lease') {
    const l = summary.lease;
    return [
      { key: 'price', label: L.price, value: usd(l.priceCents) },
      { key: 'monthly', label: L.monthly, value: `${usd(l.monthlyPaymentCents)}/mo`, strong: true },
      { key: 'term', label: L.term, value: formatTerm(l.termMonths) },
      { key: 'annualMiles', label: L.annualMiles, value: formatMiles(l.annualMiles) },
      { key: 'capCostReduction', label: L.capCostReduction, value: usd(l.capCostReductionCents) },
      { key: 'adjustedCapCost', label: L.adjustedCapCost, value: usd(l.adjustedCapCostCents) },
      { key: 'protection', label: L.protection, value: usd(l.protectionCents) },
      { key: 'firstPayment', label: L.firstPayment, value: usd(l.firstPaymentCents) },
      { key: 'securityDeposit', label: L.securityDeposit, value: usd(l.securityDepositCents) },
      { key: 'dueAtSigning', label: L.dueAtSigning, value: usd(l.dueAtSigningCents), strong: true },
    ];
  }
  const c = summary.cash;
  return [
    { key: 'price', label: L.price, value: usd(c.priceCents) },
    { key: 'taxTitleRegistration', label: L.taxTitleRegistration, value: usd(c.taxesAndFeesCents) },
    { key: 'protection', label: L.protection, value: usd(c.protectionCents) },
    { key: 'total', label: L.total, value: usd(c.totalCents), strong: true },
    { key: 'dueToday', label: L.dueToday, value: usd(c.dueTodayCents), strong: true },
  ];
}

export type OrderSummaryProps = {
  summary: OrderSummaryData;
  /** The vehicle line above the figures; omit where the page shows the vehicle already. */
  vehicle?: Pick<NonNullable<Cart['vehicle']>, 'year' | 'make' | 'model' | 'trim' | 'imageUrl'> | null;
  /** Heading level: h2 in an aside, h3 inside a section. */
  /** Figures that moved since the vehicle page's estimate, with why (cart.summaryChanges). */
  changes?: readonly SummaryChange[];
  /**
   * The page to come back to after the shopper acknowledges the changes; with it, the notes
   * carry a "Got it" form (issue 12 item 2) and stay until it is used.
   */
  acknowledgeRedirectTo?: string;
  headingLevel?: 2 | 3;
  heading?: string;
  /** Shown under the figures (e.g. an edit link). */
  footer?: ReactNode;
  className?: string;
  /** Everyone on the deal (cart.parties; issue 12 item 6), named under the purchase type. */
  parties?: Cart['parties'] | null;
  /** The applied trade-in (server/trade-in): its offer, payoff and equity under the figures. */
  /** Delivery or pickup as chosen at Order Details: its fee is a row of the summary (seed 002 §9). */
  fulfillment?: FulfillmentChoice | null;
  tradeIn?: Pick<CartTradeIn, 'year' | 'make' | 'model' | 'offerCents' | 'payoffCents' | 'equityCents'> | null;
  /** The deal's lines (cart.lines, issue 31): every part of each total, as the contract prints them. */
  lines?: DealLines | null;
};

/** 'Was $372.48/mo: Vehicle protection changed.' The reason a figure differs from the estimate (issue 12 item 2). */
export function changeNoteText(change: SummaryChange): string {
  const previous =
    change.row === 'apr'
      ? formatApr(change.previous)
      : change.row === 'monthly'
        ? `${formatUsdWithCents(change.previous)}/mo`
        : formatUsdWithCents(change.previous);
  const reasons = change.reasons
    .map((reason) => (isOneOf(keysOf(DEAL_CHANGE_REASON_TEXT), reason) ? DEAL_CHANGE_REASON_TEXT[reason] : reason))
    .join('; ');
  return change.since === 'acknowledged'
    ? `Was ${previous} when you last checked: ${reasons}.`
    : `Was ${previous} in your estimate: ${reasons}.`;
}

function changeNote(changes: readonly SummaryChange[] | undefined, rowKey: string): ReactNode {
  const change = changes?.find((item) => item.row === rowKey);
  if (!change) return null;
  return <ChangeNote change={change} />;
}

function ChangeNote({ change }: { change: SummaryChange }) {
  return (
    <dd className="col-span-2 text-right text-xs text-gray-700" data-testid={`deal-change-${change.row}`}>
      {changeNoteText(change)}
    </dd>
  );
}

/** The deal line each summary change belongs to: the first of these ids the lines have. */
const CHANGE_LINES: Record<string, readonly string[]> = {
  monthly: ['monthly'],
  apr: ['apr'],
  dueToday: ['dueToday', 'total.total'],
  dueAtSigning: ['dueAtSigning.total'],
  taxTitleRegistration: ['taxes', 'fees.titleRegistration'],
  total: ['total.total'],
  financed: ['financed.total'],
};

/** The change notes placed on the deal lines (issue 31), and any with no line of their own. */
function changeNotesOnLines(
  lineIds: readonly string[],
  changes: readonly SummaryChange[] | undefined,
): { notes: Map<string, ReactNode>; unplaced: SummaryChange[] } {
  const notes = new Map<string, ReactNode>();
  const unplaced: SummaryChange[] = [];
  for (const change of changes ?? []) {
    const id = (CHANGE_LINES[change.row] ?? []).find(
      (candidate) => lineIds.includes(candidate) && !notes.has(candidate),
    );
    if (id) notes.set(id, <ChangeNote change={change} />);
    else unplaced.push(change);
  }
  return { notes, unplaced };
}

function lineIdsOf(lines: DealLines): string[] {
  return [
    ...lines.groups.flatMap((group) => [...group.lines.map((line) => line.id), group.total.id]),
    ...lines.terms.map((line) => line.id),
    ...lines.parties.map((line) => line.id),
  ];
}

/**
 * The summary as the deal's lines (issue 31): one set of lines that adds up, the change notes
 * on the lines they concern; then what is not a sum: the delivery fee (seed 002 §9) and, for
 * cash, what is paid at placement.
 */
function SummaryLines({
  summary,
  lines,
  changes,
  fulfillment,
  headingLevel,
}: {
  summary: OrderSummaryData;
  lines: DealLines;
  changes: readonly SummaryChange[] | undefined;
  fulfillment: FulfillmentChoice | null | undefined;
  headingLevel: 2 | 3;
}) {
  const dueToday =
    summary.dealType === 'Cash'
      ? { id: 'dueToday', label: ORDER_SUMMARY_LABELS.dueToday, cents: summary.cash.dueTodayCents, value: '' }
      : null;
  const { notes, unplaced } = changeNotesOnLines([...lineIdsOf(lines), ...(dueToday ? [dueToday.id] : [])], changes);
  return (
    <div className="mt-3 flex flex-col gap-3">
      <DealLinesTable lines={lines} headingLevel={headingLevel === 2 ? 3 : 4} notes={notes} />
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        {dueToday ? (
          <Row line={{ ...dueToday, value: formatUsdWithCents(dueToday.cents) }} strong note={notes.get(dueToday.id)} />
        ) : null}
        {fulfillment ? (
          <Row
            line={{
              id: 'deliveryFee',
              label: ORDER_SUMMARY_LABELS.deliveryFee,
              cents: null,
              value: deliveryFeeText(fulfillment),
            }}
          />
        ) : null}
        {unplaced.map((change) => (
          <ChangeNote key={change.row} change={change} />
        ))}
      </dl>
    </div>
  );
}

/** The order summary for a finance, lease or cash deal. */
export function OrderSummary({
  summary,
  vehicle,
  changes,
  acknowledgeRedirectTo,
  parties,
  headingLevel = 2,
  heading = ORDER_SUMMARY_LABELS.heading,
  footer,
  className,
  tradeIn,
  fulfillment,
  lines,
}: OrderSummaryProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = `order-summary-heading-${summary.dealType.toLowerCase()}`;
  return (
    <section
      aria-labelledby={headingId}
      className={`rounded-tenant border border-black/15 bg-surface p-4 ${className ?? ''}`}
      data-testid="order-summary"
      data-deal-type={summary.dealType}
    >
      <Heading id={headingId} className="text-lg font-bold">
        {heading}
      </Heading>
      <p className="text-sm text-gray-700">
        Purchase type:{' '}
        <span className="font-semibold" data-testid="order-summary-deal-type">
          {DEAL_TYPE_LABELS[summary.dealType]}
        </span>
      </p>
      {parties?.buyer || parties?.coBuyer ? (
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 text-sm" data-testid="order-summary-parties">
          {parties.buyer ? (
            <>
              <dt className="text-gray-700">{ORDER_SUMMARY_LABELS.buyer}</dt>
              <dd className="font-semibold" data-testid="order-summary-buyer">
                {parties.buyer.firstName} {parties.buyer.lastName}
              </dd>
            </>
          ) : null}
          {parties.coBuyer ? (
            <>
              <dt className="text-gray-700">{ORDER_SUMMARY_LABELS.coBuyer}</dt>
              <dd className="font-semibold" data-testid="order-summary-co-buyer">
                {parties.coBuyer.firstName} {parties.coBuyer.lastName}
              </dd>
            </>
          ) : null}
        </dl>
      ) : null}
      {vehicle ? (
        <div className="mt-3 flex items-center gap-3">
          <img
            src={vehicle.imageUrl}
            alt=""
            width={96}
            height={64}
            className="h-16 w-24 shrink-0 rounded-tenant bg-black/5 object-cover"
            decoding="async"
          />
          <p className="font-semibold">
            {vehicle.year} {vehicle.make} {vehicle.model} <span className="font-normal">{vehicle.trim}</span>
          </p>
        </div>
      ) : null}
      {lines ? (
        <SummaryLines
          summary={summary}
          lines={lines}
          changes={changes}
          fulfillment={fulfillment}
          headingLevel={headingLevel}
        />
      ) : (
        <>
          <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
            {orderSummaryRows(summary).map((row) => (
              <div key={row.key} className="contents" data-line={row.key}>
                <dt className={row.strong ? 'font-bold' : undefined}>{row.label}</dt>
                <dd className={`text-right tabular-nums ${row.strong ? 'font-bold' : ''}`}>{row.value}</dd>
                {changeNote(changes, row.key)}
              </div>
            ))}
            {fulfillment ? (
              <div className="contents" data-line="deliveryFee">
                <dt>{ORDER_SUMMARY_LABELS.deliveryFee}</dt>
                <dd className="text-right">{deliveryFeeText(fulfillment)}</dd>
              </div>
            ) : null}
          </dl>
          {tradeIn ? <TradeInRows tradeIn={tradeIn} /> : null}
        </>
      )}
      {acknowledgeRedirectTo && changes && changes.length > 0 ? (
        <Form
          method="post"
          action="/checkout/acknowledge-changes"
          className="mt-3 rounded-tenant border border-black/15 bg-black/[0.03] p-3 text-sm"
          data-testid="deal-changes-acknowledge"
        >
          <p>{ORDER_SUMMARY_LABELS.changesIntro}</p>
          <input type="hidden" name="redirectTo" value={acknowledgeRedirectTo} />
          <button
            type="submit"
            className="mt-2 cursor-pointer rounded-tenant border border-primary px-3 py-1 font-semibold text-primary"
          >
            {ORDER_SUMMARY_LABELS.acknowledge}
          </button>
        </Form>
      ) : null}
      <p className="mt-3 text-xs text-gray-700">{ORDER_SUMMARY_LABELS.estimate}</p>
      {footer ? <div className="mt-3">{footer}</div> : null}
    </section>
  );
}

/** The trade-in lines of a summary: offer, payoff and the equity that goes into the deal. */
export function TradeInRows({ tradeIn }: { tradeIn: NonNullable<OrderSummaryProps['tradeIn']> }) {
  const usd = formatUsdWithCents;
  return (
    <dl
      className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-t border-black/10 pt-3 text-sm"
      data-testid="deal-trade-in"
    >
      <dt className="col-span-2 font-semibold">
        Trade-in: {tradeIn.year} {tradeIn.make} {tradeIn.model}
      </dt>
      <dt>Trade-in offer</dt>
      <dd className="text-right tabular-nums">{usd(tradeIn.offerCents)}</dd>
      <dt>Loan payoff</dt>
      <dd className="text-right tabular-nums">-{usd(tradeIn.payoffCents)}</dd>
      <dt className="font-bold">Trade-in equity</dt>
      <dd className="text-right font-bold tabular-nums" data-line="tradeIn.equity">
        {tradeIn.equityCents < 0 ? `-${usd(-tradeIn.equityCents)}` : usd(tradeIn.equityCents)}
      </dd>
    </dl>
  );
}
