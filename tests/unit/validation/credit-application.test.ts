import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import {
  addressLine2Schema,
  addressZipSchema,
  citySchema,
  countySchema,
  homeStreetLineSchema,
  isCommunityPropertyState,
  maskZipInput,
  stateSchema,
  streetLineSchema,
} from '~/lib/shared/validation/address';
import {
  APPLICANT_LIMITS as L,
  APPLICANT_MESSAGES as M,
  charactersRemaining,
} from '~/lib/shared/validation/applicant-messages';
import {
  creditApplicationSchemas as S,
  crossStepFieldErrors,
  previousAddressesNeeded,
} from '~/lib/shared/validation/credit-application';
import { birthAfterStartsProblem, dateOfBirthSchema } from '~/lib/shared/validation/date-fields';
import { maskUsDate, parseUsDate } from '~/lib/shared/validation/dates';
import { emailSchema, firstNameSchema, lastNameSchema, middleNameSchema } from '~/lib/shared/validation/fields';
import { FIELD_MESSAGES } from '~/lib/shared/validation/messages';
import { phoneSchema } from '~/lib/shared/validation/phone';
import { maskSsnInput, optionalSsnSchema, ssnSchema } from '~/lib/shared/validation/ssn';

// The credit application's rules of seed 002 §5, row by row (each describe names its row of
// the table), at their limits and with their messages. "Today" is pinned to 22 November 2026.

const TODAY = new Date('2026-11-22T12:00:00Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(TODAY);
});
afterEach(() => {
  vi.useRealTimers();
});

/** The one message a value gets, or null when it passes. */
function messageFor(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  expect(result.error.issues, 'one message at a time').toHaveLength(1);
  return result.error.issues[0]!.message;
}

/** Every message of a step's answers, by field path ('coBuyer.phone'). */
function errorsOf(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

const HOME = {
  addressLine1: '1200 Commerce Way',
  unitType: 'Apartment',
  addressLine2: '4B',
  city: 'Columbus',
  state: 'OH',
  zip: '43215',
  county: 'Franklin',
};
const BUYER = {
  firstName: 'Dana',
  lastName: 'Rivera',
  maritalStatus: 'Married',
  email: 'dana.rivera@example.com',
  phone: '(614) 555 - 0134',
  dateOfBirth: '04/12/1988',
  address: HOME,
};
const CO_BUYER = {
  firstName: 'Sam',
  lastName: 'Rivera',
  maritalStatus: 'Married',
  email: 'sam.rivera@example.com',
  phone: '(614) 555 - 0177',
  dateOfBirth: '09/30/1987',
  sameAddressAsBuyer: 'on',
};

// Row "First name", "Middle name", "Last name" (the full character rules are in fields.test.ts).
describe('Names on the application (rows First name, Middle name, Last name)', () => {
  it.each([
    ['first', firstNameSchema, FIELD_MESSAGES.firstName, 2, 15],
    ['middle', middleNameSchema, FIELD_MESSAGES.middleName, 1, 15],
    ['last', lastNameSchema, FIELD_MESSAGES.lastName, 2, 25],
  ] as const)(
    '%s name: trimmed, %i-%i characters, no edge hyphen or apostrophe, no digits or specials',
    (_kind, schema, messages, min, max) => {
      expect(messageFor(schema, ` ${'A'.repeat(min)} `)).toBeNull();
      expect(messageFor(schema, 'A'.repeat(max))).toBeNull();
      expect(messageFor(schema, 'A'.repeat(max + 1))).toBe(messages.length);
      if (min > 1) expect(messageFor(schema, 'A'.repeat(min - 1))).toBe(messages.length);
      expect(messageFor(schema, '-Ann')).toBe(messages.edge);
      expect(messageFor(schema, "Ann'")).toBe(messages.edge);
      expect(messageFor(schema, 'Ann3')).toBe(messages.characters);
      expect(messageFor(schema, 'Ann!')).toBe(messages.characters);
      expect(schema.parse('  Ann-Marie  ')).toBe('Ann-Marie');
    },
  );

  it('the middle name is optional on the personal step, and checked when given', () => {
    expect(errorsOf(S.personal, { ...BUYER, middleName: '' })).toEqual({});
    expect(errorsOf(S.personal, { ...BUYER, middleName: 'J' })).toEqual({});
    expect(errorsOf(S.personal, { ...BUYER, middleName: 'J4' })).toEqual({
      middleName: FIELD_MESSAGES.middleName.characters,
    });
  });
});

// Row "Generic address": minimum 2; RR 1234 and PO Box 123456, each number at most 6 digits.
describe('Generic address (row Generic address)', () => {
  it('is at least 2 characters', () => {
    expect(messageFor(streetLineSchema, '1')).toBe(M.streetLine.tooShort);
    expect(messageFor(streetLineSchema, '')).toBe(M.streetLine.required);
  });

  it('recognises a rural route as RR 1234, up to 6 digits', () => {
    expect(messageFor(streetLineSchema, 'RR 1234')).toBeNull();
    expect(messageFor(streetLineSchema, 'RR 123456')).toBeNull();
    expect(messageFor(streetLineSchema, 'RR 1234567')).toBe(M.streetLine.ruralRouteForm);
    expect(messageFor(streetLineSchema, 'Rural Route 5')).toBe(M.streetLine.ruralRouteForm);
  });

  it('recognises a P.O. box as PO Box 123456, up to 6 digits', () => {
    expect(messageFor(streetLineSchema, 'PO Box 123456')).toBeNull();
    expect(messageFor(streetLineSchema, 'P.O. Box 12')).toBeNull();
    expect(messageFor(streetLineSchema, 'PO Box 1234567')).toBe(M.streetLine.poBoxForm);
    expect(messageFor(streetLineSchema, 'PO Box')).toBe(M.streetLine.poBoxForm);
  });
});

// Row "Street line": number ≤ 6, name ≤ 35, whole ≤ 60, a number followed by text.
describe('Street line (row Street line)', () => {
  it('is a street number followed by a street name', () => {
    expect(messageFor(homeStreetLineSchema, '1200 Commerce Way')).toBeNull();
    expect(messageFor(homeStreetLineSchema, '221B Baker Street')).toBeNull();
    expect(messageFor(homeStreetLineSchema, 'Commerce Way')).toBe(M.streetLine.shape);
    expect(messageFor(homeStreetLineSchema, '1200')).toBe(M.streetLine.shape);
    expect(messageFor(homeStreetLineSchema, '1200 5678')).toBe(M.streetLine.shape);
  });

  it(`takes a street number of at most ${L.streetNumberMax} characters`, () => {
    expect(messageFor(homeStreetLineSchema, '123456 Main St')).toBeNull();
    expect(messageFor(homeStreetLineSchema, '1234567 Main St')).toBe(M.streetLine.numberTooLong);
  });

  it(`takes a street name of at most ${L.streetNameMax} characters`, () => {
    expect(messageFor(homeStreetLineSchema, `12 ${'A'.repeat(35)}`)).toBeNull();
    expect(messageFor(homeStreetLineSchema, `12 ${'A'.repeat(36)}`)).toBe(M.streetLine.nameTooLong);
  });

  it(`is at most ${L.streetLineMax} characters in all, after trimming`, () => {
    const sixty = `12 ${'Long '.repeat(11)}Rd`.padEnd(60, 'd');
    expect(sixty).toHaveLength(60);
    expect(messageFor(streetLineSchema, `${'A'.repeat(61)}`)).toBe(M.streetLine.tooLong);
    expect(streetLineSchema.parse('  12 Main St  ')).toBe('12 Main St');
  });
});

// Row "Home address": P.O. boxes are not allowed.
describe('Home address (row Home address)', () => {
  it.each(['PO Box 123', 'P.O. Box 55', 'POB 12', 'Post Office Box 9'])('refuses %s', (line) => {
    expect(messageFor(homeStreetLineSchema, line)).toBe(M.streetLine.poBoxRefused);
  });

  it('refuses a P.O. box on the personal step, for the buyer and the co-buyer', () => {
    expect(errorsOf(S.personal, { ...BUYER, address: { ...HOME, addressLine1: 'PO Box 44' } })).toEqual({
      'address.addressLine1': M.streetLine.poBoxRefused,
    });
    const coBuyer = { ...CO_BUYER, sameAddressAsBuyer: '', address: { ...HOME, addressLine1: 'PO Box 44' } };
    expect(errorsOf(S.personal, { ...BUYER, hasCoBuyer: 'on', coBuyer })).toEqual({
      'coBuyer.address.addressLine1': M.streetLine.poBoxRefused,
    });
  });

  it('accepts a rural route as a home address', () => {
    expect(messageFor(homeStreetLineSchema, 'RR 12')).toBeNull();
  });
});

// Row "Second address line": at most 16.
describe('Second address line (row Second address line)', () => {
  it('is optional and at most 16 characters', () => {
    expect(messageFor(addressLine2Schema, '')).toBeNull();
    expect(messageFor(addressLine2Schema, undefined)).toBeNull();
    expect(messageFor(addressLine2Schema, 'A'.repeat(16))).toBeNull();
    expect(messageFor(addressLine2Schema, 'A'.repeat(17))).toBe(M.addressLine2.tooLong);
  });
});

// Row "City": minimum 2.
describe('City (row City)', () => {
  it('is required and at least 2 characters', () => {
    expect(messageFor(citySchema, '')).toBe(M.city.required);
    expect(messageFor(citySchema, 'A')).toBe(M.city.tooShort);
    expect(messageFor(citySchema, 'Ai')).toBeNull();
  });
});

// Row "County": 2-25 characters, letters, dashes, spaces and dots only.
describe('County (row County)', () => {
  it('is 2-25 characters', () => {
    expect(messageFor(countySchema, 'A')).toBe(M.county.length);
    expect(messageFor(countySchema, 'AB')).toBeNull();
    expect(messageFor(countySchema, 'A'.repeat(25))).toBeNull();
    expect(messageFor(countySchema, 'A'.repeat(26))).toBe(M.county.length);
  });

  it('takes letters, dashes, spaces and dots only', () => {
    expect(messageFor(countySchema, 'St. Mary-Anne Parish')).toBeNull();
    expect(messageFor(countySchema, 'County 9')).toBe(M.county.characters);
    expect(messageFor(countySchema, "Prince George's")).toBe(M.county.characters);
  });
});

// Row "Zip": exactly 5 digits, input masked to 5 digits (the US-zip check: zip-check.test.ts).
describe('Zip (row Zip)', () => {
  it('is exactly 5 digits', () => {
    expect(messageFor(addressZipSchema, '')).toBe(M.zip.required);
    expect(messageFor(addressZipSchema, '4321')).toBe(M.zip.format);
    expect(messageFor(addressZipSchema, '432155')).toBe(M.zip.format);
    expect(messageFor(addressZipSchema, '4321a')).toBe(M.zip.format);
    expect(messageFor(addressZipSchema, '43215')).toBeNull();
  });

  it('is masked to 5 digits as typed', () => {
    expect(maskZipInput('43a21-5999')).toBe('43215');
  });
});

// Row "Phone" (every phone rule is in fields.test.ts): the application's phones use the same schema.
describe('Phone on the application (row Phone)', () => {
  it('keeps 10 digits and applies the phone rules to the buyer, the co-buyer and the work phone', () => {
    expect(S.personal.parse(BUYER).phone).toBe('6145550134');
    expect(errorsOf(S.personal, { ...BUYER, phone: '(614) 555 - 013' })).toEqual({
      phone: FIELD_MESSAGES.phone.digits,
    });
    expect(
      errorsOf(S.personal, { ...BUYER, hasCoBuyer: 'on', coBuyer: { ...CO_BUYER, phone: '(800) 555 - 0101' } }),
    ).toEqual({
      'coBuyer.phone': FIELD_MESSAGES.phone.areaCode,
    });
    expect(messageFor(phoneSchema, '(614) 155 - 0134')).toBe(FIELD_MESSAGES.phone.exchange);
  });
});

// Row "Email" (every e-mail rule is in fields.test.ts): the application's e-mails use the same schema.
describe('Email on the application (row Email)', () => {
  it('applies the e-mail rules', () => {
    expect(errorsOf(S.personal, { ...BUYER, email: 'dana+cars@example.com' })).toEqual({
      email: FIELD_MESSAGES.email.plus,
    });
    expect(errorsOf(S.personal, { ...BUYER, email: `${'a'.repeat(49)}@example.com` })).toEqual({
      email: FIELD_MESSAGES.email.tooLong,
    });
    expect(messageFor(emailSchema, '.dana@example.com')).toBe(FIELD_MESSAGES.email.invalid);
  });
});

// Row "Date of birth": required, not future, full MM/DD/YYYY, strictly valid, not ≥ 100 years ago, ≥ 18.
describe('Date of birth (row Date of birth)', () => {
  it('is required', () => {
    expect(messageFor(dateOfBirthSchema, undefined)).toBe(M.dateOfBirth.required);
    expect(messageFor(dateOfBirthSchema, '  ')).toBe(M.dateOfBirth.required);
  });

  it('is written in full as MM/DD/YYYY', () => {
    expect(messageFor(dateOfBirthSchema, '4/12/1988')).toBe(M.dateOfBirth.format);
    expect(messageFor(dateOfBirthSchema, '04/12/88')).toBe(M.dateOfBirth.format);
    expect(messageFor(dateOfBirthSchema, '1988-04-12')).toBe(M.dateOfBirth.format);
    expect(messageFor(dateOfBirthSchema, '04/12/1988')).toBeNull();
  });

  it('is a real date', () => {
    expect(messageFor(dateOfBirthSchema, '02/30/1990')).toBe(M.dateOfBirth.invalid);
    expect(messageFor(dateOfBirthSchema, '13/01/1990')).toBe(M.dateOfBirth.invalid);
    expect(messageFor(dateOfBirthSchema, '02/29/1991')).toBe(M.dateOfBirth.invalid);
    expect(messageFor(dateOfBirthSchema, '02/29/1992')).toBeNull();
  });

  it('is not in the future', () => {
    expect(messageFor(dateOfBirthSchema, '11/23/2026')).toBe(M.dateOfBirth.future);
  });

  it('is less than 100 years ago', () => {
    expect(messageFor(dateOfBirthSchema, '11/22/1926')).toBe(M.dateOfBirth.tooOld);
    expect(messageFor(dateOfBirthSchema, '11/23/1926')).toBeNull();
  });

  it('makes the applicant at least 18 today', () => {
    expect(messageFor(dateOfBirthSchema, '11/22/2008')).toBeNull();
    expect(messageFor(dateOfBirthSchema, '11/23/2008')).toBe(M.dateOfBirth.underage);
  });

  it('is masked as MM/DD/YYYY while typed', () => {
    expect(maskUsDate('04121988')).toBe('04/12/1988');
    expect(maskUsDate('0412')).toBe('04/12');
    expect(parseUsDate('04/12/1988')).toEqual({ year: 1988, month: 4, day: 12 });
  });
});

// Row "Salary": a positive number from $1 to $999,999.
describe('Salary (row Salary)', () => {
  const employment = { employmentStatus: 'Retired', incomeSource: 'Retirement or pension' };

  it('is required', () => {
    expect(errorsOf(S.employment, { ...employment, annualIncome: '' })).toEqual({ annualIncome: M.income.required });
  });

  it('is $1 to $999,999, typed with or without $ and commas', () => {
    expect(S.employment.parse({ ...employment, annualIncome: '$52,000' }).annualIncome).toBe(52_000);
    expect(S.employment.parse({ ...employment, annualIncome: '1' }).annualIncome).toBe(1);
    expect(S.employment.parse({ ...employment, annualIncome: '999,999' }).annualIncome).toBe(999_999);
    expect(errorsOf(S.employment, { ...employment, annualIncome: '0' })).toEqual({ annualIncome: M.income.range });
    expect(errorsOf(S.employment, { ...employment, annualIncome: '1,000,000' })).toEqual({
      annualIncome: M.income.range,
    });
    expect(errorsOf(S.employment, { ...employment, annualIncome: '-5' })).toEqual({ annualIncome: M.income.invalid });
    expect(errorsOf(S.employment, { ...employment, annualIncome: '52k' })).toEqual({ annualIncome: M.income.invalid });
  });

  it('holds the same limits for additional monthly income, which needs its source', () => {
    expect(
      errorsOf(S.employment, {
        ...employment,
        annualIncome: '40000',
        additionalMonthlyIncome: '0',
        additionalIncomeSource: 'Second job',
      }),
    ).toEqual({
      additionalMonthlyIncome: M.additionalIncome.range,
    });
    expect(errorsOf(S.employment, { ...employment, annualIncome: '40000', additionalMonthlyIncome: '500' })).toEqual({
      additionalIncomeSource: M.additionalIncome.sourceRequired,
    });
    expect(
      errorsOf(S.employment, { ...employment, annualIncome: '40000', additionalIncomeSource: 'Second job' }),
    ).toEqual({
      additionalMonthlyIncome: M.additionalIncome.amountRequired,
    });
  });
});

// Row "State, marital status": required when flagged (they are, on the application).
describe('State and marital status (row State, marital status)', () => {
  it('are required', () => {
    expect(messageFor(stateSchema, '')).toBe(M.state.required);
    expect(messageFor(stateSchema, 'XX')).toBe(M.state.invalid);
    expect(messageFor(stateSchema, 'OH')).toBeNull();
    expect(errorsOf(S.personal, { ...BUYER, maritalStatus: '' })).toEqual({ maritalStatus: M.maritalStatus.required });
  });
});

// Row "SSN": hyphens stripped, 9 digits, not 000/666 start, not 0000 end, not 00 middle.
describe('SSN (row SSN)', () => {
  it('strips hyphens and keeps 9 digits', () => {
    expect(ssnSchema.parse('123-45-6789')).toBe('123456789');
    expect(ssnSchema.parse('123456789')).toBe('123456789');
    expect(messageFor(ssnSchema, '123-45-678')).toBe(M.ssn.digits);
    expect(messageFor(ssnSchema, '123-45-67890')).toBe(M.ssn.digits);
    expect(messageFor(ssnSchema, '123-45-678a')).toBe(M.ssn.digits);
    expect(messageFor(ssnSchema, '')).toBe(M.ssn.required);
  });

  it('does not start with 000 or 666', () => {
    expect(messageFor(ssnSchema, '000-45-6789')).toBe(M.ssn.area);
    expect(messageFor(ssnSchema, '666-45-6789')).toBe(M.ssn.area);
  });

  it('does not have 00 in the middle', () => {
    expect(messageFor(ssnSchema, '123-00-6789')).toBe(M.ssn.group);
  });

  it('does not end with 0000', () => {
    expect(messageFor(ssnSchema, '123-45-0000')).toBe(M.ssn.serial);
  });

  it('takes an ITIN (9 digits starting with 9)', () => {
    expect(messageFor(ssnSchema, '912-70-1234')).toBeNull();
  });

  it('is optional on the personal step, checked when given, and required on the SSN step', () => {
    expect(messageFor(optionalSsnSchema, '')).toBeNull();
    expect(messageFor(optionalSsnSchema, '666-45-6789')).toBe(M.ssn.area);
    expect(errorsOf(S.ssn, {})).toEqual({ ssn: M.ssn.required });
  });

  it('is masked as 999-99-9999 while typed', () => {
    expect(maskSsnInput('123456789')).toBe('123-45-6789');
    expect(maskSsnInput('1234')).toBe('123-4');
  });
});

// Row "Occupation": at most 26. Row "Employer name": at most 25.
describe('Occupation and employer name (rows Occupation, Employer name)', () => {
  const employed = {
    employmentStatus: 'Employed',
    employerName: 'Columbus Metro Transit',
    occupation: 'Dispatcher',
    employmentStartDate: '03/01/2019',
    workPhone: '6145550190',
    annualIncome: '64000',
    incomeSource: 'Employment',
  };

  it('are required when employed', () => {
    expect(errorsOf(S.employment, employed)).toEqual({});
    expect(errorsOf(S.employment, { ...employed, occupation: '', employerName: ' ' })).toEqual({
      occupation: M.occupation.required,
      employerName: M.employerName.required,
    });
  });

  it(`take at most ${L.occupationMax} and ${L.employerMax} characters`, () => {
    expect(errorsOf(S.employment, { ...employed, occupation: 'A'.repeat(26), employerName: 'B'.repeat(25) })).toEqual(
      {},
    );
    expect(errorsOf(S.employment, { ...employed, occupation: 'A'.repeat(27), employerName: 'B'.repeat(26) })).toEqual({
      occupation: M.occupation.tooLong,
      employerName: M.employerName.tooLong,
    });
  });

  it('are not asked for when retired, and the start date and work phone are dropped', () => {
    const value = S.employment.parse({
      employmentStatus: 'Retired',
      annualIncome: '30000',
      incomeSource: 'Social Security',
      occupation: 'x'.repeat(40),
    });
    expect(value).toMatchObject({ occupation: null, employerName: null, employmentStartDate: null, workPhone: null });
  });

  it('asks for a previous employer when the current job is under 2 years (seed 002 §9)', () => {
    const recent = { ...employed, employmentStartDate: '12/01/2024' };
    expect(errorsOf(S.employment, recent)).toEqual({
      previousEmployerName: M.previousEmployerName.required,
      previousOccupation: M.previousOccupation.required,
      previousEmploymentStartDate: M.previousEmploymentStartDate.required,
    });
    expect(errorsOf(S.employment, { ...employed, employmentStartDate: '11/22/2024' })).toEqual({});
    const withPrevious = {
      ...recent,
      previousEmployerName: 'Buckeye Freight',
      previousOccupation: 'Driver',
      previousEmploymentStartDate: '06/01/2018',
    };
    expect(errorsOf(S.employment, withPrevious)).toEqual({});
    expect(errorsOf(S.employment, { ...withPrevious, previousEmploymentStartDate: '01/01/2025' })).toEqual({
      previousEmploymentStartDate: M.previousEmploymentStartDate.afterCurrent,
    });
  });

  it('checks the employment start date: MM/DD/YYYY, real, not in the future', () => {
    expect(errorsOf(S.employment, { ...employed, employmentStartDate: '12/01/2026' })).toEqual({
      employmentStartDate: M.employmentStartDate.future,
    });
    expect(errorsOf(S.employment, { ...employed, employmentStartDate: '2019-03-01' })).toEqual({
      employmentStartDate: M.employmentStartDate.format,
    });
  });
});

// Row "Residency start date": not in the future, not before date of birth, not too long ago, duration ≤ age.
describe('Residency start date (row Residency start date)', () => {
  const housing = { housingStatus: 'Rent', monthlyHousingExpense: '1,350', residenceStartDate: '05/01/2019' };

  it('is required, MM/DD/YYYY, not in the future', () => {
    expect(errorsOf(S.housing, housing)).toEqual({});
    expect(errorsOf(S.housing, { ...housing, residenceStartDate: '' })).toEqual({
      residenceStartDate: M.residenceStartDate.required,
    });
    expect(errorsOf(S.housing, { ...housing, residenceStartDate: '12/01/2026' })).toEqual({
      residenceStartDate: M.residenceStartDate.future,
    });
  });

  it('is not too long ago (less than 100 years)', () => {
    expect(errorsOf(S.housing, { ...housing, residenceStartDate: '11/22/1926' })).toEqual({
      residenceStartDate: M.residenceStartDate.tooLongAgo,
    });
  });

  it('is not before the date of birth, so the time there cannot exceed the age (checked by the API with the stored date of birth)', () => {
    expect(crossStepFieldErrors('housing', { dateOfBirth: '04/12/1988', residenceStartDate: '01/01/1985' })).toEqual({
      residenceStartDate: [M.residenceStartDate.beforeBirth],
    });
    expect(crossStepFieldErrors('housing', { dateOfBirth: '04/12/1988', residenceStartDate: '04/12/1988' })).toEqual(
      {},
    );
  });

  it('asks for previous addresses until 2 years are covered (seed 002 §9)', () => {
    const recent = { ...housing, residenceStartDate: '03/01/2026' };
    expect(errorsOf(S.housing, recent)).toMatchObject({ 'previousAddresses.0.addressLine1': M.streetLine.required });
    const previous = {
      addressLine1: '88 High St',
      city: 'Columbus',
      state: 'OH',
      zip: '43215',
      residenceStartDate: '06/01/2025',
    };
    expect(errorsOf(S.housing, { ...recent, previousAddresses: [previous] })).toEqual({
      'previousAddresses.0.residenceStartDate': M.previousResidenceStartDate.historyShort,
    });
    const older = { ...previous, addressLine1: 'PO Box 5120', residenceStartDate: '01/01/2020' };
    expect(errorsOf(S.housing, { ...recent, previousAddresses: [previous, older] })).toEqual({});
    expect(
      errorsOf(S.housing, { ...recent, previousAddresses: [{ ...previous, residenceStartDate: '04/01/2026' }] }),
    ).toEqual({
      'previousAddresses.0.residenceStartDate': M.previousResidenceStartDate.afterCurrent,
    });
    expect(previousAddressesNeeded('03/01/2026', ['06/01/2025'])).toBe(2);
    expect(previousAddressesNeeded('03/01/2019', [])).toBe(0);
  });

  it('ignores previous-address blocks left empty when the current address covers 2 years', () => {
    const empty = { addressLine1: '', city: '', state: '', zip: '', residenceStartDate: '' };
    expect(S.housing.parse({ ...housing, previousAddresses: [empty] }).previousAddresses).toEqual([]);
  });

  it('checks the monthly housing expense: $0 to $99,999', () => {
    expect(S.housing.parse({ ...housing, monthlyHousingExpense: '0' }).monthlyHousingExpense).toBe(0);
    expect(errorsOf(S.housing, { ...housing, monthlyHousingExpense: '100,000' })).toEqual({
      monthlyHousingExpense: M.housingExpense.range,
    });
    expect(errorsOf(S.housing, { ...housing, housingStatus: '' })).toEqual({ housingStatus: M.housingStatus.required });
  });
});

// Row "Date of birth vs. dates": after the employment start, the residence start, or both: three messages.
describe('Date of birth vs. dates (row Date of birth vs. dates)', () => {
  it('has a distinct message for the employment start, the residence start and both', () => {
    expect(
      birthAfterStartsProblem('04/12/1988', { employmentStartDate: '01/01/1987', residenceStartDate: '01/01/2019' }),
    ).toBe(M.dateOfBirth.afterEmploymentStart);
    expect(
      birthAfterStartsProblem('04/12/1988', { employmentStartDate: '01/01/2010', residenceStartDate: '01/01/1980' }),
    ).toBe(M.dateOfBirth.afterResidenceStart);
    expect(
      birthAfterStartsProblem('04/12/1988', { employmentStartDate: '01/01/1987', residenceStartDate: '01/01/1980' }),
    ).toBe(M.dateOfBirth.afterBothStarts);
    expect(
      birthAfterStartsProblem('04/12/1988', { employmentStartDate: '01/01/2010', residenceStartDate: '01/01/2019' }),
    ).toBeNull();
    expect(
      new Set([M.dateOfBirth.afterEmploymentStart, M.dateOfBirth.afterResidenceStart, M.dateOfBirth.afterBothStarts])
        .size,
    ).toBe(3);
  });

  it('reports them on the date of birth when the personal step is saved again, and on the employment start date', () => {
    expect(
      crossStepFieldErrors('personal', {
        dateOfBirth: '04/12/1988',
        employmentStartDate: '01/01/1987',
        residenceStartDate: '01/01/1980',
      }),
    ).toEqual({
      dateOfBirth: [M.dateOfBirth.afterBothStarts],
    });
    expect(
      crossStepFieldErrors('employment', { dateOfBirth: '04/12/1988', employmentStartDate: '01/01/1987' }),
    ).toEqual({
      employmentStartDate: [M.employmentStartDate.beforeBirth],
    });
  });
});

// Row "Co-buyer": phone and e-mail must differ from the buyer's.
describe('Co-buyer (row Co-buyer)', () => {
  it('is optional: not ticked, its fields are not read', () => {
    const value = S.personal.parse({ ...BUYER, coBuyer: { firstName: '1' } });
    expect(value.coBuyer).toBeNull();
  });

  it('has the same fields as the buyer, and the same address option', () => {
    const value = S.personal.parse({ ...BUYER, hasCoBuyer: 'on', coBuyer: CO_BUYER });
    expect(value.coBuyer).toMatchObject({
      firstName: 'Sam',
      phone: '6145550177',
      sameAddressAsBuyer: true,
      address: null,
    });
    expect(errorsOf(S.personal, { ...BUYER, hasCoBuyer: 'on', coBuyer: { sameAddressAsBuyer: 'on' } })).toEqual({
      'coBuyer.firstName': FIELD_MESSAGES.firstName.required,
      'coBuyer.lastName': FIELD_MESSAGES.lastName.required,
      'coBuyer.maritalStatus': M.maritalStatus.required,
      'coBuyer.email': FIELD_MESSAGES.email.required,
      'coBuyer.phone': FIELD_MESSAGES.phone.required,
      'coBuyer.dateOfBirth': M.dateOfBirth.required,
    });
    expect(
      errorsOf(S.personal, { ...BUYER, hasCoBuyer: 'on', coBuyer: { ...CO_BUYER, sameAddressAsBuyer: '' } }),
    ).toMatchObject({
      'coBuyer.address.addressLine1': M.streetLine.required,
      'coBuyer.address.county': M.county.required,
    });
  });

  it("must have a phone number different from the buyer's", () => {
    expect(
      errorsOf(S.personal, { ...BUYER, hasCoBuyer: 'on', coBuyer: { ...CO_BUYER, phone: '614.555.0134' } }),
    ).toEqual({ 'coBuyer.phone': M.coBuyer.samePhone });
  });

  it("must have an e-mail different from the buyer's (whatever the case)", () => {
    expect(
      errorsOf(S.personal, { ...BUYER, hasCoBuyer: 'on', coBuyer: { ...CO_BUYER, email: 'Dana.Rivera@Example.com' } }),
    ).toEqual({ 'coBuyer.email': M.coBuyer.sameEmail });
  });

  it('parses its own output again (the storefront sends the parsed answers to the API)', () => {
    const once = S.personal.parse({ ...BUYER, hasCoBuyer: 'on', coBuyer: CO_BUYER });
    expect(S.personal.parse(JSON.parse(JSON.stringify(once)))).toEqual(once);
  });
});

// Row "Text with max length": 'N characters remaining'.
describe('Text with max length (row Text with max length)', () => {
  it('says how many characters are left', () => {
    expect(charactersRemaining('', 26)).toBe('26 characters remaining');
    expect(charactersRemaining('Dispatcher', 26)).toBe('16 characters remaining');
    expect(charactersRemaining('A'.repeat(25), 26)).toBe('1 character remaining');
    expect(charactersRemaining('A'.repeat(30), 26)).toBe('0 characters remaining');
  });
});

// Other rules: "Terms checkbox is required before the application is submitted."
describe('Terms checkbox (other rules)', () => {
  it('is required', () => {
    expect(errorsOf(S.terms, {})).toEqual({ agreedToTerms: M.terms.required });
    expect(S.terms.parse({ agreedToTerms: 'on' })).toEqual({ agreedToTerms: true });
    expect(S.terms.parse({ agreedToTerms: true })).toEqual({ agreedToTerms: true });
  });
});

// Seed 002 §2 "Spouse details": community-property states only; name and housing.
describe('Spouse details', () => {
  it('is for the community-property states', () => {
    for (const state of ['AZ', 'CA', 'ID', 'LA', 'NV', 'NM', 'TX', 'WA', 'WI'])
      expect(isCommunityPropertyState(state)).toBe(true);
    expect(isCommunityPropertyState('OH')).toBe(false);
  });

  it('asks for the name and, unless they live together, the address', () => {
    expect(errorsOf(S.spouse, { firstName: 'Ana', lastName: 'Lopez', sameAddressAsApplicant: 'on' })).toEqual({});
    expect(errorsOf(S.spouse, { firstName: 'Ana', lastName: 'Lopez' })).toMatchObject({
      'address.addressLine1': M.streetLine.required,
      'address.zip': M.zip.required,
    });
    expect(errorsOf(S.spouse, { firstName: 'A', lastName: 'Lopez', sameAddressAsApplicant: 'on' })).toEqual({
      firstName: FIELD_MESSAGES.firstName.length,
    });
  });
});

// The storefront sends each step's parsed answers to the API, which parses them again with the
// same schema: a parsed value must parse to itself.
describe('Round trip: parsed answers parse again to themselves', () => {
  const examples = {
    personal: { ...BUYER, hasCoBuyer: 'on', coBuyer: { ...CO_BUYER, sameAddressAsBuyer: '', address: HOME } },
    spouse: {
      firstName: 'Ana',
      lastName: 'Lopez',
      address: { addressLine1: 'PO Box 12', city: 'Columbus', state: 'OH', zip: '43215' },
    },
    employment: {
      employmentStatus: 'Retired',
      annualIncome: '30,000',
      incomeSource: 'Social Security',
      additionalMonthlyIncome: '',
      additionalIncomeSource: '',
    },
    housing: {
      housingStatus: 'Own',
      monthlyHousingExpense: '0',
      residenceStartDate: '03/01/2026',
      previousAddresses: [
        { addressLine1: '88 High St', city: 'Columbus', state: 'OH', zip: '43215', residenceStartDate: '01/01/2020' },
      ],
    },
    ssn: { ssn: '123-45-6789' },
    terms: { agreedToTerms: 'on' },
  } as const;

  it.each(Object.keys(examples) as Array<keyof typeof examples>)('%s', (step) => {
    const schema = S[step] as z.ZodType;
    const once = schema.parse(examples[step]);
    expect(schema.parse(JSON.parse(JSON.stringify(once)))).toEqual(once);
  });
});
