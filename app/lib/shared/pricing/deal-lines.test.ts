import { describe, expect, it } from 'vitest';
import { priceDeal, type DealInput } from './deal';
import { dealLines, unbalancedGroups } from './deal-lines';

// The line list of issue 31: every group's lines add up to its total, to the cent, and each
// part of the deal (plans by name, trade-in value and payoff, down payment, parties) is a line.

const plans = [
  { name: 'Vehicle service contract', priceCents: 189_500 },
  { name: 'GAP coverage', priceCents: 79_500 },
];
const parties = { buyer: { firstName: 'Dana', lastName: 'Demo' }, coBuyer: { firstName: 'Casey', lastName: 'Demo' } };
const tradeIn = { year: 2017, make: 'Honda', model: 'Civic' };

function record(input: Partial<DealInput> & Pick<DealInput, 'dealType'>) {
  const priced = priceDeal({
    vehicle: { priceCents: 2_999_500, msrpCents: 3_250_000, type: 'USED' },
    state: 'TX',
    protectionCents: 269_000,
    tradeIn: { offerCents: 1_200_000, payoffCents: 850_000, taxCreditAllowed: true },
    downPaymentCents: 250_000,
    termMonths: 60,
    creditTier: 'veryGood',
    ...input,
  });
  return { priced, protectionPlans: plans, tradeIn, parties };
}

function labels(lines: ReturnType<typeof dealLines>) {
  return lines.groups.flatMap((group) => group.lines.map((line) => line.label));
}

describe('dealLines', () => {
  it('a deal the lender would not finance (noPayment): the monthly payment line is the suggestion, not a figure; the sums stay', () => {
    const deal = record({ dealType: 'Finance' });
    const message = 'Raise your down payment to $9,000 to see payments.';
    const lines = dealLines(deal, { noPayment: message });
    expect(lines.terms.find((line) => line.id === 'monthly')).toEqual({
      id: 'monthly',
      label: 'Monthly payment',
      cents: null,
      value: message,
      sentence: true,
    });
    expect(lines.groups).toEqual(dealLines(deal).groups);
    expect(dealLines(deal).terms.find((line) => line.id === 'monthly')?.value).toMatch(/^\$[\d,]+\.\d\d$/);
  });

  it('finance: price, tax with the trade-in credit, fees, each plan, trade-in value and payoff, down payment add up to the amount financed', () => {
    const deal = record({ dealType: 'Finance' });
    const lines = dealLines(deal);
    expect(unbalancedGroups(lines)).toEqual([]);
    expect(lines.groups[0]!.total).toMatchObject({ label: 'Amount financed', cents: deal.priced.amountFinancedCents });
    expect(labels(lines)).toEqual([
      'Vehicle price',
      'Sales tax (6.25%, after the $12,000.00 trade-in credit)',
      'Title and registration',
      'Vehicle service contract',
      'GAP coverage',
      'Trade-in value (2017 Honda Civic)',
      'Trade-in loan payoff',
      'Down payment',
    ]);
    // (29,995 − 12,000) × 6.25 % = 1,124.69 (half away from zero)
    expect(lines.groups[0]!.lines[1]!.value).toBe('$1,124.69');
    expect(lines.groups[0]!.lines[5]!.value).toBe('-$12,000.00');
    expect(lines.terms.map((line) => line.label)).toEqual([
      'Trade-in equity',
      'Annual percentage rate',
      'Term',
      'Monthly payment',
      'Due today (down payment)',
    ]);
    expect(lines.parties.map((line) => `${line.label}: ${line.value}`)).toEqual([
      'Buyer: Dana Demo',
      'Co-buyer: Casey Demo',
    ]);
  });

  it('lease: the cap cost lines add up to the adjusted cap cost, the due-at-signing lines to what is due at signing', () => {
    const deal = record({ dealType: 'Lease', termMonths: 36, state: 'MN' });
    const lines = dealLines(deal);
    expect(unbalancedGroups(lines)).toEqual([]);
    expect(lines.groups.map((group) => [group.total.label, group.total.cents])).toEqual([
      ['Adjusted capitalized cost', deal.priced.lease!.adjustedCapCostCents],
      ['Due at signing', deal.priced.dueTodayCents],
    ]);
    expect(lines.terms.find((line) => line.id === 'lease.moneyFactor')?.value).toBe(
      deal.priced.lease!.moneyFactor.toFixed(5),
    );
    expect(lines.parties.map((line) => line.label)).toEqual(['Lessee', 'Co-lessee']);
  });

  it('cash: the lines add up to the total, and a receipt subtracts only what was taken (a $500 deposit)', () => {
    const deal = record({ dealType: 'Cash', state: 'WI' });
    const lines = dealLines(deal, { paidCents: 50_000 });
    expect(unbalancedGroups(lines)).toEqual([]);
    const [total, balance] = lines.groups;
    expect(total!.total.cents).toBe(deal.priced.totalCents);
    expect(balance!.lines.map((line) => [line.label, line.cents])).toEqual([
      ['Total price', deal.priced.totalCents],
      ['Paid today', -50_000],
    ]);
    expect(balance!.total).toMatchObject({ label: 'Balance due', cents: deal.priced.totalCents - 50_000 });
  });

  it('an older order without plan names prints one protection line; negative equity adds up too', () => {
    const priced = priceDeal({
      dealType: 'Finance',
      vehicle: { priceCents: 2_000_000, type: 'NEW' },
      protectionCents: 120_000,
      tradeIn: { offerCents: 500_000, payoffCents: 900_000, taxCreditAllowed: false },
      downPaymentCents: 100_000,
    });
    const lines = dealLines({ priced });
    expect(unbalancedGroups(lines)).toEqual([]);
    expect(labels(lines)).toContain('Vehicle protection');
    expect(labels(lines)).toContain('Sales tax (7%)');
  });

  it('adds up for every deal type over a spread of prices, down payments, trade-ins and states', () => {
    for (const dealType of ['Cash', 'Finance', 'Lease'] as const)
      for (const state of ['TX', 'MN', 'WI', null])
        for (let step = 0; step < 25; step += 1) {
          const price = 1_500_000 + step * 123_457;
          const deal = record({
            dealType,
            state,
            termMonths: dealType === 'Lease' ? 36 : 60,
            vehicle: { priceCents: price, msrpCents: price + 150_000, type: step % 2 ? 'NEW' : 'USED' },
            downPaymentCents: 100_000 + step * 9_999,
            tradeIn:
              step % 3
                ? { offerCents: 300_000 + step * 777, payoffCents: step * 31_313, taxCreditAllowed: step % 2 === 0 }
                : null,
          });
          expect(unbalancedGroups(dealLines(deal, { paidCents: 50_000 }))).toEqual([]);
        }
  });
});
