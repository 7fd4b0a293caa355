import { z } from 'zod';
import {
  ACH_LIMIT_CENTS,
  CARD_LIMIT_CENTS,
  PAYMENT_FIELD_MESSAGES,
  bankFormFields,
  cardFormFields,
} from '~/lib/shared/validation/payment';

// The payment step's two forms (seed 002 §3, §5, §8; seed 001 §9): one schema each, used as
// HTML constraints, on blur in the browser and on the server. The amount due comes from the
// commerce API, so the schemas are made per page.

// The step's texts and payment names, in a zod-free module for the step's page (decision 053).
export { BANK_DELAY_MESSAGE, PAYMENT_FAILED_MESSAGE, paymentName } from './payment-texts';

// The card and bank rules, the limits and their messages: app/lib/shared/validation/payment.ts.
export { PAYMENT_FIELD_MESSAGES };

/** Dollars as typed ("2,500", "$2500.00") to cents; null when it is not an amount. */
export function parseDollars(text: string): number | null {
  const cleaned = text.replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  return Math.round(Number(cleaned) * 100);
}

function formatDollars(cents: number): string {
  return (cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
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
        context.addIssue({
          code: 'custom',
          message: PAYMENT_FIELD_MESSAGES.amountTooHigh(`$${formatDollars(amountDueCents)}`),
        });
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
    ...cardFormFields(now),
  });
}

export function bankFormSchema(amountDueCents: number) {
  return z.object({
    intent: z.literal('bank'),
    idempotencyKey,
    amount: amountSchema(amountDueCents, ACH_LIMIT_CENTS, PAYMENT_FIELD_MESSAGES.achLimit),
    ...bankFormFields,
  });
}

/** Never sent back to the browser in a form reply. */
export const HIDDEN_PAYMENT_FIELDS = ['cardNumber', 'cvc', 'expiry', 'routingNumber', 'accountNumber'];
