import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { emailChangeConfirmSchema, emailChangeSchema, profileSchema } from '~/lib/shared/validation/account';
import { confirmAccountSchema } from '~/lib/shared/validation/confirm-account';
import { confirmSmsSchema } from '~/lib/shared/validation/confirm-sms';
import { FIELD_MESSAGES } from '~/lib/shared/validation/messages';
import { passcodeRequestSchema, passcodeVerifySchema } from '~/lib/shared/validation/passwordless';
import { resetConfirmSchema, resetRequestSchema } from '~/lib/shared/validation/reset-password';
import { signInSchema } from '~/lib/shared/validation/sign-in';
import { signUpSchema } from '~/lib/shared/validation/sign-up';

// One schema per form, parsed the way the browser and the server both parse a post: from
// FormData, with the field names of seed 000 §3.1.

function post(schema: z.ZodType, fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return parseWithZod(form, { schema });
}

function errorsOf(schema: z.ZodType, fields: Record<string, string>) {
  const submission = post(schema, fields);
  return submission.status === 'success'
    ? {}
    : Object.fromEntries(Object.entries(submission.reply().error ?? {}).map(([name, errors]) => [name, errors?.[0]]));
}

const SIGN_UP = {
  firstName: 'Rowan',
  lastName: 'Ellis',
  email: 'rowan@shop.test',
  phoneNumber: '(512) 867 - 5309',
  password: 'Gr8-Showroom!',
  'password-confirm': 'Gr8-Showroom!',
};

describe('sign-in', () => {
  it('needs the e-mail and the password, trimmed', () => {
    expect(errorsOf(signInSchema, {})).toEqual({
      'signin-email': FIELD_MESSAGES.email.required,
      'signin-password': FIELD_MESSAGES.password.required,
    });
    const submission = post(signInSchema, { 'signin-email': ' rowan@shop.test ', 'signin-password': ' secret ' });
    expect(submission.status === 'success' && submission.value).toEqual({
      'signin-email': 'rowan@shop.test',
      'signin-password': 'secret',
    });
  });
});

describe('passwordless sign-in', () => {
  it('asks for a valid e-mail, then the 6-digit passcode', () => {
    expect(errorsOf(passcodeRequestSchema, { 'signin-email': 'rowan@' })).toEqual({
      'signin-email': FIELD_MESSAGES.email.invalid,
    });
    expect(errorsOf(passcodeVerifySchema, {})).toEqual({ 'confirm-otp': 'Your passcode is required.' });
    expect(errorsOf(passcodeVerifySchema, { 'confirm-otp': '12345' })).toEqual({
      'confirm-otp': FIELD_MESSAGES.passcode.format,
    });
    expect(errorsOf(passcodeVerifySchema, { 'confirm-otp': '123456' })).toEqual({});
  });
});

describe('sign-up', () => {
  it('needs every field but the consents', () => {
    expect(errorsOf(signUpSchema, {})).toEqual({
      firstName: FIELD_MESSAGES.firstName.required,
      lastName: FIELD_MESSAGES.lastName.required,
      email: FIELD_MESSAGES.email.required,
      phoneNumber: FIELD_MESSAGES.phone.required,
      password: FIELD_MESSAGES.password.required,
      'password-confirm': FIELD_MESSAGES.passwordConfirm.required,
    });
  });

  it('checks that the confirmation matches the password', () => {
    expect(errorsOf(signUpSchema, { ...SIGN_UP, 'password-confirm': 'Gr8-Showroom?' })).toEqual({
      'password-confirm': FIELD_MESSAGES.passwordConfirm.mismatch,
    });
    expect(FIELD_MESSAGES.passwordConfirm.mismatch).toBe('Both passwords must match.');
  });

  it('gives the phone as ten digits and the consents as booleans, off unless ticked', () => {
    const submission = post(signUpSchema, { ...SIGN_UP, isSubscribedToMarketing: 'on' });
    expect(submission.status).toBe('success');
    if (submission.status !== 'success') return;
    expect(submission.value).toMatchObject({
      phoneNumber: '5128675309',
      isSubscribedToMarketing: true,
      subscribedToMarketingSMS: false,
    });
  });

  it('never sends a password back in the reply', () => {
    const reply = post(signUpSchema, { ...SIGN_UP, firstName: 'R' }).reply({
      hideFields: ['password', 'password-confirm'],
    });
    expect(reply.initialValue).not.toHaveProperty('password');
    expect(reply.initialValue).not.toHaveProperty('password-confirm');
    expect(reply.initialValue).toMatchObject({ firstName: 'R', email: 'rowan@shop.test' });
  });
});

describe('confirmation', () => {
  it('by e-mail code: the e-mail, an empty password field and the code', () => {
    const fields = {
      'confirm-account-email': 'rowan@shop.test',
      'confirm-account-password': '',
      'confirm-account-confirmation-code': '123456',
    };
    expect(errorsOf(confirmAccountSchema, fields)).toEqual({});
    expect(errorsOf(confirmAccountSchema, { ...fields, 'confirm-account-confirmation-code': '' })).toEqual({
      'confirm-account-confirmation-code': FIELD_MESSAGES.code.required,
    });
    // The hidden password field never carries a password.
    expect(post(confirmAccountSchema, { ...fields, 'confirm-account-password': 'Gr8-Showroom!' }).status).toBe('error');
  });

  it('by SMS code: the SMS code is required', () => {
    expect(errorsOf(confirmSmsSchema, {})).toEqual({ 'sms-confirmation-code': FIELD_MESSAGES.smsCode.required });
    expect(errorsOf(confirmSmsSchema, { 'sms-confirmation-code': 'abcdef' })).toEqual({
      'sms-confirmation-code': FIELD_MESSAGES.smsCode.format,
    });
  });
});

describe('password reset', () => {
  it('step 1 needs the e-mail', () => {
    expect(errorsOf(resetRequestSchema, {})).toEqual({ reset_email: FIELD_MESSAGES.email.required });
  });

  it('step 2 needs the e-mail, the code, a new password and its confirmation', () => {
    expect(errorsOf(resetConfirmSchema, {})).toEqual({
      'confirm-reset-email': FIELD_MESSAGES.email.required,
      'confirm-reset-verification-code': FIELD_MESSAGES.resetCode.required,
      password: FIELD_MESSAGES.password.required,
      'password-confirm': FIELD_MESSAGES.passwordConfirm.required,
    });
    const fields = {
      'confirm-reset-email': 'rowan@shop.test',
      'confirm-reset-verification-code': '123456',
      password: 'Lakeview-2027!',
      'password-confirm': 'Lakeview-2027?',
    };
    expect(errorsOf(resetConfirmSchema, fields)).toEqual({
      'password-confirm': FIELD_MESSAGES.passwordConfirm.mismatch,
    });
    expect(
      errorsOf(resetConfirmSchema, { ...fields, password: 'Password1!', 'password-confirm': 'Password1!' }),
    ).toEqual({ password: 'Too easy to guess.' });
  });
});

describe('account', () => {
  it('profile: names, phone and consents', () => {
    expect(
      errorsOf(profileSchema, { intent: 'profile', firstName: 'R', lastName: 'Ellis', phoneNumber: '1235551234' }),
    ).toEqual({
      firstName: FIELD_MESSAGES.firstName.length,
      phoneNumber: FIELD_MESSAGES.phone.areaCode,
    });
  });

  it('e-mail change: must differ from the current e-mail and match its confirmation', () => {
    const schema = emailChangeSchema('rowan@shop.test');
    expect(
      errorsOf(schema, { intent: 'email-change', email: 'Rowan@Shop.test', 'email-confirm': 'Rowan@Shop.test' }),
    ).toEqual({
      email: FIELD_MESSAGES.emailConfirm.sameAsCurrent,
    });
    expect(
      errorsOf(schema, { intent: 'email-change', email: 'new@shop.test', 'email-confirm': 'now@shop.test' }),
    ).toEqual({
      'email-confirm': 'Both emails must match.',
    });
    expect(
      errorsOf(schema, { intent: 'email-change', email: 'new@shop.test', 'email-confirm': 'NEW@shop.test' }),
    ).toEqual({});
    expect(errorsOf(schema, { intent: 'email-change', email: 'new+1@shop.test', 'email-confirm': '' })).toEqual({
      email: FIELD_MESSAGES.email.plus,
      'email-confirm': FIELD_MESSAGES.emailConfirm.required,
    });
  });

  it('e-mail change code: 6 digits', () => {
    expect(errorsOf(emailChangeConfirmSchema, { intent: 'email-change-confirm', 'email-change-code': '12' })).toEqual({
      'email-change-code': FIELD_MESSAGES.code.format,
    });
  });
});
