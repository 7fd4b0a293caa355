import { describe, expect, it } from 'vitest';
import { zipSchema } from './zip';
import { ZIP_MESSAGES, maskZip, zipError } from './zip-rules';

describe('the zip field', () => {
  it('keeps digits only, at most five', () => {
    expect(maskZip('787-01 22')).toBe('78701');
    expect(maskZip('ab')).toBe('');
  });

  it('takes exactly five digits', () => {
    expect(zipSchema.parse(' 78701 ')).toBe('78701');
    expect(zipSchema.safeParse('7870').error?.issues[0]?.message).toBe(ZIP_MESSAGES.format);
    expect(zipSchema.safeParse('').error?.issues[0]?.message).toBe(ZIP_MESSAGES.required);
  });
});

describe('the zip rules the browser checks without zod', () => {
  it('give the schema’s messages for the same input', () => {
    for (const typed of [' 78701 ', '7870', '', '   ', '787011', 'abcde']) {
      const parsed = zipSchema.safeParse(typed);
      expect(zipError(typed), JSON.stringify(typed)).toBe(parsed.success ? null : parsed.error.issues[0]!.message);
    }
  });
});
