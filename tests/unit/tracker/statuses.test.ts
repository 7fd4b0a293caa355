import { describe, expect, it } from 'vitest';
import type { ContractDocument, IdVerificationStatus, SigningReadiness, SigningStatus } from '~/lib/contract/tracker';
import {
  applyIdVerificationPoll,
  areSigningPrerequisitesMet,
  getDealReviewStepStatus,
  getDocumentsStepStatus,
  getFinanceDecisionStepStatus,
  getIdVerificationStepStatus,
  getInsuranceStepStatus,
  getPaymentStepStatus,
  getScheduleDeliveryStepStatus,
  getSigningStepStatus,
  isSigningComplete,
  mapPolicyStatus,
  shouldPollIdVerification,
  type PaymentInput,
  type ScheduleDeliveryInput,
  type SigningInput,
} from '~/lib/tracker/statuses';

describe('insurance (seed 000 §4.3)', () => {
  it('NOT_INITIATED maps to no status, an unknown value to NOT_FOUND, known values to themselves', () => {
    expect(mapPolicyStatus('NOT_INITIATED')).toBeNull();
    expect(mapPolicyStatus(null)).toBeNull();
    expect(mapPolicyStatus(undefined)).toBeNull();
    expect(mapPolicyStatus('LAPSED')).toBe('NOT_FOUND');
    expect(mapPolicyStatus('active')).toBe('NOT_FOUND');
    for (const known of ['IN_PROGRESS', 'ACTIVE', 'PENDING_ACTIVATION', 'INACTIVE', 'EXPIRED', 'CANCELLED']) {
      expect(mapPolicyStatus(known)).toBe(known);
    }
  });

  it('no status is READY', () => {
    expect(getInsuranceStepStatus(null)).toBe('READY');
  });
  it('IN_PROGRESS stays IN_PROGRESS', () => {
    expect(getInsuranceStepStatus('IN_PROGRESS')).toBe('IN_PROGRESS');
  });
  it('ACTIVE and PENDING_ACTIVATION are COMPLETED', () => {
    expect(getInsuranceStepStatus('ACTIVE')).toBe('COMPLETED');
    expect(getInsuranceStepStatus('PENDING_ACTIVATION')).toBe('COMPLETED');
  });
  it.each(['INACTIVE', 'EXPIRED', 'CANCELLED', 'NOT_FOUND'] as const)('%s needs attention', (status) => {
    expect(getInsuranceStepStatus(status)).toBe('NEEDS_ATTENTION');
  });
});

describe('ID verification', () => {
  const check = (overrides: Partial<IdVerificationStatus> = {}): IdVerificationStatus => ({
    status: 'NOT_STARTED',
    isExpired: false,
    transactionsAmount: 0,
    ...overrides,
  });

  it('base READY (no check on the order, no attempts)', () => {
    expect(getIdVerificationStepStatus(null, check())).toBe('READY');
    expect(getIdVerificationStepStatus('NOT_STARTED', check())).toBe('READY');
    expect(getIdVerificationStepStatus('INITIATED', check({ status: 'INITIATED' }))).toBe('READY');
  });
  it('IN_PROGRESS once transactionsAmount is above 0', () => {
    expect(getIdVerificationStepStatus('INITIATED', check({ status: 'INITIATED', transactionsAmount: 1 }))).toBe(
      'IN_PROGRESS',
    );
  });
  it('NEEDS_ATTENTION when the order says ERROR, even with attempts', () => {
    expect(getIdVerificationStepStatus('ERROR', check({ status: 'FAILED', transactionsAmount: 2 }))).toBe(
      'NEEDS_ATTENTION',
    );
  });
  it('NEEDS_ATTENTION when the check is expired', () => {
    expect(getIdVerificationStepStatus('INITIATED', check({ status: 'INITIATED', isExpired: true }))).toBe(
      'NEEDS_ATTENTION',
    );
  });
  it('COMPLETED when the order says COMPLETED, whatever else is true', () => {
    expect(
      getIdVerificationStepStatus('COMPLETED', check({ status: 'FAILED', isExpired: true, transactionsAmount: 3 })),
    ).toBe('COMPLETED');
  });
  it('the service saying SUCCESSFUL alone does not complete the step on load (only polling does)', () => {
    expect(getIdVerificationStepStatus('INITIATED', check({ status: 'SUCCESSFUL', transactionsAmount: 1 }))).toBe(
      'IN_PROGRESS',
    );
  });

  it('polls while INITIATED, stops on FAILED or SUCCESSFUL', () => {
    expect(shouldPollIdVerification({ status: 'INITIATED' })).toBe(true);
    expect(shouldPollIdVerification({ status: 'FAILED' })).toBe(false);
    expect(shouldPollIdVerification({ status: 'SUCCESSFUL' })).toBe(false);
    expect(shouldPollIdVerification({ status: 'NOT_STARTED' })).toBe(false);
  });
  it('a poll answer: SUCCESSFUL sets COMPLETED, FAILED or expired NEEDS_ATTENTION, else unchanged', () => {
    expect(applyIdVerificationPoll('IN_PROGRESS', { status: 'SUCCESSFUL', isExpired: false })).toBe('COMPLETED');
    expect(applyIdVerificationPoll('IN_PROGRESS', { status: 'FAILED', isExpired: false })).toBe('NEEDS_ATTENTION');
    expect(applyIdVerificationPoll('IN_PROGRESS', { status: 'INITIATED', isExpired: true })).toBe('NEEDS_ATTENTION');
    expect(applyIdVerificationPoll('IN_PROGRESS', { status: 'INITIATED', isExpired: false })).toBe('IN_PROGRESS');
    expect(applyIdVerificationPoll('READY', { status: 'CANCELLED', isExpired: false })).toBe('READY');
  });
});

type Doc = Pick<ContractDocument, 'key' | 'status'>;
const licence = (status: Doc['status']): Doc => ({ key: 'APP.DRIVERSLICENSE', status });
const card = (status: Doc['status']): Doc => ({ key: 'GEN.INSURANCECARD', status });
const payStub = (status: Doc['status']): Doc => ({ key: 'APP.PAYSTUB', status });

describe('documents', () => {
  it('all complete: COMPLETED', () => {
    expect(getDocumentsStepStatus([licence('COMPLETE'), card('COMPLETE'), payStub('COMPLETE')])).toBe('COMPLETED');
    expect(getDocumentsStepStatus([licence('COMPLETE'), card('COMPLETE')])).toBe('COMPLETED');
  });
  it('none complete: READY', () => {
    expect(getDocumentsStepStatus([licence('INITIALIZED'), card('UPLOADING'), payStub('FAIL')])).toBe('READY');
    expect(getDocumentsStepStatus([])).toBe('READY');
  });
  it('licence and insurance card complete, another not: NEEDS_ATTENTION', () => {
    expect(getDocumentsStepStatus([licence('COMPLETE'), card('COMPLETE'), payStub('FAIL')])).toBe('NEEDS_ATTENTION');
    expect(getDocumentsStepStatus([licence('COMPLETE'), card('COMPLETE'), payStub('INITIALIZED')])).toBe(
      'NEEDS_ATTENTION',
    );
  });
  it('otherwise IN_PROGRESS', () => {
    expect(getDocumentsStepStatus([licence('COMPLETE'), card('UPLOADING'), payStub('INITIALIZED')])).toBe(
      'IN_PROGRESS',
    );
    expect(getDocumentsStepStatus([licence('INITIALIZED'), card('COMPLETE'), payStub('COMPLETE')])).toBe('IN_PROGRESS');
  });
});

describe('deal review', () => {
  it('no deal status: NOT_READY', () => {
    expect(getDealReviewStepStatus(null)).toBe('NOT_READY');
  });
  it('accepted or a signed state: COMPLETED', () => {
    for (const code of ['UACC', 'SIGN', 'SUBF', 'BOOK', 'FUND'] as const)
      expect(getDealReviewStepStatus(code)).toBe('COMPLETED');
  });
  it('anything else (UNKNOWN, PENDING_APPROVAL, USER_DECLINED, others): NEEDS_ATTENTION', () => {
    for (const code of ['UNKNOWN', 'APEN', 'UDEC', 'DPEN', 'VEXP'] as const)
      expect(getDealReviewStepStatus(code)).toBe('NEEDS_ATTENTION');
  });
});

describe('finance decision', () => {
  const input = { inSequence: true, signingComplete: false, dealStatus: 'APEN' } as const;
  it('NOT_READY when the step is not in the sequence, whatever the deal says', () => {
    expect(getFinanceDecisionStepStatus({ ...input, inSequence: false, dealStatus: 'UACC' })).toBe('NOT_READY');
    expect(getFinanceDecisionStepStatus({ ...input, inSequence: false, signingComplete: true })).toBe('NOT_READY');
  });
  it('signing complete: COMPLETED', () => {
    expect(getFinanceDecisionStepStatus({ ...input, signingComplete: true, dealStatus: 'DPEN' })).toBe('COMPLETED');
  });
  it('USER_ACCEPTED: COMPLETED', () => {
    expect(getFinanceDecisionStepStatus({ ...input, dealStatus: 'UACC' })).toBe('COMPLETED');
  });
  it('USER_DECLINED: NEEDS_ATTENTION', () => {
    expect(getFinanceDecisionStepStatus({ ...input, dealStatus: 'UDEC' })).toBe('NEEDS_ATTENTION');
  });
  it('PENDING_APPROVAL: READY', () => {
    expect(getFinanceDecisionStepStatus(input)).toBe('READY');
  });
  it('otherwise NOT_READY (no status, decision pending, expired, signed without a signature yet)', () => {
    for (const dealStatus of [null, 'DPEN', 'VEXP', 'UNKNOWN', 'SIGN'] as const) {
      expect(getFinanceDecisionStepStatus({ ...input, dealStatus })).toBe('NOT_READY');
    }
  });
});

describe('signing', () => {
  const notStarted: SigningStatus = { status: 'NotStarted', signersCompleted: { buyer: false, dealer: false } };
  const ready: SigningReadiness = { ready: true, isSigningNotificationSent: false };
  const base: SigningInput = {
    signing: notStarted,
    readiness: ready,
    dealStatus: 'UACC',
    documents: [licence('COMPLETE'), card('INITIALIZED')],
    dealReviewPage: false,
    financeDecision: 'COMPLETED',
    contractStarted: false,
  };

  it('signing complete: status Signed or the buyer signed', () => {
    expect(isSigningComplete({ status: 'Signed', signersCompleted: { buyer: false, dealer: false } })).toBe(true);
    expect(isSigningComplete({ status: 'Sent', signersCompleted: { buyer: true, dealer: false } })).toBe(true);
    expect(isSigningComplete({ status: 'Sent', signersCompleted: { buyer: false, dealer: true } })).toBe(false);
  });

  it('COMPLETED when Signed or the buyer completed, even if the deal reads declined', () => {
    expect(getSigningStepStatus({ ...base, signing: { ...notStarted, status: 'Signed' } })).toBe('COMPLETED');
    expect(
      getSigningStepStatus({
        ...base,
        dealStatus: 'UDEC',
        signing: { status: 'Sent', signersCompleted: { buyer: true, dealer: false } },
      }),
    ).toBe('COMPLETED');
  });
  it('NOT_READY when finance or the deal review was declined (USER_DECLINED)', () => {
    expect(getSigningStepStatus({ ...base, dealStatus: 'UDEC', financeDecision: 'NEEDS_ATTENTION' })).toBe('NOT_READY');
    expect(getSigningStepStatus({ ...base, dealStatus: 'UDEC', signing: { ...notStarted, status: 'Cancelled' } })).toBe(
      'NOT_READY',
    );
  });
  it('NEEDS_ATTENTION when the deal is VERIFICATION_EXPIRED', () => {
    expect(getSigningStepStatus({ ...base, dealStatus: 'VEXP', financeDecision: 'NOT_READY' })).toBe('NEEDS_ATTENTION');
  });
  it('NEEDS_ATTENTION when the signing status is Cancelled, prerequisites or not', () => {
    expect(getSigningStepStatus({ ...base, signing: { ...notStarted, status: 'Cancelled' } })).toBe('NEEDS_ATTENTION');
    expect(getSigningStepStatus({ ...base, documents: [], signing: { ...notStarted, status: 'Cancelled' } })).toBe(
      'NEEDS_ATTENTION',
    );
  });
  it('READY when the prerequisites are met and signing has not started (Sent counts as not started here)', () => {
    expect(getSigningStepStatus(base)).toBe('READY');
    expect(getSigningStepStatus({ ...base, signing: { ...notStarted, status: 'Sent' } })).toBe('READY');
  });
  it('IN_PROGRESS when the prerequisites are met and the contract-started flag is set', () => {
    expect(getSigningStepStatus({ ...base, contractStarted: true })).toBe('IN_PROGRESS');
  });
  it('NOT_READY when the prerequisites are not met, even with the contract-started flag', () => {
    expect(getSigningStepStatus({ ...base, documents: [licence('UPLOADING')], contractStarted: true })).toBe(
      'NOT_READY',
    );
  });

  describe('prerequisites', () => {
    const pre = {
      readiness: ready,
      dealStatus: 'APEN',
      documents: [licence('COMPLETE')],
      dealReviewPage: false,
      financeDecision: 'READY',
    } as const;

    it('the licence complete and readiness true', () => {
      expect(areSigningPrerequisitesMet(pre)).toBe(true);
    });
    it('no licence: not met', () => {
      expect(areSigningPrerequisitesMet({ ...pre, documents: [licence('FAIL'), card('COMPLETE')] })).toBe(false);
      expect(areSigningPrerequisitesMet({ ...pre, documents: [] })).toBe(false);
    });
    it('a sent notification does not replace the licence without the deal-review page', () => {
      expect(
        areSigningPrerequisitesMet({
          ...pre,
          documents: [],
          readiness: { ready: true, isSigningNotificationSent: true },
        }),
      ).toBe(false);
    });
    it('with the deal-review page: licence and insurance card both complete', () => {
      expect(areSigningPrerequisitesMet({ ...pre, dealReviewPage: true })).toBe(false);
      expect(
        areSigningPrerequisitesMet({
          ...pre,
          dealReviewPage: true,
          documents: [licence('COMPLETE'), card('COMPLETE')],
        }),
      ).toBe(true);
    });
    it('with the deal-review page: or the signing notification sent, without documents', () => {
      expect(
        areSigningPrerequisitesMet({
          ...pre,
          dealReviewPage: true,
          documents: [],
          readiness: { ready: true, isSigningNotificationSent: true },
        }),
      ).toBe(true);
    });
    it('go-ahead: readiness, or the finance step completed, or the deal accepted', () => {
      const notReady = { ready: false, isSigningNotificationSent: false };
      expect(areSigningPrerequisitesMet({ ...pre, readiness: notReady })).toBe(false);
      expect(areSigningPrerequisitesMet({ ...pre, readiness: notReady, financeDecision: 'COMPLETED' })).toBe(true);
      expect(areSigningPrerequisitesMet({ ...pre, readiness: notReady, dealStatus: 'UACC' })).toBe(true);
    });
  });
});

describe('payment', () => {
  const base: PaymentInput = {
    dealType: 'Finance',
    signingComplete: true,
    paymentInfo: null,
    appointmentTime: null,
    cashPaid: false,
  };

  it('COMPLETED when this browser recorded paying a cash order, even before signing', () => {
    expect(getPaymentStepStatus({ ...base, dealType: 'Cash', cashPaid: true, signingComplete: false })).toBe(
      'COMPLETED',
    );
  });
  it('the cash-paid flag means nothing on a finance order', () => {
    expect(getPaymentStepStatus({ ...base, cashPaid: true, signingComplete: false })).toBe('NOT_READY');
  });
  it('NOT_READY while signing is not complete', () => {
    expect(getPaymentStepStatus({ ...base, signingComplete: false, paymentInfo: { status: 'FULLY_PAID' } })).toBe(
      'NOT_READY',
    );
  });
  it('READY when there is no payment info', () => {
    expect(getPaymentStepStatus(base)).toBe('READY');
  });
  it('READY for a cash order with an appointment, whatever the payment says', () => {
    expect(
      getPaymentStepStatus({
        ...base,
        dealType: 'Cash',
        paymentInfo: { status: 'PAYMENT_HOLD' },
        appointmentTime: '2026-12-01T15:00:00.000Z',
      }),
    ).toBe('READY');
  });
  it('a finance order with an appointment still reads its payment status', () => {
    expect(
      getPaymentStepStatus({
        ...base,
        paymentInfo: { status: 'PAYMENT_HOLD' },
        appointmentTime: '2026-12-01T15:00:00.000Z',
      }),
    ).toBe('IN_PROGRESS');
  });
  it('NOT_READY when the payment info has no status', () => {
    expect(getPaymentStepStatus({ ...base, paymentInfo: { status: null } })).toBe('NOT_READY');
  });
  it.each([
    ['PAYMENT_PENDING', 'IN_PROGRESS'],
    ['PAYMENT_HOLD', 'IN_PROGRESS'],
    ['PAYMENT_FAILED', 'NEEDS_ATTENTION'],
    ['PAYMENT_CAPTURED', 'COMPLETED'],
    ['DOWNPAYMENT_PAID', 'COMPLETED'],
    ['FULLY_PAID', 'COMPLETED'],
  ] as const)('%s → %s', (status, expected) => {
    expect(getPaymentStepStatus({ ...base, paymentInfo: { status } })).toBe(expected);
    expect(getPaymentStepStatus({ ...base, dealType: 'Cash', paymentInfo: { status } })).toBe(expected);
  });
});

describe('schedule delivery', () => {
  const base: ScheduleDeliveryInput = {
    dealType: 'Finance',
    signingComplete: true,
    offRamp: false,
    paymentStatus: null,
    appointmentTime: null,
  };

  it('COMPLETED when an appointment exists, even before signing', () => {
    expect(
      getScheduleDeliveryStepStatus({ ...base, signingComplete: false, appointmentTime: '2026-12-01T15:00:00.000Z' }),
    ).toBe('COMPLETED');
  });
  it('NOT_READY before signing, for every kind of order', () => {
    expect(getScheduleDeliveryStepStatus({ ...base, signingComplete: false, paymentStatus: 'FULLY_PAID' })).toBe(
      'NOT_READY',
    );
    expect(getScheduleDeliveryStepStatus({ ...base, signingComplete: false, dealType: 'Cash' })).toBe('NOT_READY');
    expect(getScheduleDeliveryStepStatus({ ...base, signingComplete: false, offRamp: true })).toBe('NOT_READY');
  });
  it('a cash order: READY once signed', () => {
    expect(getScheduleDeliveryStepStatus({ ...base, dealType: 'Cash' })).toBe('READY');
  });
  it('an off-ramp order: READY once signed, without any payment', () => {
    expect(getScheduleDeliveryStepStatus({ ...base, offRamp: true })).toBe('READY');
  });
  it.each(['PAYMENT_CAPTURED', 'DOWNPAYMENT_PAID', 'FULLY_PAID'] as const)(
    'a finance order signed with %s: READY',
    (paymentStatus) => {
      expect(getScheduleDeliveryStepStatus({ ...base, paymentStatus })).toBe('READY');
      expect(getScheduleDeliveryStepStatus({ ...base, dealType: 'Lease', paymentStatus })).toBe('READY');
    },
  );
  it.each([null, 'PAYMENT_PENDING', 'PAYMENT_HOLD', 'PAYMENT_FAILED'] as const)(
    'a finance order signed with %s: NOT_READY',
    (paymentStatus) => {
      expect(getScheduleDeliveryStepStatus({ ...base, paymentStatus })).toBe('NOT_READY');
    },
  );
});
