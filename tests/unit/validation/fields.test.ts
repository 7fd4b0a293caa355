import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  confirmationCodeSchema,
  emailSchema,
  firstNameSchema,
  formatPhoneInput,
  isGuessablePassword,
  lastNameSchema,
  middleNameSchema,
  passcodeSchema,
  passwordSchema,
  PASSWORD_RULES,
  resetCodeSchema,
  signInEmailSchema,
  smsCodeSchema,
} from '~/lib/shared/validation/fields';
import { FIELD_LIMITS, FIELD_MESSAGES, PLACEHOLDERS } from '~/lib/shared/validation/messages';
import { TOLL_FREE_AREA_CODES, phoneProblem, phoneSchema } from '~/lib/shared/validation/phone';

// Every rule of seed 002 §5 for the account fields, at its limits, with its message.

/** The one message a value gets, or null when it passes. */
function messageFor(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  expect(result.error.issues, 'one message at a time').toHaveLength(1);
  return result.error.issues[0]!.message;
}

describe.each([
  ['first name', firstNameSchema, FIELD_MESSAGES.firstName, FIELD_LIMITS.firstName],
  ['middle name', middleNameSchema, FIELD_MESSAGES.middleName, FIELD_LIMITS.middleName],
  ['last name', lastNameSchema, FIELD_MESSAGES.lastName, FIELD_LIMITS.lastName],
] as const)('%s', (_label, schema, messages, limits) => {
  it('is required: missing, empty and blank values', () => {
    expect(messageFor(schema, undefined)).toBe(messages.required);
    expect(messageFor(schema, '')).toBe(messages.required);
    expect(messageFor(schema, '    ')).toBe(messages.required);
  });

  it(`is ${limits.min}-${limits.max} characters after trimming`, () => {
    expect(messageFor(schema, 'A'.repeat(limits.min))).toBeNull();
    expect(messageFor(schema, 'A'.repeat(limits.max))).toBeNull();
    expect(messageFor(schema, `  ${'A'.repeat(limits.max)}  `)).toBeNull();
    expect(messageFor(schema, 'A'.repeat(limits.max + 1))).toBe(messages.length);
    if (limits.min > 1) expect(messageFor(schema, 'A'.repeat(limits.min - 1))).toBe(messages.length);
    expect(schema.parse('  Ann  ')).toBe('Ann');
  });

  it('allows letters (accented too) with single hyphens, apostrophes or spaces between them', () => {
    for (const value of ["O'Neil", 'Mary-Ann', 'Ann Marie', 'José', 'Zoë'])
      expect(messageFor(schema, value), value).toBeNull();
  });

  it('refuses digits and special characters', () => {
    for (const value of ['J0hn', 'Ann!', 'Ann_Marie', 'Ann.', 'An@'])
      expect(messageFor(schema, value), value).toBe(messages.characters);
  });

  it('refuses a hyphen or apostrophe at either end', () => {
    for (const value of ['-Ann', 'Ann-', "'Ann", "Ann'"]) expect(messageFor(schema, value), value).toBe(messages.edge);
  });

  it('refuses two separators in a row', () => {
    for (const value of ['Mary--Ann', "O''Neil", 'Ann  Marie', "Ann-'Marie"])
      expect(messageFor(schema, value), value).toBe(messages.separators);
  });
});

describe('email', () => {
  it('is required', () => {
    expect(messageFor(emailSchema, undefined)).toBe(FIELD_MESSAGES.email.required);
    expect(messageFor(emailSchema, '  ')).toBe(FIELD_MESSAGES.email.required);
  });

  it(`is at most ${FIELD_LIMITS.emailMax} characters`, () => {
    const local = (length: number) => `${'a'.repeat(length)}@shop.test`;
    expect(local(FIELD_LIMITS.emailMax - 10)).toHaveLength(60);
    expect(messageFor(emailSchema, local(50))).toBeNull();
    expect(messageFor(emailSchema, local(51))).toBe(FIELD_MESSAGES.email.tooLong);
  });

  it('refuses a plus sign', () => {
    expect(messageFor(emailSchema, 'rowan+cars@shop.test')).toBe(FIELD_MESSAGES.email.plus);
  });

  it('needs a local part that starts and ends with a letter or digit, and a domain', () => {
    for (const value of ['rowan@shop.test', 'r@shop.test', 'Rowan.Ellis_2@mail.shop.test', 'r-e@shop-test.com']) {
      expect(messageFor(emailSchema, value), value).toBeNull();
    }
    for (const value of [
      '.rowan@shop.test',
      'rowan.@shop.test',
      '_rowan@shop.test',
      'rowan@shop',
      'rowan@',
      'rowan',
      'ro wan@shop.test',
      'ro..wan@shop.test',
      'rowan@-shop.test',
    ]) {
      expect(messageFor(emailSchema, value), value).toBe(FIELD_MESSAGES.email.invalid);
    }
  });

  it('is trimmed', () => {
    expect(emailSchema.parse('  rowan@shop.test ')).toBe('rowan@shop.test');
  });

  it('only needs to be present to sign in with', () => {
    expect(messageFor(signInEmailSchema, ' ')).toBe(FIELD_MESSAGES.email.required);
    expect(messageFor(signInEmailSchema, 'rowan+old@shop.test')).toBeNull();
  });
});

describe('phone', () => {
  it('is required', () => {
    expect(messageFor(phoneSchema, undefined)).toBe(FIELD_MESSAGES.phone.required);
    expect(messageFor(phoneSchema, ' ')).toBe(FIELD_MESSAGES.phone.required);
  });

  it('keeps the digits of whatever was typed, exactly 10', () => {
    expect(phoneSchema.parse('(512) 867 - 5309')).toBe('5128675309');
    expect(phoneSchema.parse('512.867.5309')).toBe('5128675309');
    expect(messageFor(phoneSchema, '512867530')).toBe(FIELD_MESSAGES.phone.digits);
    expect(messageFor(phoneSchema, '15128675309')).toBe(FIELD_MESSAGES.phone.digits);
  });

  it('needs an area code from the US list, and no toll-free code', () => {
    expect(messageFor(phoneSchema, '0128675309')).toBe(FIELD_MESSAGES.phone.areaCode);
    expect(messageFor(phoneSchema, '1128675309')).toBe(FIELD_MESSAGES.phone.areaCode);
    expect(messageFor(phoneSchema, '9998675309')).toBe(FIELD_MESSAGES.phone.areaCode);
    // 416 is Toronto: a valid number, but not a US area code.
    expect(messageFor(phoneSchema, '4168675309')).toBe(FIELD_MESSAGES.phone.areaCode);
    for (const code of TOLL_FREE_AREA_CODES)
      expect(phoneProblem(`${code}8675309`), code).toBe(FIELD_MESSAGES.phone.areaCode);
  });

  it('needs a fourth digit of 2-9', () => {
    expect(messageFor(phoneSchema, '5120675309')).toBe(FIELD_MESSAGES.phone.exchange);
    expect(messageFor(phoneSchema, '5121675309')).toBe(FIELD_MESSAGES.phone.exchange);
    for (const digit of '23456789') expect(phoneProblem(`512${digit}675309`), digit).toBeNull();
  });

  it('refuses N11 service codes as the exchange', () => {
    expect(messageFor(phoneSchema, '5129115309')).toBe(FIELD_MESSAGES.phone.invalid);
    expect(messageFor(phoneSchema, '5124115309')).toBe(FIELD_MESSAGES.phone.invalid);
  });

  it('is shown with the mask (999) 999 - 9999 while typed', () => {
    expect(formatPhoneInput('')).toBe('');
    expect(formatPhoneInput('51')).toBe('(51');
    expect(formatPhoneInput('5128')).toBe('(512) 8');
    expect(formatPhoneInput('512867530')).toBe('(512) 867 - 530');
    expect(formatPhoneInput('5128675309999')).toBe('(512) 867 - 5309');
    expect(formatPhoneInput('(512) 867 - 5309')).toBe('(512) 867 - 5309');
    expect(PLACEHOLDERS.phone).toBe('(999) 999 - 9999');
  });
});

describe('password', () => {
  it('is required, and never trimmed', () => {
    expect(messageFor(passwordSchema, undefined)).toBe(FIELD_MESSAGES.password.required);
    expect(messageFor(passwordSchema, '')).toBe(FIELD_MESSAGES.password.required);
    expect(messageFor(passwordSchema, ' Gr8-Showroom!')).toBe(FIELD_MESSAGES.password.spaces);
    expect(messageFor(passwordSchema, 'Gr8-Showroom! ')).toBe(FIELD_MESSAGES.password.spaces);
    expect(messageFor(passwordSchema, 'Gr8 Show-room')).toBeNull();
  });

  it(`is at least ${FIELD_LIMITS.passwordMin} characters, and at most ${FIELD_LIMITS.passwordMax}`, () => {
    expect(messageFor(passwordSchema, 'Gr8-Shw')).toBe(FIELD_MESSAGES.password.tooShort);
    expect(messageFor(passwordSchema, 'Gr8-Show')).toBeNull();
    expect(messageFor(passwordSchema, `Gr8-${'x'.repeat(FIELD_LIMITS.passwordMax - 4)}`)).toBeNull();
    expect(messageFor(passwordSchema, `Gr8-${'x'.repeat(FIELD_LIMITS.passwordMax - 3)}`)).toBe(
      FIELD_MESSAGES.password.tooLong,
    );
  });

  it('needs an uppercase and a lowercase letter, a number and a special character', () => {
    expect(messageFor(passwordSchema, 'gr8-showroom')).toBe(FIELD_MESSAGES.password.uppercase);
    expect(messageFor(passwordSchema, 'GR8-SHOWROOM')).toBe(FIELD_MESSAGES.password.lowercase);
    expect(messageFor(passwordSchema, 'Great-Showroom')).toBe(FIELD_MESSAGES.password.number);
    expect(messageFor(passwordSchema, 'Gr8Showroom')).toBe(FIELD_MESSAGES.password.special);
  });

  it("refuses what is too easy to guess: 'Too easy to guess.'", () => {
    expect(FIELD_MESSAGES.password.weak).toBe('Too easy to guess.');
    for (const value of ['Password1!', 'P@ssw0rd1', 'Welcome2024!', 'Qwerty123!', '2024Passw0rd!', 'Aaaaaaa1!']) {
      expect(isGuessablePassword(value), value).toBe(true);
      expect(messageFor(passwordSchema, value), value).toBe(FIELD_MESSAGES.password.weak);
    }
    for (const value of ['Gr8-Showroom!', 'DemoPass-2026', 'Lakeview-2027!'])
      expect(isGuessablePassword(value), value).toBe(false);
  });

  it('lists the live checklist in the seed order: uppercase, lowercase, special, number, minimum length', () => {
    expect(PASSWORD_RULES.map((rule) => rule.id)).toEqual(['uppercase', 'lowercase', 'special', 'number', 'length']);
    expect(PASSWORD_RULES.map((rule) => rule.label)).toEqual([
      'One uppercase letter',
      'One lowercase letter',
      'One special character',
      'One number',
      '8 characters minimum',
    ]);
    const met = (value: string) => PASSWORD_RULES.filter((rule) => rule.test(value)).map((rule) => rule.id);
    expect(met('')).toEqual([]);
    expect(met('a')).toEqual(['lowercase']);
    expect(met('aB3!')).toEqual(['uppercase', 'lowercase', 'special', 'number']);
    expect(met('aB3!efgh')).toEqual(['uppercase', 'lowercase', 'special', 'number', 'length']);
    expect(PLACEHOLDERS.password).toBe('8 characters minimum');
  });
});

describe.each([
  ['confirmation code', confirmationCodeSchema, FIELD_MESSAGES.code],
  ['SMS code', smsCodeSchema, FIELD_MESSAGES.smsCode],
  ['reset code', resetCodeSchema, FIELD_MESSAGES.resetCode],
  ['passcode', passcodeSchema, FIELD_MESSAGES.passcode],
] as const)('%s', (_label, schema, messages) => {
  it('is required', () => {
    expect(messageFor(schema, undefined)).toBe(messages.required);
    expect(messageFor(schema, ' ')).toBe(messages.required);
  });

  it('is exactly 6 digits', () => {
    expect(schema.parse(' 012345 ')).toBe('012345');
    for (const value of ['12345', '1234567', '12345a', '12 345', '１２３４５６'])
      expect(messageFor(schema, value), value).toBe(messages.format);
  });
});

it("words the passcode's required message as the seed does", () => {
  expect(FIELD_MESSAGES.passcode.required).toBe('Your passcode is required.');
  expect(PLACEHOLDERS.code).toBe('Enter 6-digit code');
  expect(PLACEHOLDERS.name).toBe('As it appears on your legal ID');
  expect(PLACEHOLDERS.passwordConfirm).toBe('Both passwords must match');
  expect(PLACEHOLDERS.emailConfirm).toBe('Both emails must match');
});
