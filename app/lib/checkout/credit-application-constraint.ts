import { z } from 'zod';

// Apart from ./credit-application-steps.ts, which the review page and the step headings use:
// this one needs zod at run time, which only the step forms load (decision 054).

/**
 * The object of a step schema, for getZodConstraint: conform reads HTML constraints from an
 * object, and a step schema is that object piped into the transform that tidies its answers.
 */
export function constraintSchemaOf(schema: z.core.$ZodType): z.core.$ZodType {
  let current = schema;
  while (current instanceof z.ZodPipe) current = current.in;
  return current;
}
