import { z } from 'zod';

// What every field module builds on; kept apart so phone.ts (and its metadata) can be
// loaded only by the forms that ask for a phone.

/** A required, trimmed text field: missing, blank and whitespace-only all say `required`. */
export function requiredText(required: string) {
  return z.string({ error: required }).trim().min(1, { error: required, abort: true });
}

export function phoneDigits(value: string): string {
  return value.replace(/\D/g, '');
}
