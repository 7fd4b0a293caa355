import { z } from 'zod';
import { isRecord } from '../../guards';
import {
  addressLine2Schema,
  addressZipSchema,
  citySchema,
  countySchema,
  homeStreetLineSchema,
  optionalText,
  stateSchema,
  streetLineSchema,
  unitTypeSchema,
} from '../address';
import { APPLICANT_LIMITS as L, APPLICANT_MESSAGES as M } from '../applicant-messages';
import { phoneDigits, requiredText } from '../base';
import {
  birthAfterStartsProblem,
  dateOfBirthSchema,
  isWithinYears,
  pastDateProblem,
  pastDateSchema,
  startsBeforeBirth,
} from '../date-fields';
import { compareDates, parseUsDate } from '../dates';
import { emailSchema, firstNameSchema, lastNameSchema, middleNameSchema, normalizeEmail } from '../fields';
import { dollarsSchema, optionalDollarsSchema } from '../money';
import { phoneSchema } from '../phone';
import { optionalSsnSchema, ssnSchema } from '../ssn';
import {
  ADDITIONAL_INCOME_SOURCES,
  EMPLOYED_STATUSES,
  EMPLOYMENT_STATUSES,
  HOUSING_STATUSES,
  INCOME_SOURCES,
  MARITAL_STATUSES,
} from './choices';

export * from './choices';

// One schema per credit-application step (seed 002 §2), shared by the browser's constraints (read
// on the server), the storefront's actions and the commerce API's PUT handler. A form post and
// the JSON the storefront sends parse alike, and a parsed value parses again to itself.
//
// Parts asked for only sometimes (the co-buyer, the spouse's address, the previous employer,
// previous addresses) are read as unknown and checked in a refinement that always runs, so the
// shopper sees every message at once and a hidden, empty part never blocks the form.

function requiredChoice<const T extends readonly [string, ...string[]]>(values: T, required: string) {
  return requiredText(required).pipe(z.enum(values, { error: required }));
}

/** A checkbox: 'on' from a form, true from JSON; absent is false. */
export const flagSchema = z.preprocess((value) => value === true || value === 'on' || value === 'true', z.boolean());

const always = { when: () => true };

/** Adds a sub-schema's issues under `path` when the part is asked for. */
function checkPart(schema: z.ZodType, value: unknown, path: (string | number)[], ctx: z.RefinementCtx): boolean {
  const result = schema.safeParse(value ?? {});
  if (result.success) return true;
  for (const issue of result.error.issues)
    ctx.addIssue({ code: 'custom', message: issue.message, path: [...path, ...issue.path] });
  return false;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function required(ctx: z.RefinementCtx, path: string, message: string) {
  ctx.addIssue({ code: 'custom', message, path: [path] });
}

// ── Addresses ────────────────────────────────────────────────────────────────────────────

/** The home address of the buyer and co-buyer: no P.O. boxes, and the county. */
export const homeAddressSchema = z.object({
  addressLine1: homeStreetLineSchema,
  unitType: unitTypeSchema,
  addressLine2: addressLine2Schema,
  city: citySchema,
  state: stateSchema,
  zip: addressZipSchema,
  county: countySchema,
});

/** Another address (spouse's, previous): a P.O. box in its recognised form is allowed. */
export const addressSchema = z.object({
  addressLine1: streetLineSchema,
  unitType: unitTypeSchema,
  addressLine2: addressLine2Schema,
  city: citySchema,
  state: stateSchema,
  zip: addressZipSchema,
});

// ── Personal ─────────────────────────────────────────────────────────────────────────────

const applicantFields = {
  firstName: firstNameSchema,
  middleName: optionalText(z.string()).pipe(middleNameSchema.optional()),
  lastName: lastNameSchema,
  maritalStatus: requiredChoice(MARITAL_STATUSES, M.maritalStatus.required),
  email: emailSchema,
  phone: phoneSchema,
  ssn: optionalSsnSchema,
  dateOfBirth: dateOfBirthSchema,
};

/** The co-buyer: the buyer's fields, and an address unless it is the buyer's (seed 002 §2-3). */
export const coBuyerSchema = z
  .object({ ...applicantFields, sameAddressAsBuyer: flagSchema, address: z.unknown().optional() })
  .superRefine((value, ctx) => {
    if (!value.sameAddressAsBuyer) checkPart(homeAddressSchema, value.address, ['address'], ctx);
  }, always)
  .transform(({ address, ...rest }) => ({
    ...rest,
    address: rest.sameAddressAsBuyer ? null : homeAddressSchema.parse(address ?? {}),
  }));

const personalSchema = z
  .object({
    ...applicantFields,
    address: homeAddressSchema,
    /** 'Add a co-buyer' ticked: the co-buyer block is read. */
    hasCoBuyer: flagSchema,
    coBuyer: z.unknown().optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.hasCoBuyer) return;
    checkPart(coBuyerSchema, value.coBuyer, ['coBuyer'], ctx);
    // Seed 002 §5 "Co-buyer": phone and e-mail must differ from the buyer's.
    const coBuyer = isRecord(value.coBuyer) ? value.coBuyer : {};
    const buyerPhone = text(value.phone);
    const coBuyerPhone = text(coBuyer.phone);
    if (buyerPhone && coBuyerPhone && phoneDigits(buyerPhone) === phoneDigits(coBuyerPhone)) {
      ctx.addIssue({ code: 'custom', message: M.coBuyer.samePhone, path: ['coBuyer', 'phone'] });
    }
    const buyerEmail = text(value.email);
    const coBuyerEmail = text(coBuyer.email);
    if (buyerEmail && coBuyerEmail && normalizeEmail(buyerEmail) === normalizeEmail(coBuyerEmail)) {
      ctx.addIssue({ code: 'custom', message: M.coBuyer.sameEmail, path: ['coBuyer', 'email'] });
    }
  }, always)
  .transform(({ coBuyer, ...rest }) => ({
    ...rest,
    coBuyer: rest.hasCoBuyer ? coBuyerSchema.parse(coBuyer) : null,
  }));

// ── Spouse ───────────────────────────────────────────────────────────────────────────────

const spouseSchema = z
  .object({
    firstName: firstNameSchema,
    middleName: optionalText(z.string()).pipe(middleNameSchema.optional()),
    lastName: lastNameSchema,
    /** Housing: the spouse lives at the applicant's address, or gives theirs. */
    sameAddressAsApplicant: flagSchema,
    address: z.unknown().optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.sameAddressAsApplicant) checkPart(addressSchema, value.address, ['address'], ctx);
  }, always)
  .transform(({ address, ...rest }) => ({
    ...rest,
    address: rest.sameAddressAsApplicant ? null : addressSchema.parse(address ?? {}),
  }));

// ── Employment ───────────────────────────────────────────────────────────────────────────

const occupationSchema = (messages: { tooLong: string }) =>
  z.string().max(L.occupationMax, { error: messages.tooLong });
const employerSchema = (messages: { tooLong: string }) => z.string().max(L.employerMax, { error: messages.tooLong });

const employmentSchema = z
  .object({
    employmentStatus: requiredChoice(EMPLOYMENT_STATUSES, M.employmentStatus.required),
    occupation: z.unknown().optional(),
    employerName: z.unknown().optional(),
    employmentStartDate: z.unknown().optional(),
    workPhone: z.unknown().optional(),
    annualIncome: dollarsSchema(M.income, L.incomeMin, L.incomeMax),
    incomeSource: requiredChoice(INCOME_SOURCES, M.incomeSource.required),
    additionalMonthlyIncome: optionalDollarsSchema(M.additionalIncome, L.incomeMin, L.incomeMax),
    additionalIncomeSource: optionalText(
      z.enum(ADDITIONAL_INCOME_SOURCES, { error: M.additionalIncome.sourceRequired }),
    ),
    previousEmployerName: optionalText(employerSchema(M.previousEmployerName)),
    previousOccupation: optionalText(occupationSchema(M.previousOccupation)),
    previousEmploymentStartDate: z.unknown().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.additionalMonthlyIncome !== undefined && value.additionalIncomeSource === undefined) {
      required(ctx, 'additionalIncomeSource', M.additionalIncome.sourceRequired);
    }
    if (value.additionalIncomeSource !== undefined && value.additionalMonthlyIncome === undefined) {
      required(ctx, 'additionalMonthlyIncome', M.additionalIncome.amountRequired);
    }
    if (typeof value.employmentStatus !== 'string' || !EMPLOYED_STATUSES.includes(value.employmentStatus)) return;
    checkPart(
      requiredText(M.occupation.required).pipe(occupationSchema(M.occupation)),
      value.occupation ?? '',
      ['occupation'],
      ctx,
    );
    checkPart(
      requiredText(M.employerName.required).pipe(employerSchema(M.employerName)),
      value.employerName ?? '',
      ['employerName'],
      ctx,
    );
    checkPart(phoneSchema, value.workPhone ?? '', ['workPhone'], ctx);
    const startOk = checkPart(
      pastDateSchema(M.employmentStartDate),
      value.employmentStartDate ?? '',
      ['employmentStartDate'],
      ctx,
    );
    if (!startOk) return;
    const start = String(value.employmentStartDate).trim();
    // Seed 002 §9: a previous employer when the current job is under 2 years.
    if (!isWithinYears(start, L.historyYears)) return;
    if (value.previousEmployerName === undefined)
      required(ctx, 'previousEmployerName', M.previousEmployerName.required);
    if (value.previousOccupation === undefined) required(ctx, 'previousOccupation', M.previousOccupation.required);
    const previousMessages = M.previousEmploymentStartDate;
    if (
      checkPart(
        pastDateSchema(previousMessages),
        value.previousEmploymentStartDate ?? '',
        ['previousEmploymentStartDate'],
        ctx,
      )
    ) {
      const previous = parseUsDate(String(value.previousEmploymentStartDate).trim())!;
      if (compareDates(previous, parseUsDate(start)!) >= 0)
        required(ctx, 'previousEmploymentStartDate', previousMessages.afterCurrent);
    }
  }, always)
  .transform((value) => {
    const employed = EMPLOYED_STATUSES.includes(value.employmentStatus);
    const start = employed ? String(value.employmentStartDate).trim() : null;
    const needsPrevious = start !== null && isWithinYears(start, L.historyYears);
    return {
      employmentStatus: value.employmentStatus,
      occupation: employed ? String(value.occupation).trim() : null,
      employerName: employed ? String(value.employerName).trim() : null,
      employmentStartDate: start,
      workPhone: employed ? phoneSchema.parse(value.workPhone) : null,
      annualIncome: value.annualIncome,
      incomeSource: value.incomeSource,
      additionalMonthlyIncome: value.additionalMonthlyIncome ?? null,
      additionalIncomeSource: value.additionalIncomeSource ?? null,
      previousEmployerName: needsPrevious ? value.previousEmployerName! : null,
      previousOccupation: needsPrevious ? value.previousOccupation! : null,
      previousEmploymentStartDate: needsPrevious ? String(value.previousEmploymentStartDate).trim() : null,
    };
  });

// ── Housing ──────────────────────────────────────────────────────────────────────────────

const previousAddressSchema = addressSchema.extend({
  residenceStartDate: pastDateSchema(M.previousResidenceStartDate),
});
export type PreviousAddress = z.infer<typeof previousAddressSchema>;

const housingSchema = z
  .object({
    housingStatus: requiredChoice(HOUSING_STATUSES, M.housingStatus.required),
    monthlyHousingExpense: dollarsSchema(M.housingExpense, 0, L.housingExpenseMax),
    residenceStartDate: pastDateSchema(M.residenceStartDate),
    previousAddresses: z.array(z.unknown()).max(L.previousAddressesMax).optional(),
  })
  .superRefine((value, ctx) => {
    const valid =
      typeof value.residenceStartDate === 'string' &&
      pastDateProblem(value.residenceStartDate, M.residenceStartDate) === null;
    const current = valid ? parseUsDate(value.residenceStartDate) : null;
    if (!current || !isWithinYears(value.residenceStartDate, L.historyYears)) return;
    const previous = value.previousAddresses ?? [];
    let later = current;
    for (let index = 0; index < Math.max(previous.length, 1); index += 1) {
      if (!checkPart(previousAddressSchema, previous[index], ['previousAddresses', index], ctx)) return;
      // Parsed above: the item is an address whose start date is a valid past date.
      const item = previousAddressSchema.parse(previous[index]);
      const start = parseUsDate(item.residenceStartDate.trim())!;
      if (compareDates(start, later) >= 0) {
        ctx.addIssue({
          code: 'custom',
          message: M.previousResidenceStartDate.afterCurrent,
          path: ['previousAddresses', index, 'residenceStartDate'],
        });
        return;
      }
      if (!isWithinYears(item.residenceStartDate.trim(), L.historyYears)) return;
      later = start;
    }
    // Every address given and still under 2 years of history.
    const last = previous.length - 1;
    ctx.addIssue({
      code: 'custom',
      message: M.previousResidenceStartDate.historyShort,
      path: ['previousAddresses', last, 'residenceStartDate'],
    });
  }, always)
  .transform((value) => {
    // Only the addresses the history needs are read; blocks left empty beyond them are ignored.
    const kept: PreviousAddress[] = [];
    if (isWithinYears(value.residenceStartDate, L.historyYears)) {
      for (const raw of value.previousAddresses ?? []) {
        const item = previousAddressSchema.parse(raw);
        kept.push(item);
        if (!isWithinYears(item.residenceStartDate, L.historyYears)) break;
      }
    }
    return {
      housingStatus: value.housingStatus,
      monthlyHousingExpense: value.monthlyHousingExpense,
      residenceStartDate: value.residenceStartDate,
      previousAddresses: kept,
    };
  });

// ── SSN and terms ────────────────────────────────────────────────────────────────────────

const ssnStepSchema = z.object({ ssn: ssnSchema });

const termsSchema = z.object({
  agreedToTerms: z.preprocess(
    (value) => value === true || value === 'on' || value === 'true' || undefined,
    z.literal(true, { error: M.terms.required }),
  ),
});

export const creditApplicationSchemas = {
  personal: personalSchema,
  spouse: spouseSchema,
  employment: employmentSchema,
  housing: housingSchema,
  ssn: ssnStepSchema,
  terms: termsSchema,
} as const;

export type CreditApplicationInputStep = keyof typeof creditApplicationSchemas;

/**
 * The rules that need answers of other steps (seed 002 §5 "Residency start date", "Date of birth
 * vs. dates"): run by the commerce API with the stored application, as `fieldErrors` of the step
 * being saved. `dateOfBirth` is the buyer's, kept server-side only.
 */
export function crossStepFieldErrors(
  step: CreditApplicationInputStep,
  answers: { dateOfBirth?: string | null; employmentStartDate?: string | null; residenceStartDate?: string | null },
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const { dateOfBirth, employmentStartDate, residenceStartDate } = answers;
  if (step === 'personal' && dateOfBirth) {
    const problem = birthAfterStartsProblem(dateOfBirth, { employmentStartDate, residenceStartDate });
    if (problem) errors.dateOfBirth = [problem];
  }
  if (
    step === 'employment' &&
    dateOfBirth &&
    employmentStartDate &&
    startsBeforeBirth(employmentStartDate, dateOfBirth)
  ) {
    errors.employmentStartDate = [M.employmentStartDate.beforeBirth];
  }
  if (step === 'housing' && dateOfBirth && residenceStartDate && startsBeforeBirth(residenceStartDate, dateOfBirth)) {
    errors.residenceStartDate = [M.residenceStartDate.beforeBirth];
  }
  return errors;
}

export { M as CREDIT_APPLICATION_MESSAGES, L as CREDIT_APPLICATION_LIMITS };
