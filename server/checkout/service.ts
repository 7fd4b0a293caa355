import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CHECKOUT_ERROR_CODES as E,
  type Cart,
  type CheckoutStep,
  type CreditApplicationStep,
  type createCartRequestSchema,
  type protectionChoiceRequestSchema,
  type updateCartRequestSchema,
} from '../../app/lib/contract/checkout';
import { cashCoBuyerSchema } from '../../app/lib/shared/co-buyer';
import type { DealType } from '../../app/lib/contract/orders';
import {
  DEFAULT_DOWN_PAYMENT_CENTS,
  DEFAULT_LEASE_ANNUAL_MILES,
  DEFAULT_LEASE_TERM_MONTHS,
  DEFAULT_TERM_MONTHS,
  FINANCE_TERMS_MONTHS,
  LEASE_ANNUAL_MILES,
  LEASE_TERMS_MONTHS,
} from '../../app/lib/shared/payments/constants';
import type { CreditApplicationInputStep } from '../../app/lib/shared/validation/credit-application';
import { isWithinTenantLimits } from '../../app/lib/shared/tenant/limits';
import type { Tenant } from '../../app/lib/shared/tenant/schema';
import type { Db } from '../db/client';
import { preparedOnce } from '../db/prepared';
import { carts, users, vehicles, type OrderDeal } from '../db/schema';
import { dealLines, type DealLines } from '../../app/lib/shared/pricing/deal-lines';
import { lookupZip } from '../inventory/geo';
import { deliveryRangeFromVehicle } from '../fulfillment/range';
import { deliveryOutOfRangeMessage } from '../../app/lib/shared/pricing/delivery';
import { vehicleImageUrl } from '../inventory/vehicle-art';
import { HttpError } from '../platform/http';
import { applicationView, buyerSsn, missingSteps, saveStep, type StoredApplication } from './application';
import { scoreForSsn, softPull } from './bureau';
import { holdVehicle, releaseCartHolds, releaseLapsedHolds } from './hold';
import { decide } from './lender';
import { leaseRefusal } from '../../app/lib/shared/payments/lease-eligibility';
import { decryptPii } from './pii';
import { getProtectionPlans, pickPlans } from './protection';
import {
  getDealProblems,
  getSummaryChanges,
  priceSummaryDeal,
  summaryOfPricedDeal,
  type SummaryDeal,
  type SummaryVehicle,
} from './summary';

// The checkout's service functions: carts and their owners, the hold, the deal, protection,
// the credit application and the lender's decision. Placement and the receipt are in
// placement.ts. Every function takes the owner and checks it, so a forgotten check in a
// handler cannot hand one shopper another's cart.

export type CartRow = typeof carts.$inferSelect;
export type VehicleRow = typeof vehicles.$inferSelect;

export type CheckoutContext = {
  db: Db;
  /** AES-256-GCM key for SSNs and dates of birth. */
  piiKey: Buffer;
  now: () => Date;
  orderCreationSeconds: () => number;
  /** The tenant's inventory limits (mileage, age): a vehicle outside them cannot be held. */
  inventoryLimits?: (tenantId: string) => Tenant['inventory'] | undefined;
  /** Tells the buyer their order is placed, with the deal's lines (server/checkout/notices.ts). */
  orderPlaced?: (order: PlacedOrderNotice) => Promise<unknown>;
};

export type PlacedOrderNotice = { orderNumber: string; tenantId: string; userId: string; lines: DealLines };

/** Who is asking: the signed-in shopper, the storefront session, or both. */
export type CartOwner = { tenantId: string; userId: string | null; sessionId: string | null };

export function cartNotFound(): HttpError {
  return new HttpError(404, E.cartNotFound, 'No such cart');
}

function invalid(message: string): HttpError {
  return new HttpError(422, E.invalid, message);
}

function signInRequired(): HttpError {
  return new HttpError(401, 'error.auth.unauthenticated', 'Sign in to continue with this cart');
}

// ------------------------------------------------------------------------------ Loading

/** The cart when this owner may see it (their own, or their session's before sign-in). */
export async function requireCart(ctx: CheckoutContext, owner: CartOwner, cartId: string): Promise<CartRow> {
  if (!/^[0-9a-f-]{36}$/i.test(cartId)) throw cartNotFound();
  const [row] = await ownedCart(ctx.db).execute({
    cartId,
    tenantId: owner.tenantId,
    userId: owner.userId ?? null,
    sessionId: owner.sessionId ?? null,
  });
  if (!row || row.status === 'abandoned') throw cartNotFound();
  return row;
}

// The cart, the checkout steps and their actions read the cart and its vehicle on every page,
// so these reads are prepared (decision 109). The cart's owner is
// the shopper or, before sign-in, the session: a missing key is null, and `= null` matches no row.
const ownedCart = preparedOnce((db) =>
  db
    .select()
    .from(carts)
    .where(
      and(
        eq(carts.id, sql.placeholder('cartId')),
        eq(carts.tenantId, sql.placeholder('tenantId')),
        sql`(${carts.userId} = ${sql.placeholder('userId')} or (${carts.userId} is null and ${carts.sessionId} = ${sql.placeholder('sessionId')}))`,
      ),
    )
    .limit(1)
    .prepare('checkout_owned_cart'),
);

const openCartOfShopper = preparedOnce((db) =>
  db
    .select()
    .from(carts)
    .where(
      and(
        eq(carts.tenantId, sql.placeholder('tenantId')),
        eq(carts.status, 'open'),
        eq(carts.userId, sql.placeholder('userId')),
      ),
    )
    .limit(1)
    .prepare('checkout_open_cart_of_shopper'),
);

const openCartOfSession = preparedOnce((db) =>
  db
    .select()
    .from(carts)
    .where(
      and(
        eq(carts.tenantId, sql.placeholder('tenantId')),
        eq(carts.status, 'open'),
        isNull(carts.userId),
        eq(carts.sessionId, sql.placeholder('sessionId')),
      ),
    )
    .limit(1)
    .prepare('checkout_open_cart_of_session'),
);

const recentlyPlacedCart = preparedOnce((db) =>
  db
    .select()
    .from(carts)
    .where(
      and(
        eq(carts.tenantId, sql.placeholder('tenantId')),
        eq(carts.userId, sql.placeholder('userId')),
        eq(carts.status, 'placed'),
        gt(carts.placementStartedAt, sql.placeholder('since')),
      ),
    )
    .orderBy(desc(carts.placementStartedAt))
    .limit(1)
    .prepare('checkout_recently_placed_cart'),
);

const vehicleById = preparedOnce((db) =>
  db
    .select()
    .from(vehicles)
    .where(eq(vehicles.id, sql.placeholder('id')))
    .limit(1)
    .prepare('checkout_vehicle_by_id'),
);

const accountName = preparedOnce((db) =>
  db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('checkout_account_name'),
);

/** Carts that need a signed-in owner (protection, the credit application, placement). */
export function requireShopperCart(owner: CartOwner, cart: CartRow): void {
  if (!owner.userId || cart.userId !== owner.userId) throw signInRequired();
}

function requireOpen(cart: CartRow): void {
  if (cart.status !== 'open') throw new HttpError(409, E.invalid, 'This cart has already become an order');
  if (cart.placementStatus === 'CHARGING') throw new HttpError(409, E.invalid, 'The order is being placed');
}

async function findOpenCart(
  db: Db,
  tenantId: string,
  by: { userId: string } | { sessionId: string },
): Promise<CartRow | null> {
  const [row] =
    'userId' in by
      ? await openCartOfShopper(db).execute({ tenantId, userId: by.userId })
      : await openCartOfSession(db).execute({ tenantId, sessionId: by.sessionId });
  return row ?? null;
}

/**
 * The owner's current cart: the open one (the shopper's own first, then the session's), else
 * one placed in the last hour, so the order-creation wait and its reload can find it.
 */
export async function findCurrentCart(ctx: CheckoutContext, owner: CartOwner): Promise<CartRow | null> {
  if (owner.userId) {
    const mine = await findOpenCart(ctx.db, owner.tenantId, { userId: owner.userId });
    if (mine) return mine;
  }
  if (owner.sessionId) {
    const session = await findOpenCart(ctx.db, owner.tenantId, { sessionId: owner.sessionId });
    if (session) return session;
  }
  if (!owner.userId) return null;
  const [placed] = await recentlyPlacedCart(ctx.db).execute({
    tenantId: owner.tenantId,
    userId: owner.userId,
    since: new Date(ctx.now().getTime() - 60 * 60_000),
  });
  return placed ?? null;
}

async function findVehicle(db: Db, id: string | null): Promise<VehicleRow | null> {
  if (!id) return null;
  const [row] = await vehicleById(db).execute({ id });
  return row ?? null;
}

/** The vehicle as the cart and the receipt show it. */
export function vehicleFacts(vehicle: VehicleRow) {
  return {
    vin: vehicle.vin,
    year: vehicle.year,
    make: vehicle.make,
    model: vehicle.model,
    trim: vehicle.trim,
    type: vehicle.type,
    mileage: vehicle.mileage,
    priceCents: vehicle.priceCents,
    imageUrl: vehicleImageUrl(vehicle),
  };
}

export function summaryVehicle(vehicle: VehicleRow): SummaryVehicle {
  return {
    priceCents: vehicle.priceCents,
    msrpCents: vehicle.msrpCents,
    type: vehicle.type,
    mileage: vehicle.mileage,
    year: vehicle.year,
  };
}

async function isCharging(db: Db, cartId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: carts.id })
    .from(carts)
    .where(and(eq(carts.id, cartId), eq(carts.placementStatus, 'CHARGING')))
    .limit(1);
  return Boolean(row);
}

/** Releases lapsed holds before a cart changes (and every 30 s, startHoldSweeper): reads never write. */
export async function sweepLapsed(ctx: CheckoutContext): Promise<void> {
  await releaseLapsedHolds(ctx.db, ctx.now());
}

// ------------------------------------------------------------------------------ The view

export type DealPlace = { state: string | null; zip: string | null };

/**
 * Where the shopper lives, which decides taxes and fees (app/lib/shared/pricing/state-fees.ts): the
 * home address of the credit application (state and zip checked to match), else the state of
 * the zip given on Order Details, else that of the zip the purchase started with (the vehicle
 * page's), else unknown (the estimate row).
 */
export async function dealPlace(cart: Pick<CartRow, 'creditAnswers' | 'fulfillment' | 'startZip'>): Promise<DealPlace> {
  const address = (cart.creditAnswers.personal?.address ?? {}) as Record<string, unknown>;
  if (typeof address.state === 'string' && typeof address.zip === 'string')
    return { state: address.state, zip: address.zip };
  return placeOfZip(cart.fulfillment?.zip ?? cart.startZip);
}

/** The place the vehicle page priced with: the state of the zip the purchase started with. */
export function startPlace(cart: Pick<CartRow, 'startZip'>): Promise<DealPlace> {
  return placeOfZip(cart.startZip);
}

async function placeOfZip(zip: string | null): Promise<DealPlace> {
  if (!zip) return { state: null, zip: null };
  const place = await lookupZip(zip);
  return { state: place?.state ?? null, zip };
}

export type DealParty = { firstName: string; lastName: string; email: string | null };

/** The co-buyer: a cash order's from Order Details, else the one named on the application (seed 002 §2 step 1); or null. */
export function coBuyerOf(cart: Pick<CartRow, 'creditAnswers' | 'dealType' | 'coBuyer'>): DealParty | null {
  if (cart.dealType === 'Cash') {
    const named = cart.coBuyer;
    return named ? { firstName: named.firstName, lastName: named.lastName, email: named.email } : null;
  }
  const personal = cart.creditAnswers.personal ?? {};
  const coBuyer = personal.coBuyer as Record<string, unknown> | undefined;
  if (!personal.hasCoBuyer || !coBuyer || typeof coBuyer.firstName !== 'string' || typeof coBuyer.lastName !== 'string')
    return null;
  return {
    firstName: coBuyer.firstName,
    lastName: coBuyer.lastName,
    email: typeof coBuyer.email === 'string' ? coBuyer.email : null,
  };
}

/**
 * The buyer: as named on the credit application, else (a cash order has none) the signed-in
 * shopper's account; null for a session cart.
 */
export async function buyerOf(
  ctx: Pick<CheckoutContext, 'db'>,
  cart: Pick<CartRow, 'creditAnswers' | 'userId'>,
): Promise<DealParty | null> {
  const personal = cart.creditAnswers.personal ?? {};
  if (typeof personal.firstName === 'string' && typeof personal.lastName === 'string')
    return {
      firstName: personal.firstName,
      lastName: personal.lastName,
      email: typeof personal.email === 'string' ? personal.email : null,
    };
  if (!cart.userId) return null;
  const [user] = await accountName(ctx.db).execute({ id: cart.userId });
  return user ?? null;
}

function nameOf(party: DealParty | null): { firstName: string; lastName: string } | null {
  return party && { firstName: party.firstName, lastName: party.lastName };
}

function chosenPlans(cart: CartRow, vehicle: VehicleRow) {
  return pickPlans(getProtectionPlans(summaryVehicle(vehicle), cart), cart.protectionPlanIds);
}

/**
 * What the order stores of the cart's deal besides the figures: the plans by name, the trade-in
 * vehicle and the parties, from which every surface prints the deal's lines (issue 31).
 */
export function dealRecordOf(
  cart: CartRow,
  vehicle: VehicleRow,
  parties: OrderDeal['parties'],
): Omit<OrderDeal, 'priced'> {
  return {
    protectionPlans: chosenPlans(cart, vehicle).map((plan) => ({
      name: plan.name,
      priceCents: plan.packagePriceCents,
    })),
    tradeIn: cart.tradeIn ? { year: cart.tradeIn.year, make: cart.tradeIn.make, model: cart.tradeIn.model } : null,
    parties,
  };
}

export function dealOf(cart: CartRow, vehicle: VehicleRow, place: DealPlace = { state: null, zip: null }): SummaryDeal {
  const plans = chosenPlans(cart, vehicle);
  const decision = cart.decision;
  return {
    dealType: cart.dealType,
    downPaymentCents: cart.dealType === 'Cash' ? 0 : cart.downPaymentCents,
    termMonths: cart.termMonths,
    annualMiles: cart.annualMiles,
    protectionCents: plans.reduce((sum, plan) => sum + plan.packagePriceCents, 0),
    aprPercent: decision?.status === 'APPROVED' ? decision.aprPercent : null,
    creditTier: cart.estimateTier,
    state: place.state,
    zip: place.zip,
    // The applied trade-in (server/trade-in): equity = offer - payoff, negative when the loan is larger.
    tradeInEquityCents: cart.tradeIn?.equityCents ?? 0,
    tradeIn: cart.tradeIn
      ? {
          offerCents: cart.tradeIn.offerCents,
          payoffCents: cart.tradeIn.payoffCents,
          taxCreditAllowed: cart.tradeIn.taxCredit,
        }
      : null,
  };
}

function storedApplication(cart: CartRow): StoredApplication {
  return {
    cartId: cart.id,
    answers: cart.creditAnswers,
    completed: cart.creditCompleted,
    piiCipher: cart.piiCipher,
    bureauFile: cart.bureauFile,
  };
}

function placementView(ctx: CheckoutContext, cart: CartRow): Cart['placement'] {
  const startedAt = cart.placementStartedAt?.toISOString() ?? null;
  const readyAt = cart.placementReadyAt?.toISOString() ?? null;
  switch (cart.placementStatus) {
    case 'NOT_PLACED':
      return { status: 'NOT_PLACED', orderNumber: null, readyAt: null, startedAt: null };
    case 'CHARGING':
      return { status: 'CREATING', orderNumber: null, readyAt: null, startedAt };
    case 'DECLINED':
    case 'FAILED':
      return { status: 'FAILED', orderNumber: null, readyAt: null, startedAt };
    case 'PLACED': {
      const ready = !cart.placementReadyAt || cart.placementReadyAt.getTime() <= ctx.now().getTime();
      const received = cart.dealStatus === 'DPEN' ? 'APPLICATION_RECEIVED' : 'ORDER_RECEIVED';
      return { status: ready ? received : 'CREATING', orderNumber: cart.orderNumber, readyAt, startedAt };
    }
  }
}

export async function toCartView(ctx: CheckoutContext, cart: CartRow): Promise<Cart> {
  const vehicle = await findVehicle(ctx.db, cart.vehicleId);
  const now = ctx.now();
  // A hold that ran out is over whether or not the sweeper has released it yet (a read never
  // writes, issue 30), unless its cart is being charged: the vehicle then stays with the payer.
  const holder = vehicle?.status === 'PendingSale' ? vehicle.heldBy : null;
  const lapsed = Boolean(
    holder &&
    vehicle?.holdUntil &&
    vehicle.holdUntil.getTime() < now.getTime() &&
    !(holder === cart.id ? cart.placementStatus === 'CHARGING' : await isCharging(ctx.db, holder)),
  );
  const heldByThisCart = holder === cart.id && !lapsed;
  const placed = cart.status === 'placed';
  let hold: Cart['hold'] = null;
  if (vehicle) {
    const until = heldByThisCart ? vehicle.holdUntil : cart.holdExpiresAt;
    hold = {
      expiresAt: placed ? null : (until?.toISOString() ?? null),
      secondsLeft:
        placed || !heldByThisCart || !until ? 0 : Math.max(0, Math.ceil((until.getTime() - now.getTime()) / 1000)),
      timerVisible: cart.timerVisible,
    };
  }
  const deal = vehicle ? dealOf(cart, vehicle, await dealPlace(cart)) : null;
  const allPlans = vehicle ? getProtectionPlans(summaryVehicle(vehicle), cart) : [];
  const parties = { buyer: await buyerOf(ctx, cart), coBuyer: coBuyerOf(cart) };
  const priced = vehicle && deal ? priceSummaryDeal(summaryVehicle(vehicle), deal) : null;
  // A problem the lender would not finance: no monthly payment, its message instead (seed 002
  // §4), while the deal is not placed.
  const problems = vehicle && deal ? getDealProblems(summaryVehicle(vehicle), deal) : [];
  const noPayment = cart.status === 'open' ? (problems[0]?.message ?? null) : null;
  const application =
    cart.dealType === 'Cash' && Object.keys(cart.creditAnswers).length === 0
      ? null
      : applicationView(storedApplication(cart), cart.applicationSubmittedAt);
  return {
    id: cart.id,
    step: cart.step as CheckoutStep,
    completedSteps: cart.completedSteps as CheckoutStep[],
    dealType: cart.dealType,
    vehicle: vehicle && {
      ...vehicleFacts(vehicle),
      availability: heldByThisCart || lapsed ? 'Available' : vehicle.status,
      heldByThisCart,
    },
    hold,
    downPaymentCents: cart.dealType === 'Cash' ? 0 : cart.downPaymentCents,
    termMonths: cart.termMonths,
    annualMiles: cart.dealType === 'Lease' ? cart.annualMiles : null,
    creditTier: cart.dealType === 'Cash' ? null : cart.estimateTier,
    coBuyer: cart.dealType === 'Cash' ? cart.coBuyer : null,
    parties: { buyer: nameOf(parties.buyer), coBuyer: nameOf(parties.coBuyer) },
    protection: { status: cart.protectionStatus, plans: pickPlans(allPlans, cart.protectionPlanIds) },
    fulfillment: cart.fulfillment,
    summary: priced && summaryOfPricedDeal(priced),
    summaryChanges:
      vehicle && deal
        ? getSummaryChanges(summaryVehicle(vehicle), deal, cart.acknowledgedDeal, await startPlace(cart)).filter(
            (change) => !(noPayment && change.row === 'monthly'),
          )
        : [],
    problems,
    ownedByShopper: cart.userId !== null,
    creditApplication: application,
    decision: cart.decision && {
      status: cart.decision.status,
      lenderName: cart.decision.lenderName,
      creditTier: cart.decision.creditTier,
      aprPercent: cart.decision.aprPercent,
      termMonths: cart.decision.termMonths,
      monthlyPaymentCents: cart.decision.monthlyPaymentCents,
      financedCents: cart.decision.financedCents,
      shopperAnswer: cart.decision.shopperAnswer,
      decidedAt: cart.decision.decidedAt,
    },
    placement: placementView(ctx, cart),
    tradeIn: cart.tradeIn ?? null,
    lines: vehicle && priced ? dealLines({ priced, ...dealRecordOf(cart, vehicle, parties) }, { noPayment }) : null,
    updatedAt: cart.updatedAt.toISOString(),
  };
}

// ------------------------------------------------------------------------------ Carts and holds

function defaultTerms(dealType: DealType): {
  termMonths: number;
  annualMiles: number | null;
  downPaymentCents: number;
} {
  if (dealType === 'Lease')
    return {
      termMonths: DEFAULT_LEASE_TERM_MONTHS,
      annualMiles: DEFAULT_LEASE_ANNUAL_MILES,
      downPaymentCents: DEFAULT_DOWN_PAYMENT_CENTS,
    };
  if (dealType === 'Finance')
    return { termMonths: DEFAULT_TERM_MONTHS, annualMiles: null, downPaymentCents: DEFAULT_DOWN_PAYMENT_CENTS };
  return { termMonths: DEFAULT_TERM_MONTHS, annualMiles: null, downPaymentCents: 0 };
}

function checkTerm(dealType: DealType, termMonths: number): void {
  if (dealType === 'Finance' && !(FINANCE_TERMS_MONTHS as readonly number[]).includes(termMonths)) {
    throw invalid(`Choose a term of ${FINANCE_TERMS_MONTHS.join(', ')} months.`);
  }
  if (dealType === 'Lease' && !(LEASE_TERMS_MONTHS as readonly number[]).includes(termMonths)) {
    throw invalid(`Choose a lease term of ${LEASE_TERMS_MONTHS.join(', ')} months.`);
  }
}

/** What a deal change undoes: an answer the lender gave for other terms, and the later steps. */
const DEAL_RESET = { decision: null, dealStatus: null, applicationSubmittedAt: null } as const;

function withoutSteps(steps: string[], drop: readonly string[]): string[] {
  return steps.filter((step) => !drop.includes(step));
}

function holdFailure(reason: 'notFound' | 'held' | 'unavailable'): HttpError {
  if (reason === 'notFound') return new HttpError(404, 'error.vehicle.notFound', 'No such vehicle');
  if (reason === 'held') return new HttpError(409, E.vehicleHeld, 'Another shopper is ordering this vehicle');
  return new HttpError(409, E.vehicleUnavailable, 'This vehicle is no longer available');
}

type CreateCart = z.infer<typeof createCartRequestSchema>;

function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } })?.code ??
    (error as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
}

/**
 * Starts a purchase: the owner's open cart (or a new one) holds the vehicle. 201 for a new
 * hold, 200 when this cart already held it. Starting another vehicle releases the earlier hold.
 */
/** The sandbox lender's lease rule (issue 35 point 5): a lease it would not write is refused with why. */
function requireLeasable(vehicle: { year: number; priceCents: number }, now: Date): void {
  const refusal = leaseRefusal(vehicle, now);
  if (refusal) throw invalid(refusal);
}

export async function startCart(
  ctx: CheckoutContext,
  owner: CartOwner,
  input: CreateCart,
): Promise<{ cart: CartRow; created: boolean }> {
  if (!owner.userId && !owner.sessionId)
    throw new HttpError(400, 'error.validation.invalidRequest', 'A cart needs a signed-in shopper or a session');
  await sweepLapsed(ctx);
  const [vehicle] = await ctx.db
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.tenantId, owner.tenantId), eq(vehicles.vin, input.vin)))
    .limit(1);
  const limits = ctx.inventoryLimits?.(owner.tenantId);
  if (!vehicle || vehicle.status === 'Deleted' || (limits && !isWithinTenantLimits(limits, vehicle, ctx.now())))
    throw holdFailure('notFound');
  if (input.dealType === 'Lease') requireLeasable(vehicle, ctx.now());
  const terms = defaultTerms(input.dealType);
  const termMonths = input.termMonths ?? terms.termMonths;
  checkTerm(input.dealType, termMonths);
  if (
    input.dealType === 'Lease' &&
    input.annualMiles !== undefined &&
    !(LEASE_ANNUAL_MILES as readonly number[]).includes(input.annualMiles)
  ) {
    throw invalid(
      `Choose ${LEASE_ANNUAL_MILES.map((miles) => miles.toLocaleString('en-US')).join(', ')} miles a year.`,
    );
  }
  const now = ctx.now();

  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      return await ctx.db.transaction(async (tx) => {
        const existing = owner.userId
          ? await findOpenCart(tx as unknown as Db, owner.tenantId, { userId: owner.userId })
          : await findOpenCart(tx as unknown as Db, owner.tenantId, { sessionId: owner.sessionId! });
        if (existing) requireOpen(existing);
        const already =
          existing &&
          existing.vehicleId === vehicle.id &&
          vehicle.heldBy === existing.id &&
          vehicle.status === 'PendingSale';
        const fields = {
          dealType: input.dealType,
          downPaymentCents: input.dealType === 'Cash' ? 0 : (input.downPaymentCents ?? terms.downPaymentCents),
          termMonths,
          annualMiles: input.dealType === 'Lease' ? (input.annualMiles ?? terms.annualMiles) : terms.annualMiles,
          estimateTier: input.dealType === 'Cash' ? null : (input.creditTier ?? null),
          startZip: input.zip ?? null,
          acknowledgedDeal: null,
          updatedAt: now,
        };
        let cart: CartRow;
        if (existing) {
          const [updated] = await tx
            .update(carts)
            .set(
              already
                ? { ...fields, ...(existing.dealType !== input.dealType ? DEAL_RESET : {}) }
                : {
                    ...fields,
                    ...DEAL_RESET,
                    vehicleId: vehicle.id,
                    step: 'cart',
                    completedSteps: [],
                    protectionStatus: 'undecided',
                    protectionPlanIds: [],
                    placementStatus: 'NOT_PLACED',
                    placementKey: null,
                  },
            )
            .where(eq(carts.id, existing.id))
            .returning();
          cart = updated!;
        } else {
          const [inserted] = await tx
            .insert(carts)
            .values({
              tenantId: owner.tenantId,
              userId: owner.userId,
              sessionId: owner.userId ? null : owner.sessionId,
              vehicleId: vehicle.id,
              ...fields,
              createdAt: now,
            })
            .returning();
          cart = inserted!;
        }
        const held = await holdVehicle(tx, {
          tenantId: owner.tenantId,
          vehicleId: vehicle.id,
          cartId: cart.id,
          now,
          limits,
        });
        if (!held.held) throw holdFailure(held.reason);
        await releaseCartHolds(tx, cart.id, vehicle.id);
        const [final] = await tx
          .update(carts)
          .set({ holdExpiresAt: held.until })
          .where(eq(carts.id, cart.id))
          .returning();
        return { cart: final!, created: !already };
      });
    } catch (error) {
      // Two starts of one owner at once: the second insert meets the open-cart index; try again.
      if (attempt === 0 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
  throw new HttpError(409, E.invalid, 'The cart changed while it was being started');
}

/**
 * The shopper has read the changed figures (issue 12 item 2): the deal as priced now becomes
 * the one later changes are shown against, so the notes go until a figure moves again.
 */
export async function acknowledgeChanges(ctx: CheckoutContext, cart: CartRow): Promise<CartRow> {
  requireOpen(cart);
  const vehicle = await findVehicle(ctx.db, cart.vehicleId);
  if (!vehicle) return cart;
  const priced = priceSummaryDeal(summaryVehicle(vehicle), dealOf(cart, vehicle, await dealPlace(cart)));
  const [updated] = await ctx.db
    .update(carts)
    .set({ acknowledgedDeal: priced, updatedAt: ctx.now() })
    .where(eq(carts.id, cart.id))
    .returning();
  return updated!;
}

/** More time: the hold starts again from HOLD_MINUTES (409 when someone took the vehicle meanwhile). */
export async function extendHold(ctx: CheckoutContext, cart: CartRow): Promise<CartRow> {
  requireOpen(cart);
  await sweepLapsed(ctx);
  if (!cart.vehicleId) throw new HttpError(409, E.vehicleUnavailable, 'The cart is empty');
  const held = await holdVehicle(ctx.db, {
    tenantId: cart.tenantId,
    vehicleId: cart.vehicleId,
    cartId: cart.id,
    now: ctx.now(),
    limits: ctx.inventoryLimits?.(cart.tenantId),
  });
  if (!held.held) throw holdFailure(held.reason === 'notFound' ? 'unavailable' : held.reason);
  const [updated] = await ctx.db
    .update(carts)
    .set({ holdExpiresAt: held.until, updatedAt: ctx.now() })
    .where(eq(carts.id, cart.id))
    .returning();
  return updated!;
}

/** The empty cart: the vehicle goes back on sale. */
export async function removeVehicle(ctx: CheckoutContext, cart: CartRow): Promise<CartRow> {
  requireOpen(cart);
  return ctx.db.transaction(async (tx) => {
    await releaseCartHolds(tx, cart.id);
    const [updated] = await tx
      .update(carts)
      .set({
        vehicleId: null,
        holdExpiresAt: null,
        ...DEAL_RESET,
        protectionStatus: 'undecided',
        protectionPlanIds: [],
        step: 'cart',
        completedSteps: [],
        updatedAt: ctx.now(),
      })
      .where(eq(carts.id, cart.id))
      .returning();
    return updated!;
  });
}

/**
 * The Account step: the session's cart becomes the shopper's. An open cart the shopper had
 * before gives way (its hold is released): the cart just worked on is the one that counts.
 */
export async function claimCart(ctx: CheckoutContext, owner: CartOwner, cart: CartRow): Promise<CartRow> {
  if (!owner.userId) throw signInRequired();
  if (cart.userId === owner.userId) return cart;
  requireOpen(cart);
  const userId = owner.userId;
  return ctx.db.transaction(async (tx) => {
    const previous = await findOpenCart(tx as unknown as Db, owner.tenantId, { userId });
    if (previous && previous.id !== cart.id) {
      await releaseCartHolds(tx, previous.id);
      await tx.update(carts).set({ status: 'abandoned', updatedAt: ctx.now() }).where(eq(carts.id, previous.id));
    }
    const [claimed] = await tx
      .update(carts)
      .set({ userId, updatedAt: ctx.now() })
      .where(and(eq(carts.id, cart.id), isNull(carts.userId)))
      .returning();
    if (!claimed) throw cartNotFound();
    return claimed;
  });
}

type UpdateCart = z.infer<typeof updateCartRequestSchema>;

/** Order Details (seed 002 §9): delivery more than 50 miles from the vehicle is a custom quote, not an order. */
async function requireDeliveryInRange(ctx: CheckoutContext, cart: CartRow, zip: string): Promise<void> {
  if (!cart.vehicleId) return;
  const range = await deliveryRangeFromVehicle(ctx.db, cart.vehicleId, zip);
  if (!range) throw invalid('Enter a valid Zip code.');
  if (!range.included) throw new HttpError(422, E.deliveryOutOfRange, deliveryOutOfRangeMessage(null));
}

export async function updateCart(ctx: CheckoutContext, cart: CartRow, input: UpdateCart): Promise<CartRow> {
  requireOpen(cart);
  const change: Partial<typeof carts.$inferInsert> = { updatedAt: ctx.now() };
  let completed = [...cart.completedSteps];
  if (input.step) change.step = input.step;
  if (input.completeStep && !completed.includes(input.completeStep)) completed.push(input.completeStep);
  if (input.timerVisible !== undefined) change.timerVisible = input.timerVisible;
  if (input.fulfillment) {
    if (input.fulfillment.method === 'delivery') await requireDeliveryInRange(ctx, cart, input.fulfillment.zip);
    change.fulfillment = input.fulfillment;
  }
  if (input.coBuyer !== undefined) {
    // A finance or lease co-buyer is an applicant: named, and checked, in the credit application.
    if ((input.dealType ?? cart.dealType) !== 'Cash')
      throw invalid('A co-buyer on a finance or lease order is added in the credit application.');
    if (input.coBuyer === null) change.coBuyer = null;
    else {
      const checked = cashCoBuyerSchema.safeParse(input.coBuyer);
      if (!checked.success) throw invalid(checked.error.issues[0]!.message);
      change.coBuyer = checked.data;
    }
  }

  const dealType = input.dealType ?? cart.dealType;
  const dealChanges = input.dealType !== undefined && input.dealType !== cart.dealType;
  const termsChange =
    (input.downPaymentCents !== undefined && input.downPaymentCents !== cart.downPaymentCents) ||
    (input.termMonths !== undefined && input.termMonths !== cart.termMonths) ||
    (input.annualMiles !== undefined && input.annualMiles !== cart.annualMiles);
  if (dealChanges && dealType === 'Lease' && cart.vehicleId) {
    const vehicle = await findVehicle(ctx.db, cart.vehicleId);
    if (vehicle) requireLeasable(vehicle, ctx.now());
  }
  if (dealChanges || termsChange) {
    const defaults = defaultTerms(dealType);
    // A new purchase type starts from its own default term unless one is given.
    const termMonths = input.termMonths ?? (dealChanges ? defaults.termMonths : cart.termMonths);
    checkTerm(dealType, termMonths);
    let annualMiles =
      dealType === 'Lease' ? (input.annualMiles ?? cart.annualMiles ?? DEFAULT_LEASE_ANNUAL_MILES) : null;
    if (annualMiles !== null && !(LEASE_ANNUAL_MILES as readonly number[]).includes(annualMiles)) {
      throw invalid(
        `Choose ${LEASE_ANNUAL_MILES.map((miles) => miles.toLocaleString('en-US')).join(', ')} miles a year.`,
      );
    }
    let downPaymentCents = input.downPaymentCents ?? cart.downPaymentCents;
    if (dealChanges && input.downPaymentCents === undefined) downPaymentCents = defaults.downPaymentCents;
    if (dealType === 'Cash') {
      downPaymentCents = 0;
      annualMiles = null;
    }
    Object.assign(change, { dealType, termMonths, annualMiles, downPaymentCents, ...DEAL_RESET });
    completed = withoutSteps(completed, ['credit-application', 'overview']);
    if (dealType === 'Cash') change.protectionPlanIds = cart.protectionPlanIds.filter((id) => id !== 'gap');
  }
  change.completedSteps = completed;
  const [updated] = await ctx.db.update(carts).set(change).where(eq(carts.id, cart.id)).returning();
  return updated!;
}

// ------------------------------------------------------------------------------ Protection

export async function listProtection(ctx: CheckoutContext, cart: CartRow) {
  const vehicle = await findVehicle(ctx.db, cart.vehicleId);
  if (!vehicle || vehicle.status === 'Sold' || vehicle.status === 'Deleted') {
    throw new HttpError(409, E.vehicleUnavailable, 'There is no vehicle in the cart to protect');
  }
  const plans = getProtectionPlans(summaryVehicle(vehicle), cart);
  if (plans.length === 0)
    throw new HttpError(503, E.protectionUnavailable, 'No protection products are offered for this vehicle');
  return plans;
}

export async function chooseProtection(
  ctx: CheckoutContext,
  cart: CartRow,
  input: z.infer<typeof protectionChoiceRequestSchema>,
): Promise<CartRow> {
  requireOpen(cart);
  const plans = await listProtection(ctx, cart);
  const ids = [...new Set(input.planIds)];
  const unknown = ids.filter((id) => !plans.some((plan) => plan.id === id));
  if (unknown.length) throw invalid('That protection plan is not offered for this vehicle and deal.');
  const chosen = pickPlans(plans, ids).map((plan) => plan.id);
  const status = input.declined && chosen.length === 0 ? 'declined' : chosen.length ? 'added' : 'undecided';
  const changed =
    chosen.join() !==
    pickPlans(plans, cart.protectionPlanIds)
      .map((plan) => plan.id)
      .join();
  const [updated] = await ctx.db
    .update(carts)
    .set({ protectionPlanIds: chosen, protectionStatus: status, ...(changed ? DEAL_RESET : {}), updatedAt: ctx.now() })
    .where(eq(carts.id, cart.id))
    .returning();
  return updated!;
}

// ------------------------------------------------------------------------------ Credit application

function requireFinanced(cart: CartRow): void {
  if (cart.dealType === 'Cash')
    throw new HttpError(409, E.applicationIncomplete, 'A cash purchase needs no credit application');
}

export async function saveApplicationStep(
  ctx: CheckoutContext,
  cart: CartRow,
  step: CreditApplicationStep,
  body: unknown,
): Promise<CartRow> {
  requireOpen(cart);
  requireFinanced(cart);
  if (cart.applicationSubmittedAt)
    throw new HttpError(409, E.applicationInvalid, 'The application was already submitted');
  const stored = storedApplication(cart);
  const now = ctx.now();
  if (step === 'review') {
    const completed = stored.completed.includes('review') ? stored.completed : [...stored.completed, 'review'];
    const [updated] = await ctx.db
      .update(carts)
      .set({ creditCompleted: completed, updatedAt: now })
      .where(eq(carts.id, cart.id))
      .returning();
    return updated!;
  }
  const saved = await saveStep(ctx.piiKey, stored, step as CreditApplicationInputStep, body);
  const change: Partial<typeof carts.$inferInsert> = {
    creditAnswers: saved.answers,
    creditCompleted: saved.completed,
    piiCipher: saved.piiCipher,
    updatedAt: now,
  };
  // A bureau file taken over from the pre-qualification stands: no second pull (server/prequal/checkout-reuse.ts).
  if ((step === 'personal' || step === 'ssn') && cart.bureauFile?.source !== 'prequal') {
    // The soft pull: who the bureau knows, and whether it has the SSN (seed 002 §2 step 5).
    const personal = saved.answers.personal ?? {};
    const address = (personal.address ?? {}) as Record<string, unknown>;
    change.bureauFile = softPull(
      {
        ssn: buyerSsn(saved.pii),
        dateOfBirth: saved.pii['personal.dateOfBirth'] ?? null,
        lastName: String(personal.lastName ?? ''),
        zip: String(address.zip ?? ''),
      },
      now,
    );
  }
  const [updated] = await ctx.db.update(carts).set(change).where(eq(carts.id, cart.id)).returning();
  return updated!;
}

function dollarsOf(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/** Submits the application and asks the lender (seed 002 §4 loan decision). */
export async function submitApplication(ctx: CheckoutContext, cart: CartRow): Promise<CartRow> {
  requireOpen(cart);
  requireFinanced(cart);
  if (cart.applicationSubmittedAt && cart.decision) return cart;
  const stored = storedApplication(cart);
  const missing = missingSteps(stored);
  if (missing.length)
    throw new HttpError(409, E.applicationIncomplete, `These steps are not complete yet: ${missing.join(', ')}`);
  const vehicle = await findVehicle(ctx.db, cart.vehicleId);
  if (!vehicle) throw new HttpError(409, E.vehicleUnavailable, 'The cart is empty');
  const deal = dealOf(cart, vehicle, await dealPlace(cart));
  const problems = getDealProblems(summaryVehicle(vehicle), deal);
  if (problems.length) throw invalid(problems[0]!.message);
  const pii = decryptPii(ctx.piiKey, cart.piiCipher, cart.id);
  const ssn = buyerSsn(pii);
  const score = ssn ? scoreForSsn(ssn) : (cart.bureauFile?.score ?? null);
  const employment = cart.creditAnswers.employment ?? {};
  const now = ctx.now();
  const decision = decide({
    vehicle: summaryVehicle(vehicle),
    deal: { ...deal, aprPercent: null, dealType: cart.dealType as 'Finance' | 'Lease' },
    score,
    annualIncomeDollars: dollarsOf(employment.annualIncome),
    additionalMonthlyIncomeDollars: dollarsOf(employment.additionalMonthlyIncome),
    now,
  });
  const dealStatus = decision.status === 'APPROVED' ? 'LSEL' : decision.status === 'DECLINED' ? 'LDEC' : 'DPEN';
  const completed = [...new Set([...cart.creditCompleted, 'review', 'terms'])];
  const steps = cart.completedSteps.includes('credit-application')
    ? cart.completedSteps
    : [...cart.completedSteps, 'credit-application'];
  const [updated] = await ctx.db
    .update(carts)
    .set({
      applicationSubmittedAt: now,
      decision,
      dealStatus,
      creditCompleted: completed,
      completedSteps: steps,
      updatedAt: now,
    })
    .where(and(eq(carts.id, cart.id), isNull(carts.applicationSubmittedAt)))
    .returning();
  // A declined application ends this financing: the vehicle goes back on sale at once (issue 18).
  if (updated && decision.status === 'DECLINED') await releaseCartHolds(ctx.db, cart.id);
  return updated ?? (await requireCartById(ctx, cart.id));
}

async function requireCartById(ctx: CheckoutContext, id: string): Promise<CartRow> {
  const [row] = await ctx.db.select().from(carts).where(eq(carts.id, id)).limit(1);
  if (!row) throw cartNotFound();
  return row;
}

/** The shopper's answer to an approval: accepted (UACC) or declined (UDEC). */
export async function answerDecision(
  ctx: CheckoutContext,
  cart: CartRow,
  answer: 'accepted' | 'declined',
): Promise<CartRow> {
  requireOpen(cart);
  const decision = cart.decision;
  if (!decision || decision.status !== 'APPROVED')
    throw new HttpError(409, E.invalid, 'There is no approval to answer');
  if (decision.shopperAnswer === answer) return cart;
  if (decision.shopperAnswer) throw new HttpError(409, E.invalid, 'The approval was already answered');
  const [updated] = await ctx.db
    .update(carts)
    .set({
      decision: { ...decision, shopperAnswer: answer },
      dealStatus: answer === 'accepted' ? 'UACC' : 'UDEC',
      updatedAt: ctx.now(),
    })
    .where(eq(carts.id, cart.id))
    .returning();
  // Declining ends this financing: the vehicle goes back on sale at once (issue 18).
  if (answer === 'declined') await releaseCartHolds(ctx.db, cart.id);
  return updated!;
}
