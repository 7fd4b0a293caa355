import { FIELD_LIMITS } from './messages';

// The password checklist's rules, free of zod: the sign-up and reset forms show them live, and
// pages that only share the field components with them (the lead form) load no schema for it
// (issue 17). The password schema in ./fields builds on them.

export type PasswordRule = {
  id: 'length' | 'uppercase' | 'lowercase' | 'number' | 'special';
  label: string;
  test: (value: string) => boolean;
};

/** The live checklist's lines, in the order the seed lists them. */
export const PASSWORD_RULES: readonly PasswordRule[] = [
  { id: 'uppercase', label: 'One uppercase letter', test: (value) => /[A-Z]/.test(value) },
  { id: 'lowercase', label: 'One lowercase letter', test: (value) => /[a-z]/.test(value) },
  { id: 'special', label: 'One special character', test: (value) => /[^A-Za-z0-9\s]/.test(value) },
  { id: 'number', label: 'One number', test: (value) => /\d/.test(value) },
  {
    id: 'length',
    label: `${FIELD_LIMITS.passwordMin} characters minimum`,
    test: (value) => value.length >= FIELD_LIMITS.passwordMin,
  },
];
