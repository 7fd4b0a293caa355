import { describe, expect, it } from 'vitest';
import { paidTodayLabel } from '~/components/checkout/receipt';
import { paymentName } from '~/lib/tracker/payment-forms';
import {
  ACH_LIMIT_CENTS,
  CARD_LIMIT_CENTS,
  PAYMENT_FIELD_MESSAGES,
  isExpired,
  isValidRoutingNumber,
  passesLuhn,
  paymentLimit,
} from '~/lib/shared/validation/payment';

// Issue 12 point 4: the payment rules written once, for checkout, the tracker and the gateway.

describe('the payment rules', () => {
  it('takes the limits from seed 001 §9 (card 7000, ACH 6500) and builds the messages from them', () => {
    expect(CARD_LIMIT_CENTS).toBe(7000 * 100);
    expect(ACH_LIMIT_CENTS).toBe(6500 * 100);
    expect(PAYMENT_FIELD_MESSAGES.cardLimit).toBe('A card can pay up to $7,000. Pay a larger amount by bank transfer.');
    expect(PAYMENT_FIELD_MESSAGES.achLimit).toBe('A bank transfer can pay up to $6,500 at a time.');
    expect(paymentLimit('ACH')).toEqual({ cents: ACH_LIMIT_CENTS, message: PAYMENT_FIELD_MESSAGES.achLimit });
  });

  it('checks card numbers (Luhn), routing numbers (ABA checksum) and expiry', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('4242')).toBe(false);
    expect(isValidRoutingNumber('110000000')).toBe(true);
    expect(isValidRoutingNumber('110000001')).toBe(false);
    const now = new Date('2026-11-25T12:00:00Z');
    expect(isExpired({ expMonth: 11, expYear: 2026 }, now)).toBe(false);
    expect(isExpired({ expMonth: 10, expYear: 2026 }, now)).toBe(true);
  });

  it('names a payment without ever printing "ending null"', () => {
    expect(paymentName({ method: 'ACH', cardLast4: null })).toBe('Bank account');
    expect(paymentName({ method: 'ACH', cardLast4: '6789' })).toBe('Bank account ending 6789');
    expect(paymentName({ method: 'CARD', cardLast4: '4242' })).toBe('Card ending 4242');
    expect(paymentName({ method: 'DEPOSIT', cardLast4: '4242' })).toBe('Deposit');
  });

  it('says "Paid today" only for captured money', () => {
    expect(paidTodayLabel({ status: 'CAPTURED' })).toBe('Paid today');
    expect(paidTodayLabel({ status: 'PENDING' })).toBe('Pending');
    expect(paidTodayLabel({ status: 'HOLD' })).toBe('Pending');
  });
});
