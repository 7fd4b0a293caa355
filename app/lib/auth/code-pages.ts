// The code-entry page's texts, paths and form ids for each code type (seed 000 §2.3): what the
// page shows around its forms, without the verify schemas (./code-entry.ts adds them), so the
// routes' titles and the page's frame do not bring zod into the page's first JavaScript (decision
// 055): the forms, with their schemas, hydrate on the shopper's first interaction.

export type CodeType = 'account-email' | 'account-sms' | 'sign-in-passcode';

export type CodePage = {
  /** The page's URL (unchanged from the three pages it replaces). */
  path: string;
  title: string;
  /** The conform form id of the verify form and of the resend form the notices link to. */
  formId: string;
  resendFormId: string;
  codeLabel: string;
  submitLabel: string;
  /** The link in a notice that asks for a new code (expired, one try left...). */
  requestNewLabel: string;
  /** The second link under the form: another channel, or another e-mail. */
  other: { intent: 'sms' | 'email' | 'restart'; label: string };
};

export const CODE_PAGES: Record<CodeType, CodePage> = {
  'account-email': {
    path: '/confirm-account',
    title: 'Confirm your account',
    formId: 'confirm-account',
    resendFormId: 'confirm-resend',
    codeLabel: 'Confirmation code',
    submitLabel: 'Confirm',
    requestNewLabel: 'Request a new code',
    other: { intent: 'sms', label: 'Text me a code instead' },
  },
  'account-sms': {
    path: '/confirm-sms',
    title: 'Confirm by text message',
    formId: 'confirm-sms',
    resendFormId: 'sms-resend',
    codeLabel: 'SMS code',
    submitLabel: 'Confirm',
    requestNewLabel: 'Request a new code',
    other: { intent: 'email', label: 'Email me a code instead' },
  },
  'sign-in-passcode': {
    path: '/sign-in/passcode',
    title: 'Sign in with a passcode',
    formId: 'passcode-verify',
    resendFormId: 'passcode-resend',
    codeLabel: 'Passcode',
    submitLabel: 'Verify',
    requestNewLabel: 'Request a new passcode',
    other: { intent: 'restart', label: 'Use a different email' },
  },
};
