import { describe, expect, it } from 'vitest';
import { DEAL_STATUS_CODES } from '~/lib/contract/orders';
import {
  describeDealStatus,
  getDealOutcome,
  getDealStatusName,
  isCashDeal,
  isOffRampOrder,
  isSignedDealStatus,
} from '~/lib/tracker/deal';

describe('deal status names (commerce-api.md)', () => {
  it.each([
    ['APEN', 'PENDING_APPROVAL'],
    ['UACC', 'USER_ACCEPTED'],
    ['UDEC', 'USER_DECLINED'],
    ['VEXP', 'VERIFICATION_EXPIRED'],
    ['UNKNOWN', 'UNKNOWN'],
  ] as const)('%s is %s', (code, name) => {
    expect(getDealStatusName(code)).toBe(name);
  });

  it('other codes keep their code; no status is null', () => {
    expect(getDealStatusName('DPEN')).toBe('DPEN');
    expect(getDealStatusName('SIGN')).toBe('SIGN');
    expect(getDealStatusName(null)).toBeNull();
    expect(getDealStatusName(undefined)).toBeNull();
  });

  it('the signed states are SIGN, SUBF, BOOK and FUND, and only those', () => {
    const signed = DEAL_STATUS_CODES.filter((code) => isSignedDealStatus(code));
    expect(signed).toEqual(['SIGN', 'SUBF', 'BOOK', 'FUND']);
    expect(isSignedDealStatus(null)).toBe(false);
  });

  it('outcome: accepted for UACC or a signed state, declined for UDEC, else pending', () => {
    expect(getDealOutcome('UACC')).toBe('accepted');
    expect(getDealOutcome('FUND')).toBe('accepted');
    expect(getDealOutcome('UDEC')).toBe('declined');
    expect(getDealOutcome('APEN')).toBe('pending');
    expect(getDealOutcome('VEXP')).toBe('pending');
    expect(getDealOutcome(null)).toBe('pending');
  });
});

describe('deal kinds', () => {
  it('only Cash is cash: a Lease follows the Finance rules', () => {
    expect(isCashDeal('Cash')).toBe(true);
    expect(isCashDeal('Finance')).toBe(false);
    expect(isCashDeal('Lease')).toBe(false);
  });

  it('off-ramp: OFFRAMP now or in any history entry', () => {
    const entry = (orderStatus: 'SUBMITTED' | 'OFFRAMP') => ({ values: { orderStatus } });
    expect(isOffRampOrder('OFFRAMP', [])).toBe(true);
    expect(isOffRampOrder('CONTRACT_PENDING', [entry('SUBMITTED'), entry('OFFRAMP'), entry('SUBMITTED')])).toBe(true);
    expect(isOffRampOrder('CONTRACT_PENDING', [entry('SUBMITTED')])).toBe(false);
    expect(isOffRampOrder('SUBMITTED', [])).toBe(false);
  });
});

describe('describeDealStatus', () => {
  it('says what a code means in seed 001 §4 words, never the code', () => {
    expect(describeDealStatus('SUBF', '—')).toBe('Submitted for funding');
    expect(describeDealStatus('APEN', '—')).toBe('Pending approval');
    expect(describeDealStatus('LDEC', '—')).toBe('All lenders declined');
    expect(describeDealStatus(null, 'Not available yet')).toBe('Not available yet');
  });
});
