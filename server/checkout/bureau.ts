import type { CartBureauFile } from '../db/schema';

// The built-in credit bureau: a soft pull (no effect on the credit score, seed 002 §9) that
// answers like a bureau's test environment, from plain realistic input, so every path of the
// credit application can be driven end to end (docs/sandbox-partners.md):
//
//   SSN given: the file is found and its score comes from the SSN's last four digits
//     0001-3999 → 780 (excellent)   4000-5999 → 720 (very good)   6000-7999 → 680 (good)
//     8000-8999 → 650 (fair)        9000-9999 and 0000 → 600 (no tier: declined)
//   no SSN: the file is looked up by name, date of birth and zip
//     born before 2000 → found with the SSN on file, score 720 (very good)
//     born in 2000 or later → a thin file without an SSN: the application asks for it (SSN step)

export type SoftPullInput = { ssn?: string | null; dateOfBirth?: string | null; lastName: string; zip: string };

export const THIN_FILE_BIRTH_YEAR = 2000;
export const FILE_ON_RECORD_SCORE = 720;

export function scoreForSsn(ssn: string): number {
  const serial = Number(ssn.slice(-4));
  if (serial >= 1 && serial <= 3999) return 780;
  if (serial >= 4000 && serial <= 5999) return 720;
  if (serial >= 6000 && serial <= 7999) return 680;
  if (serial >= 8000 && serial <= 8999) return 650;
  return 600;
}

function birthYear(dateOfBirth: string | null | undefined): number | null {
  const match = dateOfBirth ? (/(\d{4})$/.exec(dateOfBirth.trim()) ?? /^(\d{4})-/.exec(dateOfBirth.trim())) : null;
  return match ? Number(match[1]) : null;
}

export function softPull(input: SoftPullInput, now: Date): CartBureauFile {
  const pulledAt = now.toISOString();
  if (input.ssn) return { found: true, score: scoreForSsn(input.ssn), ssnOnFile: true, pulledAt };
  const year = birthYear(input.dateOfBirth);
  if (year !== null && year < THIN_FILE_BIRTH_YEAR)
    return { found: true, score: FILE_ON_RECORD_SCORE, ssnOnFile: true, pulledAt };
  return { found: year !== null, score: null, ssnOnFile: false, pulledAt };
}
