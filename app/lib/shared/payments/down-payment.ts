import { formatCurrencyInputValue, formatUsd, parseCurrencyInput } from '~/lib/shared/money';
import { DEFAULT_DOWN_PAYMENT_CENTS } from './constants';

// The rules of the down-payment input (seed 000 §5), shared by the component in the browser and
// by the action that reads the field, so a form posted without JavaScript lands on the same
// amount the enhanced input would have shown.

/** Seed 000 §9: the input tells its listeners about a new amount once typing pauses this long. */
export const DOWN_PAYMENT_DEBOUNCE_MS = 1000;

export type DownPaymentVariant = 'finance' | 'lease';
export type DownPaymentBounds = { minCents: number; maxCents: number };

/** The minimum and maximum are the first and last of the suggested options (seed 000 §5). */
export function getDownPaymentBounds(optionsCents: readonly number[]): DownPaymentBounds {
  const minCents = optionsCents[0];
  const maxCents = optionsCents[optionsCents.length - 1];
  if (minCents === undefined || maxCents === undefined)
    throw new RangeError('A down payment needs at least one option');
  if (minCents > maxCents) throw new RangeError('Down-payment options must run from the minimum to the maximum');
  return { minCents, maxCents };
}

/**
 * The amount a down-payment value stands for: empty, non-numeric or below the minimum becomes
 * the minimum, above the maximum becomes the maximum. The field takes whole dollars, so cents
 * typed anyway round to the nearest dollar first.
 */
export function clampDownPayment(
  value: string | number | null | undefined,
  { minCents, maxCents }: DownPaymentBounds,
): number {
  const cents = typeof value === 'number' ? value : parseCurrencyInput(value);
  if (cents === null || !Number.isFinite(cents)) return minCents;
  const wholeDollars = Math.round(cents / 100) * 100;
  return Math.min(maxCents, Math.max(minCents, wholeDollars));
}

/**
 * Why the amount used is not the amount typed (issue 18: a down payment is never changed
 * silently), or null when they agree. '2,500.75' is read as dollars and cents and rounds to
 * $2,501. Empty text says nothing: the seed resets it to the minimum and the helper text says so.
 */
export function describeDownPaymentAdjustment(
  typed: string | null | undefined,
  bounds: DownPaymentBounds,
  variant: DownPaymentVariant = 'finance',
): string | null {
  if (typed === null || typed === undefined || typed.trim() === '') return null;
  const cents = parseCurrencyInput(typed);
  const used = clampDownPayment(typed, bounds);
  if (cents === null)
    return `We could not read “${typed.trim()}” as an amount, so we used the minimum of ${formatUsd(used)}.`;
  if (cents > bounds.maxCents)
    return `${formatUsd(cents)} is more than this ${variant === 'lease' ? 'lease' : 'loan'} allows, so we used the maximum of ${formatUsd(used)}.`;
  if (cents < bounds.minCents)
    return `${formatUsd(cents)} is less than the minimum down payment, so we used ${formatUsd(used)}.`;
  if (cents !== used)
    return `Down payments are in whole dollars, so $${formatCurrencyInputValue(cents)} became ${formatUsd(used)}.`;
  return null;
}

/** The form field as the server reads it: `formData.get('downPayment')`, clamped. */
export function parseDownPaymentField(value: FormDataEntryValue | null, bounds: DownPaymentBounds): number {
  return clampDownPayment(typeof value === 'string' ? value : null, bounds);
}

/** The text the input shows for an amount ('2,500'); the '$' is drawn as a prefix. */
export function formatDownPaymentText(cents: number): string {
  return formatCurrencyInputValue(cents, { wholeDollars: true });
}

/**
 * What the input shows once it loses focus: an empty input resets to the minimum (seed 000 §5),
 * and any other text settles on the amount it stands for, so what the shopper reads is what
 * will be used.
 */
export function getDownPaymentTextOnBlur(text: string, bounds: DownPaymentBounds): string {
  return formatDownPaymentText(clampDownPayment(text.trim() === '' ? null : text, bounds));
}

/** The starting amount: the seed's $2,500 default, pulled inside the bounds. */
export function getInitialDownPayment(
  bounds: DownPaymentBounds,
  preferredCents: number = DEFAULT_DOWN_PAYMENT_CENTS,
): number {
  return clampDownPayment(preferredCents, bounds);
}

export const DOWN_PAYMENT_HELPER_TEXT: Record<DownPaymentVariant, (max: string) => string> = {
  finance: (max) => `Maximum down payment: ${max}`,
  lease: (max) => `Lowers your capitalized cost. Maximum for this lease: ${max}`,
};

/** Helper text under the input: the maximum allowed, in the finance or lease wording. */
export function getDownPaymentHelperText(bounds: DownPaymentBounds, variant: DownPaymentVariant = 'finance'): string {
  return DOWN_PAYMENT_HELPER_TEXT[variant](formatUsd(bounds.maxCents));
}

/** Round amounts offered between the minimum and the maximum when the API gives no list. */
export const DOWN_PAYMENT_PRESETS_CENTS = [
  100_000, 250_000, 500_000, 750_000, 1_000_000, 1_500_000, 2_000_000,
] as const;

/**
 * A suggested-options list for a range: the minimum, the presets strictly inside it, the
 * maximum. The first and last entries are the bounds, as getDownPaymentBounds expects.
 */
export function buildDownPaymentOptions(
  { minCents, maxCents }: DownPaymentBounds,
  presetsCents: readonly number[] = DOWN_PAYMENT_PRESETS_CENTS,
): number[] {
  const inside = presetsCents.filter((cents) => cents > minCents && cents < maxCents);
  const options = [minCents, ...[...new Set(inside)].sort((a, b) => a - b)];
  if (maxCents !== minCents) options.push(maxCents);
  return options;
}
