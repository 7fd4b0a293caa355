import { getZodConstraint } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import { constraintSchemaOf } from '~/lib/checkout/credit-application-constraint';
import { creditApplicationSchemas } from '~/lib/shared/validation/credit-application';

// The HTML constraints each step's form gets without JavaScript (getZodConstraint): required
// fields and maximum lengths; parts asked for only sometimes carry none, so the browser never
// blocks a form for a hidden or unneeded field.

describe('the no-JavaScript constraints of the step forms', () => {
  it.each(Object.keys(creditApplicationSchemas) as Array<keyof typeof creditApplicationSchemas>)(
    '%s: built from the step schema',
    (step) => {
      expect(() => getZodConstraint(constraintSchemaOf(creditApplicationSchemas[step]))).not.toThrow();
    },
  );

  it('personal: the buyer fields are required (their maximum lengths are set by the fields); the co-buyer adds nothing', () => {
    const constraint = getZodConstraint(constraintSchemaOf(creditApplicationSchemas.personal));
    expect(constraint.firstName?.required).toBe(true);
    expect(constraint.lastName?.required).toBe(true);
    expect(constraint.dateOfBirth?.required).toBe(true);
    expect(constraint['address.addressLine1']?.required).toBe(true);
    expect(constraint.middleName?.required).toBeFalsy();
    expect(constraint.ssn?.required).toBeFalsy();
    expect(Object.keys(constraint).filter((name) => name.startsWith('coBuyer.'))).toEqual([]);
  });

  it('employment: the previous employer is never required by the browser', () => {
    const constraint = getZodConstraint(constraintSchemaOf(creditApplicationSchemas.employment));
    expect(constraint.previousEmployerName?.required).toBeFalsy();
    expect(constraint.employmentStatus?.required).toBe(true);
  });
});
