import { parseWithZod } from '@conform-to/zod/v4';
import { signInSchema } from '~/lib/shared/validation/sign-in';

// The sign-in form's checks in the browser, in their own chunk: the page imports this module on
// the form's first focus (app/components/ui/lazy-validation.ts, decision 043), with zod.

export function validateSignIn(formData: FormData) {
  return parseWithZod(formData, { schema: signInSchema });
}
