import type { SubmissionResult } from '@conform-to/react';
import { z } from 'zod';

// The zip editor's schema (seed 001 §2 "Zip code editor", §5: 5 digits, masked to 5 digits).
// One schema for the browser's constraints, the check on blur and the server's check.

/** What the zip editor's endpoint (routes/resources.zip) answers a fetcher. */
export type ZipActionData = { result: SubmissionResult<string[]>; zip: string | null };

export const ZIP_LENGTH = 5;

export const ZIP_MESSAGES = {
  required: 'Enter your Zip code.',
  format: 'Enter a 5-digit Zip code.',
  /** Seed 002 §8, "Geocode". */
  unknown: "Sorry, we're unable to locate the zip code you provided. Please try again.",
} as const;

export const zipSchema = z
  .string({ error: ZIP_MESSAGES.required })
  .trim()
  .min(1, { error: ZIP_MESSAGES.required, abort: true })
  .regex(/^\d{5}$/, { error: ZIP_MESSAGES.format });

export const zipFormSchema = z.object({ zip: zipSchema });

/** What the zip field keeps of what was typed or pasted: digits only, at most five. */
export function maskZip(text: string): string {
  return text.replace(/\D/g, '').slice(0, ZIP_LENGTH);
}
