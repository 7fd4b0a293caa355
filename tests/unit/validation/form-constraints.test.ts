import { getZodConstraint } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import { prequalRequestSchema } from '~/lib/contract/prequal';
import { PREQUAL_CONSTRAINT } from '~/lib/shared/validation/address-rules';
import { emailChangeConfirmSchema, emailChangeSchema, profileSchema } from '~/lib/shared/validation/account';
import {
  EMAIL_CHANGE_CONFIRM_CONSTRAINT,
  EMAIL_CHANGE_CONSTRAINT,
  PROFILE_CONSTRAINT,
  SIGN_IN_CONSTRAINT,
  SIGN_UP_CONSTRAINT,
} from '~/lib/shared/validation/form-constraints';
import { signInSchema } from '~/lib/shared/validation/sign-in';
import { signUpSchema } from '~/lib/shared/validation/sign-up';

// The pages render their forms with the static constraints and load the schemas on the form's
// first focus (decision 043): the two must give the browser the same attributes.

describe('static form constraints', () => {
  it('are what conform reads from each form schema', () => {
    expect(SIGN_IN_CONSTRAINT).toEqual(getZodConstraint(signInSchema));
    expect(SIGN_UP_CONSTRAINT).toEqual(getZodConstraint(signUpSchema));
    expect(PROFILE_CONSTRAINT).toEqual(getZodConstraint(profileSchema));
    expect(EMAIL_CHANGE_CONSTRAINT).toEqual(getZodConstraint(emailChangeSchema('rowan@shop.test')));
    expect(EMAIL_CHANGE_CONFIRM_CONSTRAINT).toEqual(getZodConstraint(emailChangeConfirmSchema));
    expect(PREQUAL_CONSTRAINT).toEqual(getZodConstraint(prequalRequestSchema));
  });
});
