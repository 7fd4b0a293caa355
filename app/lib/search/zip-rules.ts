// The zip code's rules (seed 001 §2 "Zip code editor", §5: 5 digits, masked to 5 digits), free
// of zod: the search and vehicle pages check a zip on blur with these and load no schema code
// (issue 17's JavaScript budget). The server's schema (./zip.ts) is built from the same rules.

export const ZIP_LENGTH = 5;

export const ZIP_PATTERN = /^\d{5}$/;

export const ZIP_MESSAGES = {
  required: 'Enter your Zip code.',
  format: 'Enter a 5-digit Zip code.',
  /** Seed 002 §8, "Geocode". */
  unknown: "Sorry, we're unable to locate the zip code you provided. Please try again.",
} as const;

/** What the zip field keeps of what was typed or pasted: digits only, at most five. */
export function maskZip(text: string): string {
  return text.replace(/\D/g, '').slice(0, ZIP_LENGTH);
}

/** The message for a typed zip (trimmed first, as the schema does), or null when it is well formed. */
export function zipError(text: string): string | null {
  const zip = text.trim();
  if (zip === '') return ZIP_MESSAGES.required;
  return ZIP_PATTERN.test(zip) ? null : ZIP_MESSAGES.format;
}
