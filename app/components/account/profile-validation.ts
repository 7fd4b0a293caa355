import { parseWithZod } from '@conform-to/zod/v4';
import { profileSchema } from '~/lib/shared/validation/account';

// The profile form's checks in the browser, in their own chunk: the account page imports this
// module on the form's first focus (app/components/ui/lazy-validation.ts, decision 043), with
// zod and the phone metadata (libphonenumber), which nothing else on the page needs.

export function validateProfile(formData: FormData) {
  return parseWithZod(formData, { schema: profileSchema });
}
