import { parseWithZod } from '@conform-to/zod/v4';
import { emailSchema } from '~/lib/shared/validation/fields';
import { signUpSchema } from '~/lib/shared/validation/sign-up';

// The sign-up form's checks in the browser, in their own chunk: the page imports this module on
// the form's first focus (app/components/ui/lazy-validation.ts, decision 043), with zod and the
// phone metadata (libphonenumber).

export function validateSignUp(formData: FormData) {
  return parseWithZod(formData, { schema: signUpSchema });
}

/** Whether a typed e-mail is worth asking the identity API about (the existing-account check). */
export function isCheckableEmail(email: string): boolean {
  return emailSchema.safeParse(email).success;
}
