import { z } from 'zod';

// Whole-dollar amounts typed by the shopper ('$52,000', '52000'): the value is a number of
// dollars. A number (the JSON the storefront sends the API) parses the same way.

type MoneyMessages = { required?: string; invalid: string; range: string };

function toText(value: unknown): unknown {
  // null is how a parsed answer says "not given": it must parse again to the same.
  if (value === null) return undefined;
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

const AMOUNT = /^\$?\s?\d{1,3}(?:,\d{3})*(?:\.0{1,2})?$|^\$?\s?\d+(?:\.0{1,2})?$/;

export function parseDollars(text: string): number | null {
  if (!AMOUNT.test(text)) return null;
  return Number(text.replace(/[$,\s]/g, ''));
}

function amount(messages: MoneyMessages, min: number, max: number) {
  return z.string({ error: messages.required ?? messages.invalid }).transform((text, ctx) => {
    const dollars = parseDollars(text);
    if (dollars === null) {
      ctx.addIssue({ code: 'custom', message: messages.invalid });
      return z.NEVER;
    }
    if (dollars < min || dollars > max) {
      ctx.addIssue({ code: 'custom', message: messages.range });
      return z.NEVER;
    }
    return dollars;
  });
}

export function dollarsSchema(messages: MoneyMessages & { required: string }, min: number, max: number) {
  return z.preprocess(toText, amount(messages, min, max));
}

export function optionalDollarsSchema(messages: MoneyMessages, min: number, max: number) {
  return z.preprocess(toText, amount(messages, min, max).optional());
}
