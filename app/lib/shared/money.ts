// Money is integer cents everywhere (code-style guide, "Data"); this module turns cents into
// the shopper-facing strings of seed 001 §5 (USD without cents, 'mi', APR as a percentage,
// terms in 'mos') and reads what a shopper typed into a currency field back into cents.

// The formats are fixed (en-US, seed 001 §5), so they are written out here rather than asked of
// Intl.NumberFormat: a page's first Intl formatter loads the browser's locale data, about 15 ms
// of a fast machine's main thread and four times that on a phone, in the task that runs the
// page's modules (decision 065). The strings are the ones Intl printed: '$27,995', '-$5',
// '$579.98', '18,250 mi', '5.49%'.

/** '1234567' → '1,234,567': a comma between each group of three digits. */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A whole number with thousands separators, rounded half away from zero: 18250.4 → '18,250'. */
export function formatWholeNumber(value: number): string {
  const rounded = roundHalfAwayFromZero(value);
  const text = groupThousands(String(Math.abs(rounded)));
  return rounded < 0 ? `-${text}` : text;
}

/** Hundredths as a number to two decimals, without the '$': 224665 → '2,246.65', -5 → '-0.05'. */
function dollarsAndCents(cents: number): string {
  const whole = Math.abs(cents);
  const text = `${groupThousands(String(Math.floor(whole / 100)))}.${String(whole % 100).padStart(2, '0')}`;
  return cents < 0 ? `-${text}` : text;
}

/** A '$' after the sign, as en-US writes it: '-$5'. */
function withDollarSign(amount: string): string {
  return amount.startsWith('-') ? `-$${amount.slice(1)}` : `$${amount}`;
}

/**
 * Rounds half away from zero, the way a cent (or a dollar) is rounded on paper. Binary floats
 * turn 1050 × 0.07 into 73.50000000000001 and 0.29 × 100 into 28.999999999999996, so the value
 * is first snapped to 9 decimal places; no amount we handle carries meaning that fine.
 */
export function roundHalfAwayFromZero(value: number): number {
  if (!Number.isFinite(value)) throw new RangeError(`Cannot round ${value}`);
  const snapped = Number(value.toFixed(9));
  const rounded = Math.sign(snapped) * Math.round(Math.abs(snapped));
  // Math.sign(-0.4) * 0 is -0, which Intl prints as "-$0".
  return rounded === 0 ? 0 : rounded;
}

function requireCents(cents: number): number {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Expected integer cents, got ${cents}`);
  return cents;
}

/** 2799500 → '$27,995'. Prices are shown without cents (seed 001 §5); half a dollar rounds up. */
export function formatUsd(cents: number): string {
  return withDollarSign(formatWholeNumber(requireCents(cents) / 100));
}

/** 57998 → '$579.98', for receipts and breakdowns where the cents matter. */
export function formatUsdWithCents(cents: number): string {
  return withDollarSign(dollarsAndCents(requireCents(cents)));
}

/**
 * 250000 → '$2,500', 224665 → '$2,246.65': whole dollars when the amount is whole, else to the
 * cent, for an amount due or paid, where rounding to the dollar would misstate it.
 */
export function formatUsdAmount(cents: number): string {
  return requireCents(cents) % 100 === 0 ? formatUsd(cents) : formatUsdWithCents(cents);
}

/** 57998 → '$580/mo': the card's monthly payment, whole dollars like every price. */
export function formatMonthlyPayment(cents: number): string {
  return `${formatUsd(cents)}/mo`;
}

/** 18250 → '18,250 mi'. */
export function formatMiles(miles: number): string {
  return `${formatWholeNumber(miles)} mi`;
}

/** 5.49 → '5.49%'. Always two decimals so a column of rates lines up ('6.00%'). */
export function formatApr(aprPercent: number): string {
  // In hundredths of a percent, rounded half away from zero as every amount here: 5.495 → '5.50'.
  return `${dollarsAndCents(roundHalfAwayFromZero(aprPercent * 100))}%`;
}

/** 5.49 → '5.49% APR', the label printed next to a payment. */
export function formatAprLabel(aprPercent: number): string {
  return `${formatApr(aprPercent)} APR`;
}

/** 48 → '48 mos'. */
export function formatTerm(months: number): string {
  return `${months} ${months === 1 ? 'mo' : 'mos'}`;
}

/**
 * The text a currency input shows for an amount, without the '$' (the field draws it as a
 * prefix): 250000 → '2,500', 250050 → '2,500.50'. The whole-dollar variant rounds to dollars;
 * otherwise cents appear only when there are some.
 */
export function formatCurrencyInputValue(cents: number, options: { wholeDollars?: boolean } = {}): string {
  requireCents(cents);
  if (options.wholeDollars || cents % 100 === 0) return formatWholeNumber(cents / 100);
  return dollarsAndCents(cents);
}

/**
 * Reads what a shopper typed into a currency field: '$27,995', ' 2500 ', '1,234.5', '.99'.
 * Answers integer cents, or null when the text is empty, negative or not a number, so the
 * caller decides what an unusable value becomes (the down payment falls back to its minimum).
 * A third decimal rounds the cent half up. Works on the digits as text, so no float creeps in.
 */
export function parseCurrencyInput(text: string | null | undefined): number | null {
  if (text == null) return null;
  const match = /^\$?\s*(\d[\d,]*)?(?:\.(\d*))?$/.exec(text.trim());
  if (!match) return null;
  const [, wholePart = '', fractionPart = ''] = match;
  const dollarsText = wholePart.replaceAll(',', '');
  if (dollarsText === '' && fractionPart === '') return null;
  const dollars = dollarsText === '' ? 0 : Number(dollarsText);
  const centsText = fractionPart.padEnd(3, '0');
  const roundUp = Number(centsText[2]) >= 5 ? 1 : 0;
  const cents = dollars * 100 + Number(centsText.slice(0, 2)) + roundUp;
  return Number.isSafeInteger(cents) ? cents : null;
}
