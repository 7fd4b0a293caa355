import { parseWithZod } from '@conform-to/zod/v4';
import { emailChangeConfirmSchema, emailChangeSchema } from '~/lib/shared/validation/account';

// The e-mail change forms' checks in the browser, in their own chunk: the account page imports
// this module on a form's first focus (app/components/ui/lazy-validation.ts, decision 043).

export function validateEmailChange(currentEmail: string, formData: FormData) {
  return parseWithZod(formData, { schema: emailChangeSchema(currentEmail) });
}

export function validateEmailChangeConfirm(formData: FormData) {
  return parseWithZod(formData, { schema: emailChangeConfirmSchema });
}
