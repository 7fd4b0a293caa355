import type { useForm } from '@conform-to/react';

// The browser constraints of the account forms (the pre-qualification's are in
// ./address-rules.ts, beside the lists they are built from), as conform's getZodConstraint
// reads them from the forms' schemas (a unit test holds each equal). Free of
// zod: the pages render their forms with these and load the schemas, with zod and the phone
// metadata, on the form's first focus (issue 17, decision 043).

export const SIGN_IN_CONSTRAINT = {
  'signin-email': { required: true },
  'signin-password': { required: true },
  redirectTo: { required: false },
} as const;

export const SIGN_UP_CONSTRAINT = {
  firstName: { required: true },
  lastName: { required: true },
  email: { required: true },
  phoneNumber: { required: true },
  password: { required: true },
  'password-confirm': { required: true },
  isSubscribedToMarketing: { required: false },
  subscribedToMarketingSMS: { required: false },
  redirectTo: { required: false },
} as const;

export const PROFILE_CONSTRAINT = {
  intent: { required: true },
  firstName: { required: true },
  lastName: { required: true },
  phoneNumber: { required: true },
  isSubscribedToMarketing: { required: false },
  subscribedToMarketingSMS: { required: false },
} as const;

export const EMAIL_CHANGE_CONSTRAINT = {
  intent: { required: true },
  email: { required: true },
  'email-confirm': { required: true },
} as const;

export const EMAIL_CHANGE_CONFIRM_CONSTRAINT = {
  intent: { required: true },
  'email-change-code': { required: true },
} as const;

/**
 * A form's HTML constraints as conform's `useForm` takes them: the loader reads them from the
 * form's schema (`getZodConstraint`) and hands them to the page as data, so no zod reaches the
 * browser (decision 088).
 */
export type FormConstraint = NonNullable<Parameters<typeof useForm>[0]['constraint']>;
