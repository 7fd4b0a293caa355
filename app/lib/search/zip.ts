import type { SubmissionResult } from '@conform-to/react';
import { z } from 'zod';
import { ZIP_MESSAGES, ZIP_PATTERN } from './zip-rules';

// The zip editor's schema for the server's check (seed 001 §2 "Zip code editor", §5), built
// from the rules the browser checks on blur (./zip-rules.ts, which loads no zod).

/** What the zip editor's endpoint (routes/resources.zip) answers a fetcher. */
export type ZipActionData = { result: SubmissionResult<string[]>; zip: string | null };

export const zipSchema = z
  .string({ error: ZIP_MESSAGES.required })
  .trim()
  .min(1, { error: ZIP_MESSAGES.required, abort: true })
  .regex(ZIP_PATTERN, { error: ZIP_MESSAGES.format });

export const zipFormSchema = z.object({ zip: zipSchema });
