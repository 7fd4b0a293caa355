// Money is integer cents everywhere (code-style guide, "Data"); this module turns cents into
// the shopper-facing strings of seed 001 §5 (USD without cents, 'mi', APR as a percentage,
// terms in 'mos') and reads what a shopper typed into a currency field back into cents.

const wholeUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const usdWithCents = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const wholeNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const twoDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const percent = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

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
  return wholeUsd.format(roundHalfAwayFromZero(requireCents(cents) / 100));
}

/** 57998 → '$579.98', for receipts and breakdowns where the cents matter. */
export function formatUsdWithCents(cents: number): string {
  return usdWithCents.format(requireCents(cents) / 100);
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
  return `${wholeNumber.format(miles)} mi`;
}

/** 5.49 → '5.49%'. Always two decimals so a column of rates lines up ('6.00%'). */
export function formatApr(aprPercent: number): string {
  return `${percent.format(aprPercent)}%`;
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
  if (options.wholeDollars) return wholeNumber.format(roundHalfAwayFromZero(cents / 100));
  return cents % 100 === 0 ? wholeNumber.format(cents / 100) : twoDecimals.format(cents / 100);
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
