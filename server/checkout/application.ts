import type { z } from 'zod';
import type { CreditApplicationStep, CreditApplicationView } from '../../app/lib/contract/checkout';
import { isCommunityPropertyState } from '../../app/lib/shared/validation/address';
import {
  creditApplicationSchemas,
  crossStepFieldErrors,
  type CreditApplicationInputStep,
} from '../../app/lib/shared/validation/credit-application';
import { checkStepZips } from '../../app/lib/shared/validation/zip-check.server';
import type { CartBureauFile } from '../db/schema';
import { decryptPii, encryptPii, type PiiValues } from './pii';

// The credit application's storage (seed 002 §2, seven steps). Each step is parsed with the
// shared step schema of app/lib/shared/validation/credit-application, the same one the browser and the
// storefront's action use. The SSN and date of birth of the buyer and co-buyer are taken out
// of the answers before they are stored: they go into one AES-256-GCM cipher (pii.ts), and
// the answers keep `hasSsn` / `hasDateOfBirth` in their place, which is all the view returns.

type Answers = Record<string, Record<string, unknown>>;

/** Where secret values sit in the parsed answers, by step: [path to the object, field]. */
const SECRET_PLACES: Record<string, Array<{ holder: string[]; field: 'ssn' | 'dateOfBirth' }>> = {
  personal: [
    { holder: [], field: 'ssn' },
    { holder: [], field: 'dateOfBirth' },
    { holder: ['coBuyer'], field: 'ssn' },
    { holder: ['coBuyer'], field: 'dateOfBirth' },
  ],
  ssn: [{ holder: [], field: 'ssn' }],
};

const FLAG = { ssn: 'hasSsn', dateOfBirth: 'hasDateOfBirth' } as const;

function piiKey(step: string, holder: string[], field: string): string {
  return [step, ...holder, field].join('.');
}

function objectAt(root: Record<string, unknown>, path: string[]): Record<string, unknown> | null {
  let current: unknown = root;
  for (const part of path) {
    if (!current || typeof current !== 'object') return null;
    current = (current as Record<string, unknown>)[part];
  }
  return current && typeof current === 'object' && !Array.isArray(current)
    ? (current as Record<string, unknown>)
    : null;
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

export class ApplicationInvalid extends Error {
  constructor(readonly fieldErrors: Record<string, string[]>) {
    super('The credit application step is invalid');
  }
}

/** A zod issue path the way conform names fields: `address.zip`, `previousAddresses[0].city`. */
export function fieldName(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (name, part) => (typeof part === 'number' ? `${name}[${part}]` : name ? `${name}.${String(part)}` : String(part)),
    '',
  );
}

function collectErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const name = fieldName(issue.path) || 'form';
    (errors[name] ??= []).push(issue.message);
  }
  return errors;
}

export type StoredApplication = {
  cartId: string;
  answers: Answers;
  completed: string[];
  piiCipher: string | null;
  bureauFile: CartBureauFile | null;
};

/**
 * The input with the secrets the shopper already gave filled back in where the form left them
 * blank: the browser never gets them back, so an edited step would otherwise lose them.
 */
function withStoredSecrets(step: string, input: unknown, pii: PiiValues): unknown {
  const places = SECRET_PLACES[step];
  if (!places || !input || typeof input !== 'object') return input;
  const copy = structuredClone(input) as Record<string, unknown>;
  for (const { holder, field } of places) {
    const target = holder.length ? objectAt(copy, holder) : copy;
    const stored = pii[piiKey(step, holder, field)];
    if (target && stored && isBlank(target[field])) target[field] = stored;
  }
  return copy;
}

/** Moves the secret fields of a parsed step into `pii`, leaving flags in the answers. */
function takeSecrets(step: string, parsed: Record<string, unknown>, pii: PiiValues): Record<string, unknown> {
  const places = SECRET_PLACES[step];
  if (!places) return parsed;
  for (const { holder, field } of places) {
    const key = piiKey(step, holder, field);
    const target = holder.length ? objectAt(parsed, holder) : parsed;
    if (!target) {
      delete pii[key];
      continue;
    }
    const value = target[field];
    delete target[field];
    if (typeof value === 'string' && value !== '') pii[key] = value;
    else delete pii[key];
    target[FLAG[field]] = Boolean(pii[key]);
  }
  return parsed;
}

export type SavedStep = { answers: Answers; completed: string[]; piiCipher: string | null; pii: PiiValues };

/**
 * Parses and stores one step. Throws ApplicationInvalid with the field errors of the shared
 * schema, then those of the zip database and of the rules that compare steps (dates against
 * the date of birth).
 */
export async function saveStep(
  key: Buffer,
  stored: StoredApplication,
  step: CreditApplicationInputStep,
  input: unknown,
): Promise<SavedStep> {
  const pii = decryptPii(key, stored.piiCipher, stored.cartId);
  const schema = creditApplicationSchemas[step] as z.ZodType;
  const result = schema.safeParse(withStoredSecrets(step, input, pii));
  if (!result.success) throw new ApplicationInvalid(collectErrors(result.error));
  const parsed = structuredClone(result.data) as Record<string, unknown>;

  const employment = step === 'employment' ? parsed : stored.answers.employment;
  const housing = step === 'housing' ? parsed : stored.answers.housing;
  const dateOfBirth = step === 'personal' ? (parsed.dateOfBirth as string | undefined) : pii['personal.dateOfBirth'];
  const crossErrors = crossStepFieldErrors(step, {
    dateOfBirth: dateOfBirth ?? null,
    employmentStartDate: (employment?.employmentStartDate as string | null | undefined) ?? null,
    residenceStartDate: (housing?.residenceStartDate as string | null | undefined) ?? null,
  });
  // State, city and zip against the zip database (seed 002 §5 "State and zip").
  const zipErrors = await checkStepZips(step, parsed);
  const fieldErrors = { ...zipErrors, ...crossErrors };
  if (Object.keys(fieldErrors).length) throw new ApplicationInvalid(fieldErrors);

  const answers: Answers = { ...stored.answers, [step]: takeSecrets(step, parsed, pii) };
  const completed = stored.completed.includes(step) ? stored.completed : [...stored.completed, step];
  const piiCipher = Object.keys(pii).length ? encryptPii(key, pii, stored.cartId) : null;
  return { answers, completed, piiCipher, pii };
}

function homeState(answers: Answers): string | null {
  const address = objectAt(answers.personal ?? {}, ['address']);
  return typeof address?.state === 'string' ? address.state : null;
}

/** The steps this application goes through, in order (spouse and SSN drop out, seed 002 §2). */
export function applicationSteps(stored: Pick<StoredApplication, 'answers' | 'bureauFile'>): CreditApplicationStep[] {
  const steps: CreditApplicationStep[] = ['personal'];
  // A spouse's details matter only where the spouse shares the debt: married, in a
  // community-property state.
  const state = homeState(stored.answers);
  const married = stored.answers.personal?.maritalStatus === 'Married';
  if (married && state && isCommunityPropertyState(state)) steps.push('spouse');
  steps.push('employment', 'housing');
  const personal = stored.answers.personal;
  const gaveSsn = personal?.hasSsn === true;
  if (personal && !gaveSsn && ((stored.bureauFile && !stored.bureauFile.ssnOnFile) || stored.answers.ssn))
    steps.push('ssn');
  steps.push('review', 'terms');
  return steps;
}

/** The view the storefront may see: answers without secrets, the steps, what is done. */
export function applicationView(stored: StoredApplication, submittedAt: Date | null): CreditApplicationView {
  const steps = applicationSteps(stored);
  return {
    steps,
    completed: steps.filter((step) => stored.completed.includes(step)),
    answers: stored.answers,
    submittedAt: submittedAt?.toISOString() ?? null,
  };
}

/** The steps still missing before the application can be submitted (review and terms excepted). */
export function missingSteps(stored: StoredApplication): CreditApplicationStep[] {
  return applicationSteps(stored).filter(
    (step) => step !== 'review' && step !== 'terms' && !stored.completed.includes(step),
  );
}

/** The buyer's SSN: typed on the personal step or on the SSN step. */
export function buyerSsn(pii: PiiValues): string | null {
  return pii['personal.ssn'] ?? pii['ssn.ssn'] ?? null;
}
