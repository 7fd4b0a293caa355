import { parseWithZod } from '@conform-to/zod/v4';
import { prequalRequestSchema } from '~/lib/contract/prequal';

// The pre-qualification form's checks in the browser, in their own chunk: the page imports this
// module on the form's first focus (app/components/ui/lazy-validation.ts, decision 043), with
// zod and the address, date, money and SSN schemas.

export function validatePrequal(formData: FormData) {
  return parseWithZod(formData, { schema: prequalRequestSchema });
}
