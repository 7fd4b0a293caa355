import { formatCurrencyInputValue, parseCurrencyInput } from '~/lib/shared/money';

// What a currency field shows while the shopper types (seed 000 §5): digits with thousands
// separators, at most two decimals (none in the whole-dollar variant), never above the maximum.
// Pure, so the component only wires it to the input and puts the caret back.

/** Seed 000 §9: the capped variant stops at $999,999. */
export const CAPPED_CURRENCY_LIMIT_CENTS = 99_999_900;

export type CurrencyTextOptions = {
  wholeDollars?: boolean;
  maxCents?: number;
};

export type CurrencyText = { text: string; caret: number };

/** Keeps the characters that carry the amount, counting how many sit before the caret. */
function keepSignificant(raw: string, caret: number, wholeDollars: boolean) {
  let integer = '';
  let fraction: string | null = null;
  let before = 0;
  for (let index = 0; index < raw.length; index += 1) {
    const char = raw.charAt(index);
    let kept = false;
    if (char === '.' && fraction === null) {
      // The whole-dollar variant drops the point and whatever follows it, so '2500.5' stays 2500.
      fraction = '';
      kept = !wholeDollars;
    } else if (char >= '0' && char <= '9') {
      if (fraction === null) {
        integer += char;
        kept = true;
      } else if (!wholeDollars && fraction.length < 2) {
        fraction += char;
        kept = true;
      }
    }
    if (kept && index < caret) before += 1;
  }
  return { integer, fraction: wholeDollars ? null : fraction, before };
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** The caret position just after the `count`-th character that is not a separator. */
function caretAfter(text: string, count: number): number {
  if (count <= 0) return 0;
  let seen = 0;
  for (let index = 0; index < text.length; index += 1) {
    if (text.charAt(index) !== ',') seen += 1;
    if (seen === count) return index + 1;
  }
  return text.length;
}

/**
 * Reformats the text of a currency input after a keystroke and says where the caret goes, so
 * typing '2500' reads '2,500' with the caret still after the last digit typed.
 */
export function normalizeCurrencyText(
  raw: string,
  caret: number = raw.length,
  options: CurrencyTextOptions = {},
): CurrencyText {
  const wholeDollars = options.wholeDollars ?? false;
  const kept = keepSignificant(raw, caret, wholeDollars);
  let { before } = kept;

  // Leading zeros go ('007' → '7'), but a lone zero stays, and '.5' gains one ('0.5').
  const zeros = /^0+/.exec(kept.integer)?.[0].length ?? 0;
  const dropped = Math.max(0, Math.min(zeros, kept.integer.length - 1));
  let integer = kept.integer.slice(dropped);
  before -= Math.min(before, dropped);
  if (integer === '' && kept.fraction !== null) {
    integer = '0';
    if (before > 0) before += 1;
  }
  if (integer === '' && kept.fraction === null) return { text: '', caret: 0 };

  const unformatted = kept.fraction === null ? integer : `${integer}.${kept.fraction}`;
  const cents = parseCurrencyInput(unformatted);
  if (options.maxCents !== undefined && (cents === null || cents > options.maxCents)) {
    const text = formatCurrencyInputValue(options.maxCents, { wholeDollars });
    return { text, caret: text.length };
  }

  const text = kept.fraction === null ? groupThousands(integer) : `${groupThousands(integer)}.${kept.fraction}`;
  return { text, caret: caretAfter(text, before) };
}

/**
 * What the input shows once it loses focus: empty becomes the default (0 unless given), a
 * dangling point or a single decimal settles ('2,500.' → '2,500', '1.5' → '1.50').
 */
export function getCurrencyTextOnBlur(
  text: string,
  options: CurrencyTextOptions & { defaultCents?: number } = {},
): string {
  const parsed = parseCurrencyInput(text);
  const cents = parsed ?? options.defaultCents ?? 0;
  const capped = options.maxCents === undefined ? cents : Math.min(cents, options.maxCents);
  return formatCurrencyInputValue(capped, { wholeDollars: options.wholeDollars });
}
