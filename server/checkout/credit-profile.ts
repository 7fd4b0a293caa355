import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { PREQUALIFICATION_VALID_DAYS, type CreditProfile } from '../../app/lib/contract/checkout';
import { getCreditTier } from '../../app/lib/shared/payments/credit';
import { preparedOnce } from '../db/prepared';
import { carts } from '../db/schema';
import { prequalCreditFile } from '../prequal/service';
import type { CheckoutContext } from './service';

// The shopper's credit profile for personalised card payments (issue 3): the newest soft pull of
// the sandbox bureau (server/checkout/bureau.ts) that found a score, while the pre-qualification
// is still valid (seed 002 §9: 30 days). Only the score and its tier leave the backend: nothing
// of the application (SSN, date of birth, answers) is read here.

const DAY_MS = 24 * 60 * 60 * 1000;

export async function getCreditProfile(
  ctx: Pick<CheckoutContext, 'db' | 'now'>,
  owner: { tenantId: string; userId: string },
): Promise<CreditProfile | null> {
  // The standalone pre-qualification (server/prequal) and the checkout's soft pull: the newer wins.
  const [fromCart, fromPrequal] = await Promise.all([cartCreditProfile(ctx, owner), prequalCreditFile(ctx, owner)]);
  const prequal: CreditProfile | null = fromPrequal && {
    score: fromPrequal.score,
    tier: getCreditTier(fromPrequal.score),
    pulledAt: fromPrequal.pulledAt.toISOString(),
    expiresAt: fromPrequal.expiresAt.toISOString(),
  };
  if (!fromCart || !prequal) return fromCart ?? prequal;
  return Date.parse(prequal.pulledAt) >= Date.parse(fromCart.pulledAt) ? prequal : fromCart;
}

// Read on every signed-in search and vehicle page, so prepared (decision 083).
const newestCartPull = preparedOnce((db) =>
  db
    .select({ file: carts.bureauFile })
    .from(carts)
    .where(
      and(
        eq(carts.tenantId, sql.placeholder('tenantId')),
        eq(carts.userId, sql.placeholder('userId')),
        isNotNull(carts.bureauFile),
        sql`jsonb_typeof(${carts.bureauFile}->'score') = 'number'`,
      ),
    )
    // pulledAt is an ISO instant in UTC ('Z'), so its text order is its time order.
    .orderBy(desc(sql<string>`${carts.bureauFile}->>'pulledAt'`))
    .limit(1)
    .prepare('checkout_newest_cart_pull'),
);

async function cartCreditProfile(
  ctx: Pick<CheckoutContext, 'db' | 'now'>,
  owner: { tenantId: string; userId: string },
): Promise<CreditProfile | null> {
  const [row] = await newestCartPull(ctx.db).execute({ tenantId: owner.tenantId, userId: owner.userId });
  const file = row?.file;
  if (!file || file.score === null) return null;
  const pulled = new Date(file.pulledAt);
  if (Number.isNaN(pulled.getTime())) return null;
  const expires = new Date(pulled.getTime() + PREQUALIFICATION_VALID_DAYS * DAY_MS);
  if (expires.getTime() <= ctx.now().getTime()) return null;
  return {
    score: file.score,
    tier: getCreditTier(file.score),
    pulledAt: pulled.toISOString(),
    expiresAt: expires.toISOString(),
  };
}
