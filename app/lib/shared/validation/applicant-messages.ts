// Limits and messages of the applicant fields of seed 002 §5 that sign-up and the account do
// not ask for (address, dates, SSN, income, employment, housing), written once here. The seed
// quotes the state-and-zip message (§8) and 'N characters remaining'; the rest follow the voice
// of ./messages. Shared by the browser, the storefront's server and the commerce API.

import { APPLICANT_LIMITS } from './field-limits';

export { APPLICANT_LIMITS, charactersRemaining } from './field-limits';

const L = APPLICANT_LIMITS;

function dateMessages(label: string) {
  return {
    required: `Your ${label} is required.`,
    format: 'Please enter the date as MM/DD/YYYY.',
    invalid: 'Please enter a valid date.',
    future: `Your ${label} cannot be in the future.`,
    tooLongAgo: `Your ${label} must be less than ${L.maximumYearsBack} years ago.`,
    beforeBirth: `Your ${label} cannot be before your date of birth.`,
  };
}

export const APPLICANT_MESSAGES = {
  streetLine: {
    required: 'Your street address is required.',
    tooShort: `Your street address must be at least ${L.streetLineMin} characters.`,
    tooLong: `Your street address must be ${L.streetLineMax} characters or fewer.`,
    shape: 'Please enter a street number followed by the street name.',
    numberTooLong: `The street number must be ${L.streetNumberMax} characters or fewer.`,
    nameTooLong: `The street name must be ${L.streetNameMax} characters or fewer.`,
    poBoxForm: 'Please enter a P.O. box as PO Box 123456 (up to 6 digits).',
    ruralRouteForm: 'Please enter a rural route as RR 1234 (up to 6 digits).',
    poBoxRefused: 'P.O. boxes are not allowed for your home address.',
  },
  addressLine2: {
    tooLong: `Apartment or suite details must be ${L.addressLine2Max} characters or fewer.`,
  },
  city: {
    required: 'Your city is required.',
    tooShort: `Your city must be at least ${L.cityMin} characters.`,
    tooLong: `Your city must be ${L.cityMax} characters or fewer.`,
  },
  county: {
    required: 'Your county is required.',
    length: `Your county must be ${L.countyMin}-${L.countyMax} characters.`,
    characters: 'Your county can only contain letters, dashes, spaces and periods.',
  },
  state: {
    required: 'Your state is required.',
    invalid: 'Please choose a state from the list.',
  },
  zip: {
    required: 'Your Zip code is required.',
    format: `Your Zip code must be ${L.zipDigits} digits.`,
    /** Seed 002 §8, word for word. */
    stateMismatch: "Looks like your state and Zip code don't match. Please check them and try again.",
    cityMismatch: "Looks like your city and Zip code don't match. Please check them and try again.",
    unsupported: "Sorry, we don't support this Zip code. Please check it or enter a different one.",
  },
  maritalStatus: { required: 'Your marital status is required.' },
  dateOfBirth: {
    ...dateMessages('date of birth'),
    tooOld: `Your date of birth must be less than ${L.maximumYearsBack} years ago.`,
    underage: `You must be at least ${L.minimumAge} years old to apply.`,
    /** Seed 002 §5 "Date of birth vs. dates": three distinct messages. */
    afterEmploymentStart: 'Your date of birth must be before your employment start date.',
    afterResidenceStart: 'Your date of birth must be before your residence start date.',
    afterBothStarts: 'Your date of birth must be before your employment and residence start dates.',
  },
  ssn: {
    required: 'Your SSN or ITIN is required.',
    digits: `Your SSN or ITIN must be ${L.ssnDigits} digits.`,
    area: 'Your SSN or ITIN cannot start with 000 or 666.',
    group: 'Your SSN or ITIN cannot have 00 as its middle two digits.',
    serial: 'Your SSN or ITIN cannot end with 0000.',
  },
  income: {
    required: 'Your gross annual income is required.',
    invalid: 'Please enter a whole dollar amount.',
    range: `Your income must be between $${L.incomeMin} and $${L.incomeMax.toLocaleString('en-US')}.`,
  },
  additionalIncome: {
    invalid: 'Please enter a whole dollar amount.',
    range: `Additional monthly income must be between $${L.incomeMin} and $${L.incomeMax.toLocaleString('en-US')}.`,
    amountRequired: 'Please enter your additional monthly income, or clear its source.',
    sourceRequired: 'Please tell us the source of your additional income.',
  },
  incomeSource: {
    required: 'Your income source is required.',
    tooLong: `Your income source must be ${L.incomeSourceMax} characters or fewer.`,
  },
  employmentStatus: { required: 'Your employment status is required.' },
  occupation: {
    required: 'Your occupation is required.',
    tooLong: `Your occupation must be ${L.occupationMax} characters or fewer.`,
  },
  employerName: {
    required: "Your employer's name is required.",
    tooLong: `Your employer's name must be ${L.employerMax} characters or fewer.`,
  },
  employmentStartDate: dateMessages('employment start date'),
  previousEmployerName: {
    required: `Your previous employer's name is required when you have been in your current job less than ${L.historyYears} years.`,
    tooLong: `Your previous employer's name must be ${L.employerMax} characters or fewer.`,
  },
  previousOccupation: {
    required: 'Your previous occupation is required.',
    tooLong: `Your previous occupation must be ${L.occupationMax} characters or fewer.`,
  },
  previousEmploymentStartDate: {
    ...dateMessages('previous employment start date'),
    afterCurrent: 'Your previous job must have started before your current job.',
  },
  housingStatus: { required: 'Please tell us whether you own or rent your home.' },
  housingExpense: {
    required: 'Your monthly housing expense is required.',
    invalid: 'Please enter a whole dollar amount.',
    range: `Your monthly housing expense must be between $0 and $${L.housingExpenseMax.toLocaleString('en-US')}.`,
  },
  /** "Not before date of birth" and "duration cannot exceed age" are one condition, reported as `beforeBirth`. */
  residenceStartDate: dateMessages('residence start date'),
  previousResidenceStartDate: {
    ...dateMessages('previous residence start date'),
    afterCurrent: 'You must have moved into your previous address before your current one.',
    /** Seed 002 §9: housing history covers 2 years. */
    historyShort: `Please add your previous addresses until they cover the last ${L.historyYears} years.`,
  },
  coBuyer: {
    samePhone: "The co-buyer's phone number must be different from yours.",
    sameEmail: "The co-buyer's email must be different from yours.",
  },
  terms: { required: 'Please agree to the terms and conditions to submit your application.' },
} as const;
