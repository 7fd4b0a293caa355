import { describe, expect, it } from 'vitest';
import { ALERTS, ALERT_TYPES, MESSAGES, fillMessage } from './messages';

// The wording the seed quotes, letter for letter.

describe('account messages (seed 002 §8)', () => {
  it.each([
    ['signInIncorrect', 'Your email and/or password are incorrect. Please try again.'],
    ['accountLocked', "For your protection, we've locked your account. Try again later or reset password."],
    ['resetLimit', 'You have too many password reset attempts. Please wait an hour before trying again.'],
    ['weakPassword', 'Too easy to guess.'],
    ['wrongCode', 'Oops, wrong code. Please try again or send a new code.'],
    ['wrongPasscode', "You've entered an incorrect passcode — please try again."],
    ['expiredCode', 'Your code has expired. Send a new code.'],
    ['expiredPasscode', 'Your passcode has expired.'],
    ['accountExists', 'This account already exists.'],
    ['existingEmail', 'You already have an account. Click here to sign in.'],
  ] as const)('%s', (key, text) => {
    expect(MESSAGES[key]).toBe(text);
  });

  it('puts the sign-in link on the end of the existing-account message', () => {
    expect(MESSAGES.existingEmail.endsWith(MESSAGES.existingEmailLinkText)).toBe(true);
  });
});

describe('alerts (seed 000 §4.6 and §8)', () => {
  it('has the seed texts', () => {
    expect(ALERTS).toEqual({
      expired: 'Your code expired. Click link to request new one-time passcode',
      wrongInput: 'Something happened! Please try entering your code again.',
      resent: 'Code resent: Please check your phone.',
      internalError: 'Oops! Something happened on our end. Please try again. Questions? Call {phone}',
    });
    expect(ALERT_TYPES).toEqual(['expired', 'resent', 'wrongInput', 'success', 'warning', 'internalError', 'error']);
  });

  it('fills placeholders and leaves unknown ones alone', () => {
    expect(fillMessage(ALERTS.internalError, { phone: '(512) 555 - 0142' })).toBe(
      'Oops! Something happened on our end. Please try again. Questions? Call (512) 555 - 0142',
    );
    expect(fillMessage('Hi {name}, {unknown}', { name: 'Rowan' })).toBe('Hi Rowan, {unknown}');
  });
});
