import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import {
  CHECKOUT_PAYMENT_MESSAGES,
  PAYMENT_FAILED_MESSAGE,
  amountDueTodayCents,
  availableMethods,
  bankPaymentSchema,
  cardAllowedFor,
  cardPaymentSchema,
  depositPaymentSchema,
  isExpired,
  maskedLast4,
  parseExpiry,
  passesLuhn,
  placeOrderBody,
} from '~/lib/checkout/payment-schemas';
import { DEPOSIT_CENTS, placeOrderRequestSchema } from '~/lib/contract/checkout';
import { PAYMENT_FIELD_MESSAGES } from '~/lib/tracker/payment-forms';

// The Overview's payment rules (seed 002 §3, §5, §8, §9; seed 001 §9 card limit 7000).

const NOW = new Date('2026-11-22T12:00:00Z');

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
}

const CARD = {
  intent: 'card',
  idempotencyKey: 'key-0123456789',
  email: 'dana@showroom.test',
  cardNumber: '4242 4242 4242 4242',
  expiry: '12/28',
  cvc: '123',
  cardName: 'Dana Rivera',
  country: 'US',
  postalCode: '78701',
};

const BANK = {
  intent: 'bank',
  idempotencyKey: 'key-0123456789',
  accountHolder: 'Dana Rivera',
  routingNumber: '110000000',
  accountNumber: '000123456789',
  accountType: 'checking',
};

function errorsOf(submission: {
  status?: string;
  error?: Record<string, string[] | null> | null;
}): Record<string, string[] | null> {
  return submission.status === 'error' ? (submission.error ?? {}) : {};
}

describe('the card limit (seed 001 §9: 7000)', () => {
  it('allows a card up to $7,000 due today and refuses it above', () => {
    expect(cardAllowedFor(700_000)).toBe(true);
    expect(cardAllowedFor(700_001)).toBe(false);
  });

  it('offers bank, card and deposit below the limits, no card above $7,000 and no bank above $6,500', () => {
    expect(availableMethods(250_000)).toEqual(['bank', 'card', 'deposit']);
    expect(availableMethods(680_000)).toEqual(['card', 'deposit']);
    expect(availableMethods(900_000)).toEqual(['deposit']);
  });

  it('offers no deposit when less than the deposit is due', () => {
    expect(availableMethods(DEPOSIT_CENTS - 1)).toEqual(['bank', 'card']);
    expect(availableMethods(0)).toEqual(['bank', 'card']);
  });

  it('refuses a card form above the limit with the seed 002 §5 message, whatever the browser sent', () => {
    const submission = parseWithZod(form(CARD), { schema: cardPaymentSchema(700_100, NOW) });
    expect(errorsOf(submission)['']).toEqual([CHECKOUT_PAYMENT_MESSAGES.cardCapped]);
    expect(CHECKOUT_PAYMENT_MESSAGES.cardCapped).toBe(
      'Credit card payments are capped at $7,000; larger down payments must be paid by bank link (ACH).',
    );
  });
});

describe('expiry MM/YY (seed 002 §5)', () => {
  it('reads MM/YY, with or without spaces around the slash', () => {
    expect(parseExpiry('04/29')).toEqual({ expMonth: 4, expYear: 2029 });
    expect(parseExpiry(' 12 / 30 ')).toEqual({ expMonth: 12, expYear: 2030 });
  });

  it.each(['13/29', '00/29', '4/29', '04/2029', '0429', '', 'ab/cd'])('refuses %j', (text) => {
    expect(parseExpiry(text)).toBeNull();
  });

  it('keeps a card good through the end of its expiry month', () => {
    expect(isExpired({ expMonth: 11, expYear: 2026 }, NOW)).toBe(false);
    expect(isExpired({ expMonth: 10, expYear: 2026 }, NOW)).toBe(true);
  });

  it('says which is wrong: the shape, or an expired card', () => {
    expect(
      errorsOf(parseWithZod(form({ ...CARD, expiry: '1/29' }), { schema: cardPaymentSchema(100_000, NOW) })).expiry,
    ).toEqual([PAYMENT_FIELD_MESSAGES.expiry]);
    expect(
      errorsOf(parseWithZod(form({ ...CARD, expiry: '10/26' }), { schema: cardPaymentSchema(100_000, NOW) })).expiry,
    ).toEqual([PAYMENT_FIELD_MESSAGES.expired]);
  });
});

describe('the card form (seed 002 §3)', () => {
  it('accepts a valid card and hands the gateway digits only', () => {
    const submission = parseWithZod(form(CARD), { schema: cardPaymentSchema(250_000, NOW) });
    expect(submission.status).toBe('success');
    if (submission.status !== 'success') return;
    expect(submission.value.cardNumber).toBe('4242424242424242');
    const body = placeOrderBody(submission.value, 250_000);
    expect(placeOrderRequestSchema.parse(body)).toEqual({
      method: 'CARD',
      amountCents: 250_000,
      card: {
        email: 'dana@showroom.test',
        number: '4242424242424242',
        expMonth: 12,
        expYear: 2028,
        cvc: '123',
        name: 'Dana Rivera',
        country: 'US',
        postalCode: '78701',
      },
    });
  });

  it.each([
    ['cardNumber', '4242 4242 4242 4241', PAYMENT_FIELD_MESSAGES.cardNumber],
    ['cardNumber', '4242', PAYMENT_FIELD_MESSAGES.cardNumber],
    ['cvc', '12', PAYMENT_FIELD_MESSAGES.cvc],
    ['cvc', '12345', PAYMENT_FIELD_MESSAGES.cvc],
    ['postalCode', '7870', PAYMENT_FIELD_MESSAGES.postalCode],
    ['postalCode', '787011', PAYMENT_FIELD_MESSAGES.postalCode],
    ['cardName', '   ', PAYMENT_FIELD_MESSAGES.cardName],
    ['country', 'CA', CHECKOUT_PAYMENT_MESSAGES.country],
  ])('refuses %s %j', (field, value, message) => {
    const submission = parseWithZod(form({ ...CARD, [field]: value }), { schema: cardPaymentSchema(250_000, NOW) });
    expect(errorsOf(submission)[field]).toEqual([message]);
  });

  it('accepts a 4-digit CVC', () => {
    expect(parseWithZod(form({ ...CARD, cvc: '1234' }), { schema: cardPaymentSchema(250_000, NOW) }).status).toBe(
      'success',
    );
  });

  it('asks for the receipt email with the shared email rules', () => {
    const submission = parseWithZod(form({ ...CARD, email: 'dana+car@showroom.test' }), {
      schema: cardPaymentSchema(250_000, NOW),
    });
    expect(errorsOf(submission).email).toHaveLength(1);
  });

  it('runs the Luhn check', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4000000000000002')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
  });
});

describe('the deposit (seed 002 §9: refundable in full)', () => {
  it('takes DEPOSIT_CENTS on a card, whatever is due today', () => {
    const submission = parseWithZod(form({ ...CARD, intent: 'deposit' }), { schema: depositPaymentSchema(NOW) });
    expect(submission.status).toBe('success');
    if (submission.status !== 'success') return;
    const body = placeOrderBody(submission.value, 1_200_000);
    expect(body).toMatchObject({ method: 'DEPOSIT', amountCents: DEPOSIT_CENTS });
    expect(placeOrderRequestSchema.safeParse(body).success).toBe(true);
  });

  it('says the deposit is refundable in full', () => {
    expect(CHECKOUT_PAYMENT_MESSAGES.depositRefundable).toContain('refundable in full');
    expect(CHECKOUT_PAYMENT_MESSAGES.depositRefundable).toContain('$500');
  });
});

describe('the bank account form (ACH)', () => {
  it('accepts a valid account up to the ACH limit ($6,500), and refuses one above it like the tracker does', () => {
    const submission = parseWithZod(form(BANK), { schema: bankPaymentSchema(650_000) });
    expect(submission.status).toBe('success');
    const over = parseWithZod(form(BANK), { schema: bankPaymentSchema(3_259_465) });
    expect(errorsOf(over)['']).toEqual([
      'Bank payments (ACH) are capped at $6,500 at a time; pay the refundable deposit today and the rest in your order tracker.',
    ]);
    if (submission.status !== 'success') return;
    expect(placeOrderRequestSchema.parse(placeOrderBody(submission.value, 650_000))).toEqual({
      method: 'ACH',
      amountCents: 650_000,
      bank: {
        accountHolder: 'Dana Rivera',
        routingNumber: '110000000',
        accountNumber: '000123456789',
        accountType: 'checking',
      },
    });
  });

  it.each([
    ['routingNumber', '11000000', PAYMENT_FIELD_MESSAGES.routingNumber],
    ['routingNumber', '1100000000', PAYMENT_FIELD_MESSAGES.routingNumber],
    ['routingNumber', '110000001', PAYMENT_FIELD_MESSAGES.routingNumber],
    ['accountNumber', '0000', PAYMENT_FIELD_MESSAGES.accountNumber],
    ['accountNumber', '123', PAYMENT_FIELD_MESSAGES.accountNumber],
    ['accountNumber', '123456789012345678', PAYMENT_FIELD_MESSAGES.accountNumber],
    ['accountHolder', '', PAYMENT_FIELD_MESSAGES.accountHolder],
    ['accountType', 'brokerage', PAYMENT_FIELD_MESSAGES.accountType],
  ])('refuses %s %j', (field, value, message) => {
    expect(
      errorsOf(parseWithZod(form({ ...BANK, [field]: value }), { schema: bankPaymentSchema(250_000) }))[field],
    ).toEqual([message]);
  });

  it('refuses a missing or malformed idempotency key', () => {
    expect(
      errorsOf(parseWithZod(form({ ...BANK, idempotencyKey: 'x' }), { schema: bankPaymentSchema(250_000) }))
        .idempotencyKey,
    ).toHaveLength(1);
  });
});

describe('amount due today by purchase type', () => {
  it('is due today for finance and cash, due at signing for a lease', () => {
    const finance = {
      priceCents: 1,
      downPaymentCents: 1,
      taxesAndFeesCents: 1,
      protectionCents: 0,
      termMonths: 60,
      aprPercent: 6,
      financedCents: 1,
      monthlyPaymentCents: 1,
      dueTodayCents: 300_000,
    };
    expect(amountDueTodayCents({ dealType: 'Finance', finance })).toBe(300_000);
    expect(
      amountDueTodayCents({
        dealType: 'Cash',
        cash: { priceCents: 1, taxesAndFeesCents: 1, protectionCents: 0, totalCents: 2, dueTodayCents: 2_500_000 },
      }),
    ).toBe(2_500_000);
    const lease = {
      priceCents: 1,
      monthlyPaymentCents: 1,
      termMonths: 36,
      annualMiles: 12_000,
      dueAtSigningCents: 400_000,
      capCostReductionCents: 1,
      securityDepositCents: 0,
      firstPaymentCents: 1,
      adjustedCapCostCents: 1,
      protectionCents: 0,
    };
    expect(amountDueTodayCents({ dealType: 'Lease', lease })).toBe(400_000);
  });
});

describe('messages and masking', () => {
  it('uses the payment-failed message of seed 002 §8', () => {
    expect(PAYMENT_FAILED_MESSAGE).toBe(
      'We encountered an issue processing your payment. Please try again or try using another payment method.',
    );
  });

  it('shows only the last 4 digits', () => {
    expect(maskedLast4('4242')).toBe('•••• 4242');
    expect(maskedLast4(null)).toBe('');
  });
});
