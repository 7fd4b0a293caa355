import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api.server';
import { codeFeedback, codeSentNotices, toCodeFailure } from './auth.server';
import { IDENTITY_ERRORS } from './contract/identity';
import { ALERTS, MESSAGES } from './messages';

// How a code step's outcome reaches the page: the message under the code field (seed 000 §8)
// and the alert bar (expired, wrongInput, resent, internalError with the tenant phone).

const tenant = {
  brandName: 'Showroom',
  legalName: 'Showroom Motors LLC',
  dealerPhone: { number: '5125550142', countryCode: '+1', abbreviation: 'SALES' },
};

describe('toCodeFailure', () => {
  it.each([
    [IDENTITY_ERRORS.wrongCode, 400, 'wrong'],
    [IDENTITY_ERRORS.wrongCodeLastTry, 400, 'wrongLastTry'],
    [IDENTITY_ERRORS.expiredCode, 410, 'expired'],
    [IDENTITY_ERRORS.codeLocked, 423, 'locked'],
    [IDENTITY_ERRORS.resetLimit, 429, 'resetLimit'],
    ['error.validation.invalidRequest', 400, 'invalid'],
  ] as const)('%s → %s', (code, status, failure) => {
    expect(toCodeFailure(new ApiError(status, code, 'x'))).toBe(failure);
  });

  it('treats anything else as our failure', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(toCodeFailure(new ApiError(503, 'error.api.unreachable', 'x'))).toBe('unavailable');
  });
});

describe('codeFeedback', () => {
  it('puts a wrong code under the field, with the passcode wording for passcodes', () => {
    expect(codeFeedback('wrong', 'code', tenant)).toEqual({ fieldError: MESSAGES.wrongCode, alerts: [] });
    expect(codeFeedback('wrong', 'passcode', tenant)).toEqual({ fieldError: MESSAGES.wrongPasscode, alerts: [] });
  });

  it('warns when one try is left', () => {
    expect(codeFeedback('wrongLastTry', 'passcode', tenant).alerts).toEqual([
      { type: 'warning', message: MESSAGES.codeOneTryLeft },
    ]);
  });

  it('shows the expired alert with the field message', () => {
    expect(codeFeedback('expired', 'code', tenant)).toEqual({
      fieldError: MESSAGES.expiredCode,
      alerts: [{ type: 'expired', message: ALERTS.expired }],
    });
    expect(codeFeedback('expired', 'passcode', tenant).fieldError).toBe('Your passcode has expired.');
  });

  it('shows wrongInput, the lock, the reset limit and the internal error with the tenant phone', () => {
    expect(codeFeedback('invalid', 'code', tenant).alerts).toEqual([
      { type: 'wrongInput', message: 'Something happened! Please try entering your code again.' },
    ]);
    expect(codeFeedback('locked', 'code', tenant).alerts).toEqual([{ type: 'error', message: MESSAGES.codeLocked }]);
    expect(codeFeedback('resetLimit', 'code', tenant).alerts).toEqual([
      { type: 'error', message: MESSAGES.resetLimit },
    ]);
    expect(codeFeedback('unavailable', 'code', tenant).alerts).toEqual([
      {
        type: 'internalError',
        message: 'Oops! Something happened on our end. Please try again. Questions? Call (512) 555 - 0142',
      },
    ]);
  });
});

it('adds the one-request-left warning to a sent code', () => {
  const resent = { type: 'resent' as const, message: ALERTS.resent };
  expect(codeSentNotices(resent, null)).toEqual([resent]);
  expect(codeSentNotices(resent, 'lastRequest')).toEqual([
    resent,
    { type: 'warning', message: MESSAGES.codeOneRequestLeft },
  ]);
});
