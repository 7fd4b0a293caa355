import { z } from 'zod';
import { formatUsd } from '../money';
import { ACH_LIMIT_CENTS, CARD_LIMIT_CENTS } from './payment-limits';

// The payment rules, written once (issue 12 point 4; seed 001 §9, seed 002 §3, §5, §8): the
// card (number checksum, expiry MM/YY not past, CVC of 3-4 digits, billing Zip), the bank
// account (routing number checksum, account number) and the per-payment limits with their
// messages. Checkout's payment step, the tracker's payment step, the commerce API and the
// sandbox gateway all read them from here, so they cannot disagree.

export { ACH_LIMIT_CENTS, CARD_LIMIT_CENTS };

export const PAYMENT_FIELD_MESSAGES = {
  amountRequired: 'Enter the amount to pay',
  amountInvalid: 'Enter an amount in dollars, like 2,500.00',
  amountTooHigh: (due: string) => `The amount is more than what is due (${due})`,
  cardLimit: `A card can pay up to ${formatUsd(CARD_LIMIT_CENTS)}. Pay a larger amount by bank transfer.`,
  achLimit: `A bank transfer can pay up to ${formatUsd(ACH_LIMIT_CENTS)} at a time.`,
  cardName: 'Enter the name on the card',
  cardNumber: 'Enter a valid card number',
  expiry: 'Enter the expiry date as MM/YY',
  expired: 'This card has expired',
  cvc: 'Enter the 3 or 4 digit security code',
  postalCode: 'Enter your 5-digit Zip code',
  accountHolder: 'Enter the account holder’s name',
  routingNumber: 'Enter the 9-digit routing number',
  accountNumber: 'Enter the account number (4 to 17 digits)',
  accountType: 'Choose checking or savings',
} as const;

/** Luhn's check digit test, which every card number passes; it catches a mistyped digit. */
export function passesLuhn(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let index = 0; index < number.length; index += 1) {
    let digit = Number(number[number.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The ABA routing number checksum: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10). */
export function isValidRoutingNumber(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const d = [...routing].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}

/** An account number: 4 to 17 digits, not all zeros. */
export function isValidAccountNumber(account: string): boolean {
  return /^\d{4,17}$/.test(account) && !/^0+$/.test(account);
}

/** Digits of a card number as typed with spaces or dashes ('4242 4242 …'). */
export function cardDigits(text: string): string {
  return text.replace(/[\s-]/g, '');
}

/** 'MM/YY' (spaces around the slash allowed) to a month and a four-digit year (20YY), or null. */
export function parseExpiry(text: string): { expMonth: number; expYear: number } | null {
  const match = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/.exec(text.trim());
  if (!match) return null;
  return { expMonth: Number(match[1]), expYear: 2000 + Number(match[2]) };
}

/** A card is good through the last day of its expiry month (UTC). */
export function isExpired(expiry: { expMonth: number; expYear: number }, now: Date): boolean {
  return Date.UTC(expiry.expYear, expiry.expMonth, 1) <= now.getTime();
}

/** The limit of a method and the message that names it. */
export function paymentLimit(method: 'CARD' | 'ACH'): { cents: number; message: string } {
  return method === 'CARD'
    ? { cents: CARD_LIMIT_CENTS, message: PAYMENT_FIELD_MESSAGES.cardLimit }
    : { cents: ACH_LIMIT_CENTS, message: PAYMENT_FIELD_MESSAGES.achLimit };
}

// ------------------------------------------------------------------------------ Form fields

function required(message: string, max: number) {
  return z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: message });
}

/** The card fields of a payment form (name, number, expiry, CVC, billing Zip). */
export function cardFormFields(now: Date) {
  return {
    cardName: required(PAYMENT_FIELD_MESSAGES.cardName, 80),
    cardNumber: z
      .string({ error: PAYMENT_FIELD_MESSAGES.cardNumber })
      .transform(cardDigits)
      .refine(passesLuhn, { error: PAYMENT_FIELD_MESSAGES.cardNumber }),
    expiry: z.string({ error: PAYMENT_FIELD_MESSAGES.expiry }).transform((value, context) => {
      const expiry = parseExpiry(value);
      if (!expiry) {
        context.addIssue({ code: 'custom', message: PAYMENT_FIELD_MESSAGES.expiry });
        return z.NEVER;
      }
      if (isExpired(expiry, now)) {
        context.addIssue({ code: 'custom', message: PAYMENT_FIELD_MESSAGES.expired });
        return z.NEVER;
      }
      return expiry;
    }),
    cvc: z
      .string({ error: PAYMENT_FIELD_MESSAGES.cvc })
      .trim()
      .regex(/^\d{3,4}$/, { error: PAYMENT_FIELD_MESSAGES.cvc }),
    postalCode: z
      .string({ error: PAYMENT_FIELD_MESSAGES.postalCode })
      .trim()
      .regex(/^\d{5}$/, { error: PAYMENT_FIELD_MESSAGES.postalCode }),
  };
}

/** The bank account fields of a payment form (holder, routing number, account number, type). */
export const bankFormFields = {
  accountHolder: required(PAYMENT_FIELD_MESSAGES.accountHolder, 80),
  routingNumber: z
    .string({ error: PAYMENT_FIELD_MESSAGES.routingNumber })
    .trim()
    .refine(isValidRoutingNumber, { error: PAYMENT_FIELD_MESSAGES.routingNumber }),
  accountNumber: z
    .string({ error: PAYMENT_FIELD_MESSAGES.accountNumber })
    .trim()
    .refine(isValidAccountNumber, { error: PAYMENT_FIELD_MESSAGES.accountNumber }),
  accountType: z.enum(['checking', 'savings'], { error: PAYMENT_FIELD_MESSAGES.accountType }),
};
