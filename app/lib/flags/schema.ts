import { z } from 'zod';

// tenants/<id>/flags.json: the tenant's feature-flag datafile. Booleans switch a feature;
// variables pick one of their options (an experiment's variant).

const booleanFlag = z.object({ type: z.literal('boolean'), value: z.boolean(), description: z.string().optional() });
const variableFlag = z
  .object({
    type: z.literal('variable'),
    value: z.string(),
    options: z.array(z.string().min(1)).min(1),
    description: z.string().optional(),
  })
  .refine((flag) => flag.options.includes(flag.value), { message: 'value must be one of options', path: ['value'] });

export const flagDatafileSchema = z.object({
  version: z.literal(1),
  flags: z.record(z.string().regex(/^[a-z0-9-]+$/, 'flag keys are kebab-case'), z.union([booleanFlag, variableFlag])),
});
export type FlagDatafile = z.infer<typeof flagDatafileSchema>;

/** The flags the storefront reads, with the values the demo tenants ship. */
export const KNOWN_FLAGS = {
  'consolidate-finance-and-signing': { type: 'boolean' },
  'deal-review-page': { type: 'boolean' },
  'progress-message-banner': { type: 'variable', options: ['none', 'message', 'message-with-timer'] },
  'price-guide-badge': { type: 'boolean' },
} as const;

export type KnownFlagKey = keyof typeof KNOWN_FLAGS;

type KnownFlagValue<K extends KnownFlagKey> = (typeof KNOWN_FLAGS)[K] extends {
  type: 'variable';
  options: readonly (infer O)[];
}
  ? O
  : boolean;

/**
 * What a page may know about the flags: one value per known flag, undefined when the flag
 * data is not ready (seed 001 §4: no answer). Only these reach the browser.
 */
export type KnownFlagValues = { [K in KnownFlagKey]: KnownFlagValue<K> | undefined };

export function isKnownFlag(key: string): key is KnownFlagKey {
  return Object.hasOwn(KNOWN_FLAGS, key);
}
