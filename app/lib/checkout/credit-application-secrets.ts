import { isRecord } from '~/lib/shared/guards';

// The SSN and date of birth on file in the credit application's answers, read by the step forms
// (islands of their routes, decision 056) and the server; apart from the steps' labels and paths
// (./credit-application-steps.ts), which the pages show before the forms have loaded.

/**
 * Secrets already on file (SSN, date of birth) are never sent back, so a step edited later has
 * those fields blank. Left blank, they keep what is on file: the API fills them in again. For
 * the checks here (the browser's and the storefront's), a blank date of birth on file stands in
 * as a valid placeholder, removed again before the answers are sent.
 */
export const DATE_OF_BIRTH_ON_FILE = '01/01/1970';

/** Which date-of-birth fields of the personal step are on file, by form name. */
export function secretsOnFile(answers: Record<string, unknown>): string[] {
  const names: string[] = [];
  if (answers.hasDateOfBirth) names.push('dateOfBirth');
  const coBuyer = answers.coBuyer;
  if (isRecord(coBuyer) && coBuyer.hasDateOfBirth) names.push('coBuyer.dateOfBirth');
  return names;
}

/** The form data with blank on-file dates of birth replaced by the placeholder. */
export function fillSecretsOnFile(formData: FormData, onFile: readonly string[]): FormData {
  if (onFile.length === 0) return formData;
  const copy = new FormData();
  for (const [name, value] of formData.entries()) copy.append(name, value);
  for (const name of onFile) {
    const value = copy.get(name);
    if (value === null || (typeof value === 'string' && value.trim() === '')) copy.set(name, DATE_OF_BIRTH_ON_FILE);
  }
  return copy;
}
