// What a field says when its value breaks a rule of seed 002 §5. The seed quotes a few of
// these word for word ('Too easy to guess.', 'Your passcode is required.', the placeholders);
// the rest follow the same voice. Shared by the browser and the server.

import { FIELD_LIMITS } from './field-limits';

export { FIELD_LIMITS } from './field-limits';

type NameKind = 'first' | 'middle' | 'last';

function nameMessages(kind: NameKind) {
  const label = `${kind} name`;
  const { min, max } = FIELD_LIMITS[`${kind}Name`];
  return {
    required: `Your ${label} is required.`,
    length: `Your ${label} must be ${min}-${max} characters.`,
    edge: `Your ${label} cannot start or end with a hyphen or apostrophe.`,
    characters: `Your ${label} cannot contain numbers or special characters.`,
    separators: `Your ${label} can only have one hyphen, apostrophe or space between letters.`,
  };
}

export const FIELD_MESSAGES = {
  firstName: nameMessages('first'),
  middleName: nameMessages('middle'),
  lastName: nameMessages('last'),
  email: {
    required: 'Your email is required.',
    tooLong: `Your email must be ${FIELD_LIMITS.emailMax} characters or fewer.`,
    plus: 'Your email cannot contain a plus sign (+).',
    invalid: 'Please enter a valid email address.',
  },
  emailConfirm: {
    required: 'Please confirm your email.',
    mismatch: 'Both emails must match.',
    sameAsCurrent: 'Your new email must be different from your current email.',
  },
  phone: {
    required: 'Your phone number is required.',
    digits: `Your phone number must be ${FIELD_LIMITS.phoneDigits} digits.`,
    areaCode: 'Please enter a valid area code.',
    exchange: 'The fourth digit of your phone number must be 2-9.',
    invalid: 'Please enter a valid phone number.',
  },
  password: {
    required: 'Your password is required.',
    tooShort: `Your password must be at least ${FIELD_LIMITS.passwordMin} characters.`,
    tooLong: `Your password must be ${FIELD_LIMITS.passwordMax} characters or fewer.`,
    uppercase: 'Your password must include an uppercase letter.',
    lowercase: 'Your password must include a lowercase letter.',
    number: 'Your password must include a number.',
    special: 'Your password must include a special character.',
    spaces: 'Your password cannot start or end with a space.',
    weak: 'Too easy to guess.',
  },
  passwordConfirm: {
    required: 'Please confirm your password.',
    mismatch: 'Both passwords must match.',
  },
  code: {
    required: 'Your code is required.',
    format: `Your code must be ${FIELD_LIMITS.codeDigits} digits.`,
  },
  smsCode: {
    required: 'Your SMS code is required.',
    format: `Your SMS code must be ${FIELD_LIMITS.codeDigits} digits.`,
  },
  resetCode: {
    required: 'Your verification code is required.',
    format: `Your verification code must be ${FIELD_LIMITS.codeDigits} digits.`,
  },
  passcode: {
    required: 'Your passcode is required.',
    format: `Your passcode must be ${FIELD_LIMITS.codeDigits} digits.`,
  },
} as const;

/** Placeholders of seed 001 §5 and seed 002 §5. */
export const PLACEHOLDERS = {
  name: 'As it appears on your legal ID',
  password: '8 characters minimum',
  passwordConfirm: 'Both passwords must match',
  emailConfirm: 'Both emails must match',
  code: 'Enter 6-digit code',
  phone: '(999) 999 - 9999',
} as const;
