import { parseWithZod } from '@conform-to/zod/v4';
import { leadFieldsSchema } from '~/lib/shared/validation/lead';

// The lead form's checks in the browser, in their own chunk: the form imports this module on its
// first focus (app/components/ui/lazy-validation.ts), with zod and the phone metadata.

export function validateLead(formData: FormData) {
  return parseWithZod(formData, { schema: leadFieldsSchema });
}
