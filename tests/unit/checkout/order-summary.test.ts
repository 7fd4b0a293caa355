import { describe, expect, it } from 'vitest';
import { ORDER_SUMMARY_LABELS, orderSummaryRows } from '~/components/checkout/order-summary';
import { buildSummary } from '../../support/msw-checkout';

// The order summary variants of seed 002 §2-3 (issue item 3): every field of each.

function labels(dealType: 'Cash' | 'Finance' | 'Lease') {
  return orderSummaryRows(buildSummary(dealType)).map((row) => row.label);
}

describe('order summary rows', () => {
  it('finance: price, down payment, tax/title/registration, protection, term, APR, financed amount, monthly, due today', () => {
    const L = ORDER_SUMMARY_LABELS;
    expect(labels('Finance')).toEqual([
      L.price,
      L.downPayment,
      L.taxTitleRegistration,
      L.protection,
      L.term,
      L.apr,
      L.financed,
      L.monthly,
      L.dueToday,
    ]);
    const values = Object.fromEntries(
      orderSummaryRows(buildSummary('Finance', { protectionCents: 89_900 })).map((row) => [row.key, row.value]),
    );
    expect(values).toMatchObject({
      price: '$30,000.00',
      downPayment: '-$2,500.00',
      taxTitleRegistration: '$2,600.00',
      protection: '$899.00',
      term: '60 mos',
      apr: '6.49%',
      financed: '$30,999.00',
      monthly: '$591.23/mo',
      dueToday: '$2,500.00',
    });
  });

  it('lease: monthly, term, annual miles, due at signing, cap cost reduction, security deposit, first payment, adjusted cap cost', () => {
    const L = ORDER_SUMMARY_LABELS;
    expect(labels('Lease')).toEqual(
      expect.arrayContaining([
        L.monthly,
        L.term,
        L.annualMiles,
        L.dueAtSigning,
        L.capCostReduction,
        L.securityDeposit,
        L.firstPayment,
        L.adjustedCapCost,
      ]),
    );
    const values = Object.fromEntries(orderSummaryRows(buildSummary('Lease')).map((row) => [row.key, row.value]));
    expect(values).toMatchObject({
      annualMiles: '12,000 mi',
      term: '36 mos',
      dueAtSigning: '$2,912.50',
      adjustedCapCost: '$28,195.00',
    });
  });

  it('cash: price, tax/title/registration, protection, total, due today', () => {
    const L = ORDER_SUMMARY_LABELS;
    expect(labels('Cash')).toEqual([L.price, L.taxTitleRegistration, L.protection, L.total, L.dueToday]);
  });
});
