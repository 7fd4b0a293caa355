import { TRADE_IN_CONDITIONS, TRADE_IN_OWNERSHIP, MAX_MILEAGE } from '~/lib/contract/trade-in';
import { US_STATE_CODES } from '~/lib/shared/validation/address';
import { parseDollars } from '~/lib/shared/validation/money';
import { VIN_SHAPE, isValidVin, normalizeVin } from '~/lib/shared/vin';
import { PAYOFF_TEXTS, TRADE_IN_FIELD_MESSAGES as M } from './messages';
import { isOneOf } from '~/lib/shared/guards';

// The offer flow's and payoff's forms, parsed on the server (the pages work without
// JavaScript): each answers the values to keep in the fields and one message per bad field.

export type FieldErrors = Record<string, string>;
export type Parsed<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();
const yesNo = (value: string): boolean | null => (value === 'yes' ? true : value === 'no' ? false : null);

export function vinProblem(raw: string): string | null {
  const vin = normalizeVin(raw);
  if (!vin) return M.vinRequired;
  if (vin.length !== 17) return M.vinLength;
  if (!VIN_SHAPE.test(vin)) return M.vinCharacters;
  if (!isValidVin(vin)) return M.vinCheckDigit;
  return null;
}

export function parseVinForm(form: FormData): Parsed<{ vin: string }> {
  const problem = vinProblem(text(form, 'vin'));
  return problem
    ? { ok: false, errors: { vin: problem } }
    : { ok: true, value: { vin: normalizeVin(text(form, 'vin')) } };
}

export function parsePlateForm(form: FormData): Parsed<{ plate: string; state: string }> {
  const plate = text(form, 'plate').replace(/[\s-]/g, '').toUpperCase();
  const state = text(form, 'plateState');
  const errors: FieldErrors = {};
  if (!plate) errors.plate = M.plateRequired;
  else if (!/^[A-Z0-9]{2,8}$/.test(plate)) errors.plate = M.plateInvalid;
  if (!isOneOf(US_STATE_CODES, state)) errors.plateState = M.plateStateRequired;
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, value: { plate, state } };
}

export type VehicleAnswers = {
  model: string;
  trim: string;
  mileage: number;
  condition: (typeof TRADE_IN_CONDITIONS)[number];
};

export function parseVehicleForm(
  form: FormData,
  models: Array<{ model: string; trims: string[] }>,
): Parsed<VehicleAnswers> {
  const model = text(form, 'model');
  const trim = text(form, 'trim');
  const mileageText = text(form, 'mileage').replace(/,/g, '');
  const condition = text(form, 'condition');
  const errors: FieldErrors = {};
  const chosen = models.find((entry) => entry.model === model);
  if (!chosen) errors.model = M.modelRequired;
  if (!trim || (chosen && !chosen.trims.includes(trim))) errors.trim = M.trimRequired;
  const mileage = Number(mileageText);
  if (!mileageText) errors.mileage = M.mileageRequired;
  else if (!/^\d+$/.test(mileageText) || mileage > MAX_MILEAGE) errors.mileage = M.mileageInvalid;
  const knownCondition = isOneOf(TRADE_IN_CONDITIONS, condition) ? condition : null;
  if (!knownCondition) errors.condition = M.conditionRequired;
  if (Object.keys(errors).length || !knownCondition) return { ok: false, errors };
  return { ok: true, value: { model, trim, mileage, condition: knownCondition } };
}

export type QuestionAnswers = {
  ownership: (typeof TRADE_IN_OWNERSHIP)[number];
  onTitle: boolean;
  registrationState: string;
  applyToPurchase: boolean;
  hasLoan: boolean;
  amountOwedCents: number | null;
};

export function parseQuestionsForm(form: FormData): Parsed<QuestionAnswers> {
  const ownership = text(form, 'ownership');
  const onTitle = yesNo(text(form, 'onTitle'));
  const registrationState = text(form, 'registrationState');
  const applyToPurchase = yesNo(text(form, 'applyToPurchase'));
  const hasLoan = yesNo(text(form, 'hasLoan'));
  const owed = text(form, 'amountOwed');
  const errors: FieldErrors = {};
  const knownOwnership = isOneOf(TRADE_IN_OWNERSHIP, ownership) ? ownership : null;
  if (!knownOwnership) errors.ownership = M.ownershipRequired;
  if (onTitle === null) errors.onTitle = M.onTitleRequired;
  if (!isOneOf(US_STATE_CODES, registrationState)) errors.registrationState = M.stateRequired;
  if (applyToPurchase === null) errors.applyToPurchase = M.applyRequired;
  if (hasLoan === null) errors.hasLoan = M.loanRequired;
  let amountOwedCents: number | null = null;
  if (hasLoan) {
    const dollars = owed ? parseDollars(owed) : null;
    if (!owed) errors.amountOwed = M.owedRequired;
    else if (dollars === null || dollars > 999_999) errors.amountOwed = M.owedInvalid;
    else amountOwedCents = dollars * 100;
  }
  if (Object.keys(errors).length || !knownOwnership) return { ok: false, errors };
  return {
    ok: true,
    value: {
      ownership: knownOwnership,
      onTitle: onTitle!,
      registrationState,
      applyToPurchase: applyToPurchase!,
      hasLoan: hasLoan!,
      amountOwedCents,
    },
  };
}

export function parseLenderForm(form: FormData): Parsed<{ lender: string }> {
  const lender = text(form, 'lender');
  return lender ? { ok: true, value: { lender } } : { ok: false, errors: { lender: PAYOFF_TEXTS.lenderRequired } };
}

export type PayoffDetails = { vin: string; accountLast4?: string; lastName?: string; ssnLast4?: string };

export function parsePayoffDetails(
  form: FormData,
  requires: readonly string[],
  tradeInVin: string,
): Parsed<PayoffDetails> {
  const errors: FieldErrors = {};
  const value: PayoffDetails = { vin: normalizeVin(text(form, 'vin')) };
  const vinIssue = vinProblem(value.vin);
  if (vinIssue) errors.vin = vinIssue;
  else if (value.vin !== tradeInVin) errors.vin = PAYOFF_TEXTS.vinMismatch;
  for (const field of ['accountLast4', 'ssnLast4'] as const) {
    if (!requires.includes(field)) continue;
    const digits = text(form, field);
    if (!/^\d{4}$/.test(digits)) errors[field] = PAYOFF_TEXTS.last4Invalid;
    else value[field] = digits;
  }
  if (requires.includes('lastName')) {
    const lastName = text(form, 'lastName');
    if (!lastName) errors.lastName = PAYOFF_TEXTS.lastNameRequired;
    else value.lastName = lastName.slice(0, 25);
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, value };
}
