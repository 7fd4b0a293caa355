import { z } from 'zod';
import {
  checkPasswordsMatch,
  checkboxSchema,
  emailSchema,
  firstNameSchema,
  lastNameSchema,
  passwordConfirmSchema,
  passwordSchema,
  redirectToSchema,
} from './fields';
import { phoneSchema } from './phone';

/** Sign-up form (seed 000 §2.3 and §5, rules of seed 002 §5); field names from seed 000 §3.1. */
export const signUpSchema = z
  .object({
    firstName: firstNameSchema,
    lastName: lastNameSchema,
    email: emailSchema,
    phoneNumber: phoneSchema,
    password: passwordSchema,
    'password-confirm': passwordConfirmSchema,
    isSubscribedToMarketing: checkboxSchema,
    subscribedToMarketingSMS: checkboxSchema,
    redirectTo: redirectToSchema,
  })
  .superRefine(checkPasswordsMatch('password', 'password-confirm'));
