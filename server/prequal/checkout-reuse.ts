import { and, eq, isNull } from 'drizzle-orm';
import { carts } from '../db/schema';
import { encryptPii } from '../checkout/pii';
import type { CartRow } from '../checkout/service';
import { prequalForCheckout, type PrequalContext } from './service';

// Checkout reuses a valid pre-qualification (issue 14 point 4): a finance or lease cart whose
// credit application has not begun gets the pre-qualification's name, address and e-mail as
// the personal step's answers (and its income the employment step's), its date of birth and SSN in the cart's cipher, and its soft
// pull as the cart's bureau file (with the SSN on file, so the SSN step drops out and the
// personal step does not pull again). An expired pre-qualification fills nothing: the
// storefront asks for a refresh.

type ReuseContext = Pick<PrequalContext, 'db' | 'now' | 'piiKey'>;

export async function withPrequal(ctx: ReuseContext, cart: CartRow): Promise<CartRow> {
  if (
    !cart.userId ||
    cart.status !== 'open' ||
    cart.dealType === 'Cash' ||
    cart.applicationSubmittedAt ||
    cart.bureauFile ||
    cart.creditAnswers.personal
  )
    return cart;
  const prequal = await prequalForCheckout(ctx, { tenantId: cart.tenantId, userId: cart.userId });
  const dateOfBirth = prequal?.secrets.dateOfBirth;
  if (!prequal || !dateOfBirth || prequal.row.score === null || !prequal.row.pulledAt) return cart;
  const { details, secrets } = prequal;
  const pii: Record<string, string> = { 'personal.dateOfBirth': dateOfBirth };
  if (secrets.ssn) pii['personal.ssn'] = secrets.ssn;
  const personal = {
    firstName: details.firstName,
    lastName: details.lastName,
    email: details.email,
    address: {
      addressLine1: details.address.addressLine1,
      unitType: details.address.unitType ?? undefined,
      addressLine2: details.address.addressLine2 ?? undefined,
      city: details.address.city,
      state: details.address.state,
      zip: details.address.zip,
    },
    hasDateOfBirth: true,
    hasSsn: Boolean(secrets.ssn),
  };
  const [updated] = await ctx.db
    .update(carts)
    .set({
      // The income typed for the pre-qualification starts the employment step too.
      creditAnswers: {
        ...cart.creditAnswers,
        personal,
        employment: { annualIncome: details.annualIncome, ...cart.creditAnswers.employment },
      },
      piiCipher: encryptPii(ctx.piiKey, pii, cart.id),
      bureauFile: {
        found: true,
        score: prequal.row.score,
        ssnOnFile: true,
        pulledAt: prequal.row.pulledAt.toISOString(),
        source: 'prequal',
      },
      updatedAt: ctx.now(),
    })
    .where(and(eq(carts.id, cart.id), isNull(carts.bureauFile), isNull(carts.applicationSubmittedAt)))
    .returning();
  return updated ?? cart;
}
