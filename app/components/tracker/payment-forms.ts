import { z } from 'zod';
import { ACH_LIMIT_CENTS, CARD_LIMIT_CENTS } from '~/lib/contract/tracker';

// The payment step's two forms (seed 002 §3, §5, §8; seed 001 §9): one schema each, used as
// HTML constraints, on blur in the browser and on the server. The amount due comes from the
// commerce API, so the schemas are made per page.

/** Seed 002 §8, payment failed. */
export const PAYMENT_FAILED_MESSAGE = 'We encountered an issue processing your payment. Please try again or try using another payment method.';
/** Seed 002 §9. */
export const BANK_DELAY_MESSAGE = 'Bank payments may take up to 3 business days to show.';

export const PAYMENT_FIELD_MESSAGES = {
  amountRequired: 'Enter the amount to pay',
  amountInvalid: 'Enter an amount in dollars, like 2,500.00',
  amountTooHigh: (due: string) => `The amount is more than what is due (${due})`,
  cardLimit: 'A card can pay up to $7,000. Pay a larger amount by bank transfer.',
  achLimit: 'A bank transfer can pay up to $6,500 at a time.',
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

/** Dollars as typed ("2,500", "$2500.00") to cents; null when it is not an amount. */
export function parseDollars(text: string): number | null {
  const cleaned = text.replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  return Math.round(Number(cleaned) * 100);
}

export function formatDollars(cents: number): string {
  return (cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function amountSchema(amountDueCents: number, limitCents: number, limitMessage: string) {
  return z
    .string({ error: PAYMENT_FIELD_MESSAGES.amountRequired })
    .trim()
    .min(1, { error: PAYMENT_FIELD_MESSAGES.amountRequired })
    .transform((text, context) => {
      const cents = parseDollars(text);
      if (cents === null || cents < 100) {
        context.addIssue({ code: 'custom', message: PAYMENT_FIELD_MESSAGES.amountInvalid });
        return z.NEVER;
      }
      if (cents > limitCents) {
        context.addIssue({ code: 'custom', message: limitMessage });
        return z.NEVER;
      }
      if (cents > amountDueCents) {
        context.addIssue({ code: 'custom', message: PAYMENT_FIELD_MESSAGES.amountTooHigh(`$${formatDollars(amountDueCents)}`) });
        return z.NEVER;
      }
      return cents;
    });
}

const idempotencyKey = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);

export function cardFormSchema(amountDueCents: number, now: Date = new Date()) {
  return z.object({
    intent: z.literal('card'),
    idempotencyKey,
    amount: amountSchema(amountDueCents, CARD_LIMIT_CENTS, PAYMENT_FIELD_MESSAGES.cardLimit),
    cardName: z.string({ error: PAYMENT_FIELD_MESSAGES.cardName }).trim().min(1, { error: PAYMENT_FIELD_MESSAGES.cardName }).max(80),
    cardNumber: z
      .string({ error: PAYMENT_FIELD_MESSAGES.cardNumber })
      .transform((value) => value.replace(/[\s-]/g, ''))
      .refine((digits) => /^\d{12,19}$/.test(digits) && passesLuhn(digits), { error: PAYMENT_FIELD_MESSAGES.cardNumber }),
    expiry: z
      .string({ error: PAYMENT_FIELD_MESSAGES.expiry })
      .trim()
      .regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, { error: PAYMENT_FIELD_MESSAGES.expiry })
      .transform((value) => {
        const [month, year] = value.split('/').map((part) => Number(part.trim())) as [number, number];
        return { expMonth: month, expYear: 2000 + year };
      })
      .refine(({ expMonth, expYear }) => Date.UTC(expYear, expMonth, 1) > now.getTime(), { error: PAYMENT_FIELD_MESSAGES.expired }),
    cvc: z.string({ error: PAYMENT_FIELD_MESSAGES.cvc }).trim().regex(/^\d{3,4}$/, { error: PAYMENT_FIELD_MESSAGES.cvc }),
    postalCode: z.string({ error: PAYMENT_FIELD_MESSAGES.postalCode }).trim().regex(/^\d{5}$/, { error: PAYMENT_FIELD_MESSAGES.postalCode }),
  });
}

export function bankFormSchema(amountDueCents: number) {
  return z.object({
    intent: z.literal('bank'),
    idempotencyKey,
    amount: amountSchema(amountDueCents, ACH_LIMIT_CENTS, PAYMENT_FIELD_MESSAGES.achLimit),
    accountHolder: z.string({ error: PAYMENT_FIELD_MESSAGES.accountHolder }).trim().min(1, { error: PAYMENT_FIELD_MESSAGES.accountHolder }).max(80),
    routingNumber: z.string({ error: PAYMENT_FIELD_MESSAGES.routingNumber }).trim().regex(/^\d{9}$/, { error: PAYMENT_FIELD_MESSAGES.routingNumber }),
    accountNumber: z.string({ error: PAYMENT_FIELD_MESSAGES.accountNumber }).trim().regex(/^\d{4,17}$/, { error: PAYMENT_FIELD_MESSAGES.accountNumber }),
    accountType: z.enum(['checking', 'savings'], { error: PAYMENT_FIELD_MESSAGES.accountType }),
  });
}

/** Never sent back to the browser in a form reply. */
export const HIDDEN_PAYMENT_FIELDS = ['cardNumber', 'cvc', 'expiry', 'routingNumber', 'accountNumber'];
