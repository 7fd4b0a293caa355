import { describe, expect, it } from 'vitest';
import { ZIP_MESSAGES, maskZip, zipSchema } from './zip';

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
