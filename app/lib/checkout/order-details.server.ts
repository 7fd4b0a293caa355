import { ZIP_MESSAGES } from '~/lib/search/zip-rules';
import { isKnownZip } from '~/lib/search/zip.server';
import { orderDetailsSchema } from './order-details';

/** The Order Details schema with the zip looked up in the zip database (seed 002 §5: an unsupported zip errors). */
export const serverOrderDetailsSchema = orderDetailsSchema.superRefine(async ({ zip }, ctx) => {
  if (!(await isKnownZip(zip))) ctx.addIssue({ code: 'custom', path: ['zip'], message: ZIP_MESSAGES.unknown });
});
