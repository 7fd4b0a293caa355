import type { Receipt } from '~/lib/contract/checkout';
import { formatApr, formatMiles, formatTerm, formatUsdWithCents } from '~/lib/shared/money';
import { useDealerZone } from '~/components/dealer-zone';
import { formatDealerDate } from '~/lib/shared/dealer-time';
import { deliveryFeeText } from '~/lib/shared/pricing/delivery';
import { DealLinesTable } from '~/components/deal/deal-lines';

// The order receipt of seed 002 §3: order number, vehicle price, down payment, tax/title/
// registration, vehicle protection, term, APR, financed amount, amount due today, delivery fee,
// pickup; the lease terms for a lease; the payment method with its last 4 digits only.

export const PAYMENT_METHOD_NAMES: Record<NonNullable<Receipt['payment']>['method'], string> = {
  CARD: 'Credit card',
  ACH: 'Bank account (ACH)',
  DEPOSIT: 'Refundable deposit (card)',
};

type Row = { label: string; value: string; strong?: boolean };

/** The receipt's rows in the seed's order, leaving out what does not apply to the deal. */
export function receiptRows(receipt: Receipt): Row[] {
  const usd = formatUsdWithCents;
  const rows: Row[] = [
    { label: 'Order number', value: receipt.orderNumber },
    // Every party on the deal (issue 12 item 6): the buyer, and the co-buyer (application or Order Details).
    ...(receipt.buyer ? [{ label: 'Buyer', value: `${receipt.buyer.firstName} ${receipt.buyer.lastName}` }] : []),
    ...(receipt.coBuyer
      ? [{ label: 'Co-buyer', value: `${receipt.coBuyer.firstName} ${receipt.coBuyer.lastName}` }]
      : []),
    { label: 'Vehicle price', value: usd(receipt.vehiclePriceCents) },
  ];
  if (receipt.dealType !== 'Cash') rows.push({ label: 'Down payment', value: usd(receipt.downPaymentCents) });
  rows.push({ label: 'Tax, title and registration', value: usd(receipt.taxTitleRegistrationCents) });
  rows.push({ label: 'Vehicle protection', value: usd(receipt.vehicleProtectionCents) });
  if (receipt.termMonths !== null) rows.push({ label: 'Term', value: formatTerm(receipt.termMonths) });
  if (receipt.aprPercent !== null) rows.push({ label: 'APR', value: formatApr(receipt.aprPercent) });
  if (receipt.financedAmountCents !== null)
    rows.push({ label: 'Financed amount', value: usd(receipt.financedAmountCents) });
  if (receipt.dealType === 'Finance' && receipt.monthlyPaymentCents != null)
    rows.push({ label: 'Monthly payment', value: `${usd(receipt.monthlyPaymentCents)}/mo` });
  if (receipt.dealType === 'Cash' && receipt.payment) {
    // What was taken (issue 31): a cash order paid by a $500 deposit owes the rest later, so
    // the receipt says what was paid and what is left, not the whole total as "due today".
    const paid = receipt.payment.amountCents;
    rows.push({ label: paidTodayLabel(receipt.payment), value: usd(paid), strong: true });
    rows.push({ label: 'Balance due', value: usd(Math.max(0, receipt.amountDueTodayCents - paid)), strong: true });
  } else rows.push({ label: 'Amount due today', value: usd(receipt.amountDueTodayCents), strong: true });
  if (receipt.pickup) rows.push({ label: 'Pickup', value: 'Yes, at the dealership' });
  else
    rows.push({
      label: 'Delivery fee',
      value:
        receipt.deliveryFeeCents === null
          ? deliveryFeeText(null)
          : receipt.deliveryFeeCents === 0
            ? deliveryFeeText({ method: 'delivery' })
            : usd(receipt.deliveryFeeCents),
    });
  return rows;
}

export function leaseRows(lease: NonNullable<Receipt['lease']>): Row[] {
  const usd = formatUsdWithCents;
  return [
    { label: 'Monthly payment', value: usd(lease.monthlyPaymentCents) },
    { label: 'Term', value: formatTerm(lease.termMonths) },
    { label: 'Annual miles', value: formatMiles(lease.annualMiles) },
    { label: 'Due at signing', value: usd(lease.dueAtSigningCents) },
    { label: 'Cap cost reduction', value: usd(lease.capCostReductionCents) },
    { label: 'Security deposit', value: usd(lease.securityDepositCents) },
    { label: 'First payment', value: usd(lease.firstPaymentCents) },
    { label: 'Adjusted cap cost', value: usd(lease.adjustedCapCostCents) },
  ];
}

/** 'Credit card •••• 4242'; never more than the last 4. */
export function paymentLine(payment: NonNullable<Receipt['payment']>): string {
  const name = PAYMENT_METHOD_NAMES[payment.method];
  return payment.last4 ? `${name} •••• ${payment.last4}` : name;
}

/**
 * How the money taken at placement is named (issue 12 point 4): "Paid today" only for money
 * captured; a bank transfer still settling or a deposit held on the card is "Pending".
 */
export function paidTodayLabel(payment: Pick<NonNullable<Receipt['payment']>, 'status'>): 'Paid today' | 'Pending' {
  return payment.status === 'CAPTURED' ? 'Paid today' : 'Pending';
}

/** Seed 002 §3 "Trade-in": the car, the offer, the loan payoff and the equity. */
export function tradeInRows(tradeIn: NonNullable<Receipt['tradeIn']>): Row[] {
  const usd = formatUsdWithCents;
  return [
    { label: 'Vehicle', value: `${tradeIn.year} ${tradeIn.make} ${tradeIn.model}` },
    { label: 'VIN', value: tradeIn.vin },
    { label: 'Trade-in offer', value: usd(tradeIn.offerCents) },
    { label: 'Loan payoff', value: usd(tradeIn.payoffCents) },
    {
      label: 'Trade-in equity',
      value: tradeIn.equityCents < 0 ? `-${usd(-tradeIn.equityCents)}` : usd(tradeIn.equityCents),
      strong: true,
    },
  ];
}

function Rows({ rows, testId }: { rows: Row[]; testId: string }) {
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-1" data-testid={testId}>
      {rows.map((row) => (
        <div key={row.label} className="contents">
          <dt className={row.strong ? 'font-semibold' : undefined}>{row.label}</dt>
          <dd className={`text-right ${row.strong ? 'font-semibold' : ''}`}>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function ReceiptDetails({ receipt, headingLevel = 2 }: { receipt: Receipt; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { vehicle } = receipt;
  const zone = useDealerZone();
  return (
    <div className="flex flex-col gap-4">
      <p className="font-semibold" data-testid="receipt-vehicle">
        {vehicle.year} {vehicle.make} {vehicle.model} {vehicle.trim}
        <span className="block text-sm font-normal text-gray-700">VIN {vehicle.vin}</span>
      </p>
      <p className="text-sm text-gray-700">
        {receipt.dealType} purchase placed on{' '}
        <time dateTime={receipt.placedAt}>{formatDealerDate(receipt.placedAt, zone)}</time>
      </p>
      <section aria-labelledby="receipt-figures">
        <Heading id="receipt-figures" className="mb-2 text-lg font-semibold">
          Order details
        </Heading>
        <Rows rows={receiptRows(receipt)} testId="receipt-rows" />
      </section>
      {receipt.lines ? (
        <section aria-labelledby="receipt-lines">
          <Heading id="receipt-lines" className="mb-2 text-lg font-semibold">
            How your total adds up
          </Heading>
          <DealLinesTable lines={receipt.lines} headingLevel={headingLevel === 2 ? 3 : 4} />
        </section>
      ) : null}
      {receipt.lease ? (
        <section aria-labelledby="receipt-lease">
          <Heading id="receipt-lease" className="mb-2 text-lg font-semibold">
            Lease terms
          </Heading>
          <Rows rows={leaseRows(receipt.lease)} testId="receipt-lease" />
        </section>
      ) : null}
      {receipt.tradeIn ? (
        <section aria-labelledby="receipt-trade-in">
          <Heading id="receipt-trade-in" className="mb-2 text-lg font-semibold">
            Trade-in
          </Heading>
          <Rows rows={tradeInRows(receipt.tradeIn)} testId="receipt-trade-in" />
        </section>
      ) : null}
      <section aria-labelledby="receipt-payment">
        <Heading id="receipt-payment" className="mb-2 text-lg font-semibold">
          Payment
        </Heading>
        <p data-testid="receipt-payment">
          {receipt.payment
            ? `${paymentLine(receipt.payment)}: ${formatUsdWithCents(receipt.payment.amountCents)} (${paidTodayLabel(receipt.payment) === 'Paid today' ? 'paid' : 'pending'})`
            : 'No payment has been made on this order yet.'}
        </p>
      </section>
    </div>
  );
}
