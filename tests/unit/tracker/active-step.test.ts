import { describe, expect, it } from 'vitest';
import { DEFAULT_ACTIVE_STEP, getActiveStep } from '~/lib/tracker/active-step';

describe('active step on load (seed 000 §4.2)', () => {
  it('the first step that is neither COMPLETED nor NOT_READY', () => {
    expect(
      getActiveStep([
        { step: 'VERIFY_INSURANCE', status: 'COMPLETED' },
        { step: 'VERIFY_ID', status: 'COMPLETED' },
        { step: 'UPLOAD_DOCUMENTS', status: 'NOT_READY' },
        { step: 'FINANCE_DECISION', status: 'NEEDS_ATTENTION' },
        { step: 'SIGN_CONTRACT', status: 'READY' },
      ]),
    ).toBe('FINANCE_DECISION');
  });

  it.each(['READY', 'IN_PROGRESS', 'NEEDS_ATTENTION'] as const)('%s counts as open', (status) => {
    expect(
      getActiveStep([
        { step: 'VERIFY_INSURANCE', status: 'COMPLETED' },
        { step: 'VERIFY_ID', status },
      ]),
    ).toBe('VERIFY_ID');
  });

  it('otherwise the last completed step', () => {
    expect(
      getActiveStep([
        { step: 'VERIFY_INSURANCE', status: 'COMPLETED' },
        { step: 'VERIFY_ID', status: 'COMPLETED' },
        { step: 'UPLOAD_DOCUMENTS', status: 'COMPLETED' },
        { step: 'DEAL_REVIEW', status: 'NOT_READY' },
        { step: 'SIGN_CONTRACT', status: 'NOT_READY' },
      ]),
    ).toBe('UPLOAD_DOCUMENTS');
    expect(
      getActiveStep([
        { step: 'SIGN_CONTRACT', status: 'COMPLETED' },
        { step: 'SCHEDULE_DELIVERY', status: 'COMPLETED' },
      ]),
    ).toBe('SCHEDULE_DELIVERY');
  });

  it('default VERIFY_ID when nothing is open or completed', () => {
    expect(DEFAULT_ACTIVE_STEP).toBe('VERIFY_ID');
    expect(getActiveStep([])).toBe('VERIFY_ID');
    expect(getActiveStep([{ step: 'SIGN_CONTRACT', status: 'NOT_READY' }])).toBe('VERIFY_ID');
  });
});
