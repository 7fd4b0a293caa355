// Shopper-facing messages from the seed's catalogues (seed 000 §8, seed 002 §8), in one place.

export const MESSAGES = {
  signInIncorrect: 'Your email and/or password are incorrect. Please try again.',
  accountLocked: "For your protection, we've locked your account. Try again later or reset password.",
  internalError: 'Oops! Something happened on our end. Please try again. Questions? Call {phone}',
  general: 'An error occurred. Please try again.',
  submitFailure: "Oops! Something went wrong. We're here to help. Please call {phone}.",

  // Seed 002 §8, accounts.
  resetLimit: 'You have too many password reset attempts. Please wait an hour before trying again.',
  weakPassword: 'Too easy to guess.',
  wrongCode: 'Oops, wrong code. Please try again or send a new code.',
  wrongPasscode: "You've entered an incorrect passcode — please try again.",
  expiredCode: 'Your code has expired. Send a new code.',
  expiredPasscode: 'Your passcode has expired.',
  accountExists: 'This account already exists.',
  /** Shown with a sign-in link on "Click here to sign in." */
  existingEmail: 'You already have an account. Click here to sign in.',
  existingEmailLinkText: 'Click here to sign in.',

  // Seed 002 §8, passcode: one try or request left, then a 30-minute lock; session expired.
  codeOneTryLeft: 'You have one more try. After that, codes are locked for 30 minutes.',
  codeOneRequestLeft: 'You can request one more code. After that, codes are locked for 30 minutes.',
  codeLocked: "For your protection, we've locked codes for this account for 30 minutes. Please try again later.",
  sessionExpired: 'Your session has expired. Please sign in again.',

  // Not quoted by the seed; written in its voice.
  codeSentEmail: 'We sent a 6-digit code to {email}. It expires in 10 minutes.',
  codeSentSms:
    'We sent a 6-digit code by text message to the phone number ending in {last4}. It expires in 10 minutes.',
  codeResentEmail: 'Code resent: Please check your email.',
  passcodeResent: 'Code resent: Please check your phone or email.',
  passcodeSent:
    'If {email} has an account, we sent it a 6-digit passcode: by text message to its phone number, or by email when there is none. It expires in 10 minutes.',
  resetCodeSent: 'If {email} has an account, we sent it a 6-digit code. It expires in 10 minutes.',
  passwordResetDone: 'Your password has been reset. Please sign in with your new password.',
  accountConfirmed: 'Thanks! Your account is confirmed.',
  confirmFirst: 'Please confirm your account first: we sent a 6-digit code to {email}.',
  emailCheckLimited: "We couldn't check this email just now. You can still sign up.",
  profileSaved: 'Your profile has been saved.',
  emailChangeCodeSent: 'We sent a 6-digit code to {email}. Enter it below to finish changing your email.',
  emailChanged: 'Your email has been changed.',
  socialFailed: "We couldn't sign you in with {provider}. Please try again or use your email.",
  socialEmailUnverified:
    "{provider} hasn't verified your email address, so we can't use it to sign you in. Please sign up with your email instead.",
  socialUnavailable: '{provider} sign-in is not available right now. Please use your email instead.',
  socialAccountExists:
    'You already have an account with this email. Please sign in with your password or a one-time passcode.',
  socialWelcome: 'Welcome! Your account is ready.',
  socialManagesEmail: 'You signed up with {provider}: change your email and password there.',
} as const;

/** Alert-bar texts and types of seed 000 §4.6 and §8. */
export const ALERTS = {
  expired: 'Your code expired. Click link to request new one-time passcode',
  wrongInput: 'Something happened! Please try entering your code again.',
  resent: 'Code resent: Please check your phone.',
  internalError: MESSAGES.internalError,
} as const;

export const ALERT_TYPES = ['expired', 'resent', 'wrongInput', 'success', 'warning', 'internalError', 'error'] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

/** Fills {name} placeholders of a message. */
export function fillMessage(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => values[key] ?? match);
}
