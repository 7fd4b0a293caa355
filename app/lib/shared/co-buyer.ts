import { z } from 'zod';
import type { CashCoBuyerValue } from '~/lib/contract/checkout';
import { addressZipSchema, citySchema, homeStreetLineSchema, stateSchema } from '~/lib/shared/validation/address';
import { emailSchema, firstNameSchema, lastNameSchema } from '~/lib/shared/validation/fields';
import { phoneSchema } from '~/lib/shared/validation/phone';

// The co-buyer of a cash order (seed 002 §2: "For cash orders a co-buyer is optional, with a
// same-address-as-buyer option"; issue 12 item 6). A cash order has no credit application, so
// the co-buyer is named on Order Details: the applicant's name, e-mail and phone rules, and a
// home address unless it is the buyer's. Finance and lease name theirs in the application.

const always = { when: () => true };

/** A tick box: 'on' when ticked without JavaScript. */
const flagSchema = z.preprocess((value) => value === true || value === 'on' || value === 'true', z.boolean());

export const coBuyerAddressSchema = z.object({
  addressLine1: homeStreetLineSchema,
  city: citySchema,
  state: stateSchema,
  zip: addressZipSchema,
});

/** The co-buyer as the cart stores it and the API takes it. */
export const cashCoBuyerSchema = z
  .object({
    firstName: firstNameSchema,
    lastName: lastNameSchema,
    email: emailSchema,
    phone: phoneSchema,
    sameAddressAsBuyer: flagSchema,
    address: z.unknown().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.sameAddressAsBuyer) return;
    const address = coBuyerAddressSchema.safeParse(value.address ?? {});
    if (address.success) return;
    for (const issue of address.error.issues)
      ctx.addIssue({ code: 'custom', message: issue.message, path: ['address', ...issue.path] });
    // Checked with the other fields, so every message shows at once.
  }, always)
  .transform(({ address, ...rest }) => ({
    ...rest,
    address: rest.sameAddressAsBuyer ? null : coBuyerAddressSchema.parse(address ?? {}),
  }));
export type CashCoBuyer = z.output<typeof cashCoBuyerSchema> & CashCoBuyerValue;

const looseText = z.string().optional();

/**
 * The Order Details part: the tick box, and the co-buyer's fields, loose here (the shape of the
 * form) and checked by checkCoBuyer only when the box is ticked.
 */
export const coBuyerFormFields = {
  hasCoBuyer: flagSchema,
  coBuyer: z
    .object({
      firstName: looseText,
      lastName: looseText,
      email: looseText,
      phone: looseText,
      sameAddressAsBuyer: flagSchema,
      address: z.object({ addressLine1: looseText, city: looseText, state: looseText, zip: looseText }).optional(),
    })
    .optional(),
};

/** Adds the co-buyer's issues under `coBuyer.…` when the box is ticked. */
export function checkCoBuyer(value: { hasCoBuyer: boolean; coBuyer?: unknown }, ctx: z.RefinementCtx): void {
  if (!value.hasCoBuyer) return;
  const result = cashCoBuyerSchema.safeParse(value.coBuyer ?? {});
  if (result.success) return;
  for (const issue of result.error.issues)
    ctx.addIssue({ code: 'custom', message: issue.message, path: ['coBuyer', ...issue.path] });
}

/** The co-buyer to save: parsed when the box is ticked, else null (removed). */
export function readCoBuyer(value: { hasCoBuyer: boolean; coBuyer?: unknown }): CashCoBuyer | null {
  return value.hasCoBuyer ? cashCoBuyerSchema.parse(value.coBuyer ?? {}) : null;
}
