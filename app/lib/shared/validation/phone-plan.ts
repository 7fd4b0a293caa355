import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

// Whether ten digits are on the US numbering plan (an area code in service), by
// libphonenumber-js's metadata: the heaviest part of validation (about 28 KB gzipped). The
// server, the validator of every form, asks it; the browser's build swaps this module for
// ./phone-plan.browser.ts (vite.config.ts, issue 32 point 3), so a page's script carries
// none of the metadata and the server's answer shows next to the field after the post.

/** True when libphonenumber-js knows `digits` as a valid US number. */
export function onUsNumberingPlan(digits: string): boolean {
  const parsed = parsePhoneNumberFromString(digits, 'US');
  return parsed?.isValid() === true && parsed.country === 'US';
}
