// How the tracker's facts read an API code or a flag: small enough for every step page's
// JavaScript, apart from the copy (copy.ts), whose guidance the server picks (decision 052).

/** Upper-case codes as words: PAYMENT_CAPTURED → Payment captured. */
export function humanizeCode(code: string | null | undefined, empty = 'None'): string {
  if (!code) return empty;
  const words = code
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function yesNo(value: boolean): string {
  return value ? 'Yes' : 'No';
}
