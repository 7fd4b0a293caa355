import type { FormMetadata } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { useCallback } from 'react';
import type { z } from 'zod';
import { useSubmitGate } from './submit-gate';

/**
 * Whether the submit button may be used (seed 000 §4.5), checked with the form's schema,
 * loaded with the page. Forms that load their schema on demand use `useSubmitGate`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's metadata
export function useCanSubmit(form: FormMetadata<any, string[]>, schema: z.ZodType): boolean {
  const validate = useCallback((formData: FormData) => parseWithZod(formData, { schema }), [schema]);
  return useSubmitGate(form, validate);
}
