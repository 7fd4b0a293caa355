import { describe, expect, it } from 'vitest';
import { leaseRows, paymentLine, receiptRows } from '~/components/checkout/receipt';
import { receiptResponseSchema, type Receipt } from '~/lib/contract/checkout';
import { REMAINING_STEPS, confirmationKind } from '~/routes/checkout+/confirmation.$orderNumber';

// The receipt's fields (seed 002 §3) and the confirmation's wording (seed 002 §4 Order).

function receipt(overrides: Partial<Receipt> = {}): Receipt {
  return receiptResponseSchema.shape.data.parse({
    orderNumber: 'SR-DEFAULT-7',
    placedAt: '2026-11-22T10:00:00.000Z',
    dealType: 'Finance',
    orderStatus: 'SUBMITTED',
    dealStatus: 'UACC',
    vehicle: {
      vin: '1HGCM82633A004352',
      year: 2023,
      make: 'Honda',
      model: 'Accord',
      trim: 'EX-L',
      type: 'USED',
      mileage: 18_250,
      priceCents: 2_499_500,
      imageUrl: '/x.svg',
    },
    vehiclePriceCents: 2_499_500,
    downPaymentCents: 300_000,
    taxTitleRegistrationCents: 185_000,
    vehicleProtectionCents: 129_500,
    termMonths: 60,
    aprPercent: 6.49,
    financedAmountCents: 2_514_000,
    amountDueTodayCents: 300_000,
    deliveryFeeCents: null,
    pickup: false,
    payment: { method: 'CARD', amountCents: 300_000, last4: '4242', status: 'CAPTURED' },
    lease: null,
    ...overrides,
  });
}

const rows = (value: Receipt) => receiptRows(value).map((row) => `${row.label}: ${row.value}`);

describe('receipt rows', () => {
  it('lists a finance order in the seed order', () => {
    expect(rows(receipt())).toEqual([
      'Order number: SR-DEFAULT-7',
      'Vehicle price: $24,995.00',
      'Down payment: $3,000.00',
      'Tax, title and registration: $1,850.00',
      'Vehicle protection: $1,295.00',
      'Term: 60 mos',
      'APR: 6.49%',
      'Financed amount: $25,140.00',
      'Amount due today: $3,000.00',
      'Delivery fee: The dealer will add it by phone',
    ]);
  });

  it('names the co-buyer and prints the accepted monthly payment', () => {
    const withParties = receipt({
      coBuyer: { firstName: 'Jordan', lastName: 'Lane', email: null },
      monthlyPaymentCents: 49_187,
    });
    expect(rows(withParties)).toContain('Co-buyer: Jordan Lane');
    expect(rows(withParties)).toContain('Monthly payment: $491.87/mo');
  });

  const CASH = {
    dealType: 'Cash',
    dealStatus: null,
    termMonths: null,
    aprPercent: null,
    financedAmountCents: null,
    downPaymentCents: 0,
  } as const;

  it('leaves out what a cash order has not, and shows pickup', () => {
    const cash = receipt({
      ...CASH,
      pickup: true,
      deliveryFeeCents: 0,
    });
    expect(rows(cash)).toEqual([
      'Order number: SR-DEFAULT-7',
      'Vehicle price: $24,995.00',
      'Tax, title and registration: $1,850.00',
      'Vehicle protection: $1,295.00',
      'Paid today: $3,000.00',
      'Balance due: $0.00',
      'Pickup: Yes, at the dealership',
    ]);
  });

  it('a cash order held by a $500 deposit says what was taken and what is left (issue 31)', () => {
    const cash = receipt({
      ...CASH,
      amountDueTodayCents: 2_449_125,
      payment: { method: 'DEPOSIT', amountCents: 50_000, last4: '4242', status: 'CAPTURED' },
    });
    expect(rows(cash)).toContain('Paid today: $500.00');
    expect(rows(cash)).toContain('Balance due: $23,991.25');
    expect(rows(cash)).not.toContain('Amount due today: $24,491.25');
  });

  it('prints the lease terms', () => {
    const lease = {
      priceCents: 2_499_500,
      monthlyPaymentCents: 39_900,
      termMonths: 36,
      annualMiles: 12_000,
      dueAtSigningCents: 350_000,
      capCostReductionCents: 250_000,
      securityDepositCents: 0,
      firstPaymentCents: 39_900,
      adjustedCapCostCents: 2_249_500,
      protectionCents: 0,
    };
    expect(leaseRows(lease).map((row) => row.label)).toEqual([
      'Monthly payment',
      'Term',
      'Annual miles',
      'Due at signing',
      'Cap cost reduction',
      'Security deposit',
      'First payment',
      'Adjusted cap cost',
    ]);
    expect(leaseRows(lease)[2]?.value).toBe('12,000 mi');
  });

  it('shows the payment method with the last 4 digits only', () => {
    expect(paymentLine({ method: 'CARD', amountCents: 1, last4: '4242', status: 'CAPTURED' })).toBe(
      'Credit card •••• 4242',
    );
    expect(paymentLine({ method: 'ACH', amountCents: 1, last4: '6789', status: 'PENDING' })).toBe(
      'Bank account (ACH) •••• 6789',
    );
    expect(paymentLine({ method: 'DEPOSIT', amountCents: 50_000, last4: null, status: 'HOLD' })).toBe(
      'Refundable deposit (card)',
    );
  });
});

describe('confirmation wording', () => {
  it('follows the placement of this browser’s cart', () => {
    const placement = (status: 'ORDER_RECEIVED' | 'APPLICATION_RECEIVED') => ({
      placement: { status, orderNumber: 'SR-DEFAULT-7', readyAt: null, startedAt: null },
    });
    expect(confirmationKind(receipt({ dealStatus: 'DPEN' }), placement('ORDER_RECEIVED'))).toBe('order');
    expect(confirmationKind(receipt(), placement('APPLICATION_RECEIVED'))).toBe('application');
  });

  it('otherwise reads the deal status: a pending lender review is an application received', () => {
    expect(confirmationKind(receipt({ dealStatus: 'DPEN' }), null)).toBe('application');
    expect(confirmationKind(receipt({ dealStatus: 'UACC' }), null)).toBe('order');
    expect(confirmationKind(receipt({ dealType: 'Cash', dealStatus: null }), null)).toBe('order');
  });

  it('lists the remaining steps of seed 002 §4', () => {
    expect(REMAINING_STEPS).toEqual([
      'Verify your ID',
      'Upload your documents',
      'Sign your contract',
      'Make your payment',
      'Schedule delivery or pickup',
    ]);
  });
});
