import { describe, expect, it } from 'vitest';
import { envSchema } from '~/lib/shared/env.server';

// COMPRESSION_LEVEL (decision 072): gzip at level 1 unless told, 0 for a proxy that compresses.
describe('COMPRESSION_LEVEL', () => {
  it('defaults to the measured level 1 and takes 0 to 9', () => {
    expect(envSchema.parse({}).COMPRESSION_LEVEL).toBe(1);
    expect(envSchema.parse({ COMPRESSION_LEVEL: '' }).COMPRESSION_LEVEL).toBe(1);
    expect(envSchema.parse({ COMPRESSION_LEVEL: '0' }).COMPRESSION_LEVEL).toBe(0);
    expect(envSchema.parse({ COMPRESSION_LEVEL: '9' }).COMPRESSION_LEVEL).toBe(9);
  });

  it('refuses a level zlib does not have', () => {
    expect(envSchema.safeParse({ COMPRESSION_LEVEL: '10' }).success).toBe(false);
    expect(envSchema.safeParse({ COMPRESSION_LEVEL: 'fast' }).success).toBe(false);
  });
});
