import { describe, expect, it } from 'vitest';
import { normalizeVin } from '~/lib/contract/inventory';

// Where each row of the seed 002 §5 validation table is tested, so a reviewer can tick it off:
//
//   First, Middle, Last name ............ fields.test.ts (all rules) + credit-application.test.ts
//   Generic address, Street line ........ credit-application.test.ts
//   Second address line, City, County ... credit-application.test.ts
//   Zip ................................. credit-application.test.ts (format, mask)
//   State and zip (city, unsupported) ... zip-check.test.ts
//   Phone ............................... fields.test.ts (all rules, mask) + credit-application.test.ts
//   Email ............................... fields.test.ts (all rules) + credit-application.test.ts;
//                                         the existing-account link: forms.test.ts (sign-up)
//   Password (and confirmation) ......... fields.test.ts, forms.test.ts
//   Date of birth ....................... credit-application.test.ts
//   Salary .............................. credit-application.test.ts
//   State, marital status ............... credit-application.test.ts
//   Verification code ................... fields.test.ts
//   SSN ................................. credit-application.test.ts
//   Occupation, Employer name ........... credit-application.test.ts
//   VIN ................................. this file
//   Residency start date ................ credit-application.test.ts
//   Date of birth vs. dates ............. credit-application.test.ts
//   Co-buyer ............................ credit-application.test.ts, tests/routes/checkout-credit-application.test.ts
//   Email update ........................ forms.test.ts (account)
//   Home address (no P.O. boxes) ........ credit-application.test.ts
//   Card ................................ tests/unit/checkout-payment.test.ts
//   Text with max length ................ credit-application.test.ts
//   Terms checkbox, errors after touch .. credit-application.test.ts, e2e/checkout-credit-application.spec.ts

// Row "VIN": 17 letters or digits (I, O and Q never appear in a VIN).
describe('VIN (row VIN)', () => {
  it('is 17 letters or digits, in any case, trimmed', () => {
    expect(normalizeVin('1HGCM82633A004352')).toBe('1HGCM82633A004352');
    expect(normalizeVin('  1hgcm82633a004352 ')).toBe('1HGCM82633A004352');
  });

  it('refuses 16 or 18 characters, other characters, and I, O or Q', () => {
    expect(normalizeVin('1HGCM82633A00435')).toBeNull();
    expect(normalizeVin('1HGCM82633A0043521')).toBeNull();
    expect(normalizeVin('1HGCM82633A00435-')).toBeNull();
    expect(normalizeVin('1HGCM82633A00435O')).toBeNull();
  });
});
