import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import {
  CHECKOUT_ERROR_CODES as E,
  DEPOSIT_CENTS,
  type PlaceOrderRequest,
  type Receipt,
} from '../../app/lib/contract/checkout';
import type { DealStatusCode, OrderStatus } from '../../app/lib/contract/orders';
import { ACH_LIMIT_CENTS, CARD_LIMIT_CENTS } from '../../app/lib/contract/tracker';
import { isFinancingDeclined } from '../../app/lib/shared/financing-decision';
import { paymentLimit } from '../../app/lib/shared/validation/payment';
import { logger } from '../../app/lib/shared/logger.server';
import { formatUsd } from '../../app/lib/shared/money';
import type { PricedDeal } from '../../app/lib/shared/pricing/deal';
import { dealLines } from '../../app/lib/shared/pricing/deal-lines';
import type { Db } from '../db/client';
import {
  carts,
  idVerifications,
  insuranceVerifications,
  orderHistory,
  orders,
  payments,
  signings,
  vehicles,
} from '../db/schema';
import { requiredDocuments } from '../db/seed-data/scenarios';
import type { GatewayRecord, PaymentGateway } from '../payments/gateway';
import { crashPoint, stuckAfterMs } from '../payments/recovery';
import type { DbOrTx } from '../orders/changes';
import { HttpError } from '../platform/http';
import { orderReceipt } from '../orders/receipt';
import { holdVehicle, keepForOrder } from './hold';
import { receiptFigures } from './receipt';
import {
  buyerOf,
  coBuyerOf,
  dealRecordOf,
  dealOf,
  dealPlace,
  requireShopperCart,
  summaryVehicle,
  vehicleFacts,
  type CartOwner,
  type CartRow,
  type CheckoutContext,
} from './service';
import { getDealProblems, priceSummaryDeal } from './summary';
import { getDeliveryFeeCents } from '../../app/lib/shared/pricing/delivery';
import { orderPaymentStatus } from '../payments/status';

// Placing the order (seed 002 §4 "Order"; issue 6 item 7; decision 011). Once, whatever happens:
//
//   1. The cart is claimed for placement by one conditional UPDATE (NOT_PLACED, DECLINED or
//      FAILED → CHARGING) that also records what is being paid (method, amount): of a double
//      submit only one request gets past it; the other, and any later retry under any key,
//      answers the cart as it is.
//   2. The gateway is charged under `checkout:<cart>:<attempt>`; the attempt only moves on
//      after a decline or a void, so a retry meets the gateway's remembered answer.
//   3. One transaction, holding the cart's row lock, writes the order, its history, its
//      verification and signing rows, the payment (idempotency key `checkout:<cart>`, unique)
//      and the cart (order_number, unique), only while the cart is still CHARGING.
//
// A placement interrupted between 1 and 3 (the process killed, the database gone for a moment)
// is reconciled once it is stuck (recovery.ts): at start-up, and whenever the cart is read. The
// gateway's record under the attempt's key, sealed so nothing can be charged under it later,
// decides: money taken → step 3 completes the order (one order, one payment); nothing taken →
// the cart is payable again. While the cart is CHARGING its hold does not lapse (hold.ts), so
// the vehicle stays with the shopper who paid. When the order cannot be written after a
// charge (the vehicle is gone), the charge is voided and the cart is payable again.
//
// The placement then reads CREATING until ORDER_CREATION_SECONDS have passed, then
// ORDER_RECEIVED, or APPLICATION_RECEIVED when the lender's answer is still pending (DPEN).

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,200}$/;

export function checkIdempotencyKey(key: string | undefined): string {
  if (!key || !IDEMPOTENCY_KEY.test(key)) {
    throw new HttpError(
      400,
      'error.validation.invalidRequest',
      'idempotency-key: 8 to 200 letters, digits or _.:- are required',
    );
  }
  return key;
}

type Ready = {
  dueTodayCents: number;
  priced: PricedDeal;
  dealStatus: DealStatusCode | null;
  history: Array<[OrderStatus, DealStatusCode | null]>;
};

/** What must be true before anyone is charged. */
async function checkReady(
  ctx: CheckoutContext,
  cart: CartRow,
  db: DbOrTx = ctx.db,
  charging = false,
): Promise<Ready & { vehicle: typeof vehicles.$inferSelect }> {
  if (!cart.vehicleId) throw new HttpError(409, E.vehicleUnavailable, 'The cart is empty');
  const [vehicle] = await db.select().from(vehicles).where(eq(vehicles.id, cart.vehicleId)).limit(1);
  if (!vehicle) throw new HttpError(409, E.vehicleUnavailable, 'The cart is empty');
  // A declined financing released the hold (issue 18): the reason to refuse is the decision, not the hold.
  if (cart.dealType !== 'Cash' && isFinancingDeclined(cart) && !charging)
    throw new HttpError(
      409,
      E.applicationIncomplete,
      'The credit application has no approval to place this order with',
    );
  // Once charged, the hold is the cart's for as long as the placement lasts (it never lapses while CHARGING).
  const held =
    vehicle.heldBy === cart.id &&
    vehicle.status === 'PendingSale' &&
    vehicle.holdUntil &&
    (charging || vehicle.holdUntil.getTime() > ctx.now().getTime());
  if (!held) throw new HttpError(409, E.holdExpired, 'The hold on this vehicle ran out');
  const deal = dealOf(cart, vehicle, await dealPlace(cart));
  const problems = getDealProblems(summaryVehicle(vehicle), deal);
  if (problems.length) throw new HttpError(422, E.invalid, problems[0]!.message);
  // The deal as the shopper accepts it here is the one the order stores (orders.deal).
  const priced = priceSummaryDeal(summaryVehicle(vehicle), deal);
  if (!priced) throw new HttpError(422, E.invalid, 'The deal cannot be priced');
  const dueTodayCents = priced.dueTodayCents;
  if (cart.dealType === 'Cash')
    return {
      vehicle,
      priced,
      dueTodayCents,
      dealStatus: null,
      history: [
        ['DRAFT', null],
        ['SUBMITTED', null],
      ],
    };
  const decision = cart.decision;
  if (decision?.status === 'APPROVED' && decision.shopperAnswer === 'accepted') {
    return {
      vehicle,
      priced,
      dueTodayCents,
      dealStatus: 'UACC',
      history: [
        ['DRAFT', 'LSEL'],
        ['SUBMITTED', 'UACC'],
      ],
    };
  }
  if (decision?.status === 'PENDING')
    return {
      vehicle,
      priced,
      dueTodayCents,
      dealStatus: 'DPEN',
      history: [
        ['DRAFT', null],
        ['SUBMITTED', 'DPEN'],
      ],
    };
  throw new HttpError(409, E.applicationIncomplete, 'The credit application has no approval to place this order with');
}

function checkAmount(request: PlaceOrderRequest, dueTodayCents: number): void {
  if (request.method === 'DEPOSIT') {
    if (dueTodayCents < DEPOSIT_CENTS)
      throw new HttpError(
        422,
        E.invalid,
        `The amount due today is less than the ${formatUsd(DEPOSIT_CENTS)} deposit; pay it in full instead.`,
      );
    return;
  }
  // The same limits as the tracker's payment step (app/lib/shared/validation/payment.ts).
  if (request.method === 'CARD' && request.amountCents > CARD_LIMIT_CENTS)
    throw new HttpError(422, E.cardLimit, paymentLimit('CARD').message);
  if (request.method === 'ACH' && request.amountCents > ACH_LIMIT_CENTS)
    throw new HttpError(422, E.achLimit, paymentLimit('ACH').message);
  if (request.amountCents !== dueTodayCents)
    throw new HttpError(422, E.invalid, `The amount due today is ${formatUsd(dueTodayCents)}.`);
}

type Charge = { status: 'CAPTURED' | 'PENDING' | 'HOLD'; last4: string | null };
type Paying = { method: PlaceOrderRequest['method']; amountCents: number };

function gatewayKey(cart: Pick<CartRow, 'id' | 'placementAttempt'>): string {
  return `checkout:${cart.id}:${cart.placementAttempt}`;
}

/** What a charge (or the gateway's record of one) means for the order's payment row. */
function chargeOf(paying: Paying, record: GatewayRecord | null): Charge | 'declined' {
  if (!record || (record.status !== 'approved' && record.status !== 'pending')) return 'declined';
  if (record.status === 'pending' || paying.method === 'ACH') return { status: 'PENDING', last4: record.last4 };
  // The deposit is refundable in full (seed 002 §9): taken as a hold on the card.
  return { status: paying.method === 'DEPOSIT' ? 'HOLD' : 'CAPTURED', last4: record.last4 };
}

async function charge(
  gateway: PaymentGateway,
  request: PlaceOrderRequest,
  key: string,
  now: Date,
): Promise<Charge | 'declined'> {
  const paying = { method: request.method, amountCents: request.amountCents };
  if (request.method === 'ACH') {
    const result = await gateway.startBankTransfer({
      amountCents: request.amountCents,
      bank: request.bank,
      idempotencyKey: key,
    });
    return chargeOf(
      paying,
      result.status === 'pending'
        ? { kind: 'bank', amountCents: request.amountCents, status: 'pending', last4: result.last4 }
        : null,
    );
  }
  const result = await gateway.chargeCard({
    amountCents: request.amountCents,
    card: request.card,
    idempotencyKey: key,
    now,
  });
  return chargeOf(
    paying,
    result.status === 'approved'
      ? { kind: 'card', amountCents: request.amountCents, status: 'approved', last4: result.last4 }
      : null,
  );
}

/** The new order's payment status from its one payment against the amount due today (status.ts). */
function placedPaymentStatus(
  dealType: CartRow['dealType'],
  dueTodayCents: number,
  payment: Charge,
  amountCents: number,
  now: Date,
) {
  return orderPaymentStatus(dealType, {
    totalDueCents: dueTodayCents,
    capturedCents: payment.status === 'PENDING' ? 0 : amountCents,
    pendingCents: payment.status === 'PENDING' ? amountCents : 0,
    payments: [{ status: payment.status, amountCents, createdAt: now.toISOString() }],
  });
}

async function nextOrderNumber(db: DbOrTx, tenantId: string): Promise<{ orderNumber: string; dealRefId: string }> {
  const result = (await db.execute(sql`select nextval('checkout_order_number_seq') as n`)) as unknown as {
    rows: Array<{ n: string | number }>;
  };
  const n = String(result.rows[0]!.n);
  return { orderNumber: `SR-${tenantId.toUpperCase()}-${n}`, dealRefId: `DEAL-${tenantId.toUpperCase()}-${n}` };
}

/** Moves a cart out of CHARGING, only if it is still in this attempt (a placement or its reconciliation finished it otherwise). */
async function leaveCharging(
  ctx: CheckoutContext,
  db: DbOrTx,
  cart: Pick<CartRow, 'id' | 'placementAttempt'>,
  status: 'DECLINED' | 'FAILED',
): Promise<boolean> {
  const left = await db
    .update(carts)
    .set({ placementStatus: status, placementAttempt: cart.placementAttempt + 1, updatedAt: ctx.now() })
    .where(
      and(
        eq(carts.id, cart.id),
        eq(carts.placementStatus, 'CHARGING'),
        eq(carts.placementAttempt, cart.placementAttempt),
      ),
    )
    .returning({ id: carts.id });
  return left.length > 0;
}

async function reload(ctx: CheckoutContext, cartId: string): Promise<CartRow> {
  const [row] = await ctx.db.select().from(carts).where(eq(carts.id, cartId)).limit(1);
  return row!;
}

/**
 * Step 3: writes the order for a charged cart, in one transaction holding the cart's row lock.
 * Answers 'placed' (by this call or an earlier one), or 'impossible' when the order cannot be
 * written any more (the vehicle or the approval is gone): the cart then left CHARGING and the
 * caller voids the charge.
 */
async function completeOrder(
  ctx: CheckoutContext,
  cartId: string,
  attempt: number,
  paying: Paying,
  payment: Charge,
  now: Date,
): Promise<'placed' | 'impossible'> {
  const outcome = await ctx.db.transaction(async (tx) => {
    const [cart] = await tx.select().from(carts).where(eq(carts.id, cartId)).for('update');
    if (!cart || cart.placementStatus !== 'CHARGING' || cart.placementAttempt !== attempt) return 'placed';
    let ready: Awaited<ReturnType<typeof checkReady>>;
    try {
      ready = await checkReady(ctx, cart, tx, true);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      await leaveCharging(ctx, tx, cart, 'FAILED');
      return 'impossible';
    }
    if (!(await keepForOrder(tx, cart.id, ready.vehicle.id))) {
      await leaveCharging(ctx, tx, cart, 'FAILED');
      return 'impossible';
    }
    const { orderNumber, dealRefId } = await nextOrderNumber(tx, cart.tenantId);
    const vehicle = ready.vehicle;
    const priced = ready.priced;
    const { amountCents } = paying;
    // Every party on the order (issue 12 item 6): the applicant, or the account for a cash order.
    const buyer = await buyerOf({ db: tx as unknown as Db }, cart);
    const paymentStatus =
      amountCents > 0 ? placedPaymentStatus(cart.dealType, ready.dueTodayCents, payment, amountCents, now) : null;
    await tx.insert(orders).values({
      orderNumber,
      tenantId: cart.tenantId,
      userId: cart.userId!,
      vehicleId: vehicle.id,
      orderStatus: 'SUBMITTED',
      dealRefId,
      dealType: cart.dealType,
      dealSource: 'ConsumerInitiated',
      dealStatus: ready.dealStatus,
      hasPaymentInfo: paymentStatus !== null,
      paymentStatus,
      idVerificationStatus: 'NOT_STARTED',
      requiredDocuments: requiredDocuments(cart.dealType),
      priceCents: vehicle.priceCents,
      downPaymentCents: priced.downPaymentCents,
      deal: { priced, ...dealRecordOf(cart, vehicle, { buyer, coBuyer: coBuyerOf(cart) }) },
      createdAt: now,
    });
    await tx.insert(orderHistory).values(
      ready.history.map(([orderStatus, dealStatus], index) => ({
        orderNumber,
        orderStatus,
        dealStatus,
        changedAt: new Date(now.getTime() + index),
      })),
    );
    await tx.insert(insuranceVerifications).values({ orderNumber, policyStatus: 'NOT_INITIATED', updatedAt: now });
    await tx
      .insert(idVerifications)
      .values({ orderNumber, status: 'NOT_STARTED', transactionsAmount: 0, updatedAt: now });
    await tx.insert(signings).values({ orderNumber, updatedAt: now });
    if (amountCents > 0) {
      await tx.insert(payments).values({
        orderNumber,
        method: paying.method,
        amountCents,
        status: payment.status,
        cardLast4: payment.last4,
        idempotencyKey: `checkout:${cart.id}`,
        createdAt: now,
      });
    }

    const receipt: Omit<Receipt, 'orderStatus' | 'dealStatus'> = {
      orderNumber,
      placedAt: now.toISOString(),
      dealType: cart.dealType,
      vehicle: vehicleFacts(vehicle),
      ...receiptFigures(priced),
      buyer: buyer && { firstName: buyer.firstName, lastName: buyer.lastName },
      coBuyer: coBuyerOf(cart),
      tradeIn: cart.tradeIn ?? null,
      deliveryFeeCents: getDeliveryFeeCents(cart.fulfillment),
      pickup: cart.fulfillment?.method === 'pickup',
      payment: { method: paying.method, amountCents, last4: payment.last4, status: payment.status },
    };
    const readyAt = new Date(now.getTime() + ctx.orderCreationSeconds() * 1000);
    await tx
      .update(carts)
      .set({
        status: 'placed',
        orderNumber,
        dealStatus: ready.dealStatus,
        placementStatus: 'PLACED',
        placementStartedAt: now,
        placementReadyAt: readyAt,
        placementMethod: paying.method,
        placementAmountCents: amountCents,
        placementLast4: payment.last4,
        holdExpiresAt: null,
        receipt,
        completedSteps: [...new Set([...cart.completedSteps, 'overview'])],
        updatedAt: now,
      })
      .where(eq(carts.id, cart.id));
    const deal = { priced, ...dealRecordOf(cart, vehicle, { buyer, coBuyer: coBuyerOf(cart) }) };
    return {
      orderNumber,
      tenantId: cart.tenantId,
      userId: cart.userId!,
      lines: dealLines(deal, { paidCents: amountCents }),
    };
  });
  if (typeof outcome === 'string') return outcome;
  // The order confirmation e-mail (issue 31 point 5), once: only the request that wrote the order sends it.
  await ctx
    .orderPlaced?.(outcome)
    .catch((error: unknown) =>
      logger.warn({ err: error, orderNumber: outcome.orderNumber }, 'checkout: the order confirmation was not sent'),
    );
  return 'placed';
}

/** Step 3 after a charge; when the order cannot be written, the charge is voided and the cart is payable again. */
async function finishCharged(
  ctx: CheckoutContext,
  gateway: PaymentGateway,
  cart: Pick<CartRow, 'id' | 'placementAttempt'>,
  paying: Paying,
  payment: Charge,
): Promise<void> {
  const outcome = await completeOrder(ctx, cart.id, cart.placementAttempt, paying, payment, ctx.now());
  if (outcome === 'placed') return;
  if (paying.amountCents > 0) await gateway.void(gatewayKey(cart), ctx.now());
  logger.warn({ cartId: cart.id }, 'checkout: charged, but the order could not be written; the charge was voided');
  throw new HttpError(409, E.holdExpired, 'The hold on this vehicle ran out');
}

/** Places the order for the cart; answers the cart (its placement CREATING or later). */
export async function placeOrder(
  ctx: CheckoutContext,
  gateway: PaymentGateway,
  owner: CartOwner,
  cart: CartRow,
  request: PlaceOrderRequest,
  idempotencyKey: string,
): Promise<CartRow> {
  requireShopperCart(owner, cart);
  // Placed already, or being placed by a request a moment ago: the same answer, no new charge.
  if (cart.orderNumber || cart.placementStatus === 'CHARGING' || cart.placementStatus === 'PLACED') return cart;
  if (cart.status !== 'open') return cart;
  const ready = await checkReady(ctx, cart);
  checkAmount(request, ready.dueTodayCents);
  const amountCents = request.method === 'DEPOSIT' ? DEPOSIT_CENTS : request.amountCents;
  const paying: Paying = { method: request.method, amountCents };
  const now = ctx.now();

  const [claimed] = await ctx.db
    .update(carts)
    .set({
      placementStatus: 'CHARGING',
      placementKey: idempotencyKey,
      placementStartedAt: now,
      placementMethod: request.method,
      placementAmountCents: amountCents,
      updatedAt: now,
    })
    .where(
      and(
        eq(carts.id, cart.id),
        eq(carts.status, 'open'),
        inArray(carts.placementStatus, ['NOT_PLACED', 'DECLINED', 'FAILED']),
      ),
    )
    .returning();
  if (!claimed) return reload(ctx, cart.id);

  // The hold starts again so it cannot lapse while the card is charged.
  const held = await holdVehicle(ctx.db, {
    tenantId: cart.tenantId,
    vehicleId: ready.vehicle.id,
    cartId: cart.id,
    now,
    limits: ctx.inventoryLimits?.(cart.tenantId),
  });
  if (!held.held) {
    await leaveCharging(ctx, ctx.db, claimed, 'FAILED');
    throw new HttpError(409, E.holdExpired, 'The hold on this vehicle ran out');
  }
  crashPoint('after-claim');

  let charged: Charge | 'declined';
  if (amountCents === 0) charged = { status: 'CAPTURED', last4: null };
  else {
    try {
      charged = await charge(gateway, request, gatewayKey(claimed), now);
    } catch (error) {
      logger.error({ err: error, gateway: gateway.name, cartId: cart.id }, 'checkout: the payment processor failed');
      // Whether the charge happened is for the gateway's record to say (sealed: final). When
      // even that cannot be read, the cart stays CHARGING for the reconciliation.
      const record = await gateway.lookup(gatewayKey(claimed), { seal: true, now }).catch(() => undefined);
      if (record === undefined) throw new HttpError(503, E.paymentsUnavailable, 'Payments are unavailable right now');
      charged = chargeOf(paying, record);
      if (charged === 'declined') {
        await leaveCharging(ctx, ctx.db, claimed, 'FAILED');
        throw new HttpError(503, E.paymentsUnavailable, 'Payments are unavailable right now');
      }
    }
  }
  crashPoint('after-charge');
  if (charged === 'declined') {
    await leaveCharging(ctx, ctx.db, claimed, 'DECLINED');
    logger.info({ cartId: cart.id, method: request.method }, 'checkout: payment declined');
    throw new HttpError(402, E.paymentDeclined, 'The payment was declined');
  }

  try {
    await finishCharged(ctx, gateway, claimed, paying, charged);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    // The order could not be saved (the database went away): the cart stays CHARGING with the
    // charge on record, and the reconciliation completes it or voids the charge.
    logger.error({ err: error, cartId: cart.id }, 'checkout: the order could not be saved');
    throw new HttpError(500, E.orderSave, 'There was an error saving your order');
  }
  return reload(ctx, cart.id);
}

/**
 * Reconciles a placement left CHARGING for longer than stuckAfterMs() (the process died, or
 * the order could not be saved): the gateway's record under the attempt's key, sealed,
 * decides whether the order is completed or the cart is payable again. Answers the cart as it
 * is afterwards; a cart that is not stuck is answered as it is.
 */
export async function settleIfStuck(ctx: CheckoutContext, gateway: PaymentGateway, cart: CartRow): Promise<CartRow> {
  if (cart.placementStatus !== 'CHARGING') return cart;
  const startedAt = cart.placementStartedAt?.getTime() ?? 0;
  if (ctx.now().getTime() - startedAt < stuckAfterMs()) return cart;
  const paying: Paying = { method: cart.placementMethod ?? 'CARD', amountCents: cart.placementAmountCents ?? 0 };
  try {
    const record =
      paying.amountCents > 0 ? await gateway.lookup(gatewayKey(cart), { seal: true, now: ctx.now() }) : null;
    const charged = paying.amountCents > 0 ? chargeOf(paying, record) : 'declined';
    if (charged === 'declined') {
      await leaveCharging(ctx, ctx.db, cart, record ? 'DECLINED' : 'FAILED');
      logger.warn({ cartId: cart.id }, 'checkout: an interrupted placement took no money; the cart is payable again');
    } else {
      await finishCharged(ctx, gateway, cart, paying, charged).catch((error: unknown) => {
        if (!(error instanceof HttpError)) throw error;
      });
      logger.warn({ cartId: cart.id }, 'checkout: an interrupted placement was reconciled with its charge');
    }
  } catch (error) {
    logger.error({ err: error, cartId: cart.id }, 'checkout: an interrupted placement could not be reconciled yet');
  }
  return reload(ctx, cart.id);
}

/** Start-up (and now and then): reconciles every stuck placement. Answers how many were looked at. */
export async function settleStuckPlacements(ctx: CheckoutContext, gateway: PaymentGateway): Promise<number> {
  const before = new Date(ctx.now().getTime() - stuckAfterMs());
  const stuck = await ctx.db
    .select()
    .from(carts)
    .where(and(eq(carts.placementStatus, 'CHARGING'), lt(carts.placementStartedAt, before)))
    .limit(100);
  for (const cart of stuck) await settleIfStuck(ctx, gateway, cart);
  return stuck.length;
}

/** The receipt of an order placed through checkout, for its owner only (404 for everyone else). */
export async function getReceipt(
  ctx: CheckoutContext,
  owner: { tenantId: string; userId: string },
  orderNumber: string,
): Promise<Receipt | null> {
  const [row] = await ctx.db
    .select({
      receipt: carts.receipt,
      orderStatus: orders.orderStatus,
      dealStatus: orders.dealStatus,
      deal: orders.deal,
    })
    .from(carts)
    .innerJoin(orders, eq(orders.orderNumber, carts.orderNumber))
    .where(
      and(
        eq(carts.orderNumber, orderNumber),
        eq(carts.tenantId, owner.tenantId),
        eq(carts.userId, owner.userId),
        eq(orders.userId, owner.userId),
      ),
    )
    .limit(1);
  if (!row?.receipt) return orderReceipt(ctx.db, owner, orderNumber);
  const stored = row.receipt as unknown as Omit<Receipt, 'orderStatus' | 'dealStatus'>;
  const [paid] = await ctx.db
    .select({ status: payments.status })
    .from(payments)
    .where(eq(payments.idempotencyKey, `checkout:${(await cartIdFor(ctx.db, orderNumber)) ?? ''}`))
    .limit(1);
  return {
    ...stored,
    // The figures come from the deal the order stores, like the contract's and the tracker's,
    // and its lines subtract only what was taken at placement (issue 31: a $500 deposit).
    ...(row.deal ? receiptFigures(row.deal.priced) : {}),
    lines: row.deal ? dealLines(row.deal, { paidCents: stored.payment?.amountCents ?? 0 }) : null,
    orderStatus: row.orderStatus as OrderStatus,
    dealStatus: (row.dealStatus ?? null) as DealStatusCode | null,
    payment: stored.payment && { ...stored.payment, status: paid?.status ?? stored.payment.status },
  };
}

async function cartIdFor(db: Db, orderNumber: string): Promise<string | null> {
  const [row] = await db.select({ id: carts.id }).from(carts).where(eq(carts.orderNumber, orderNumber)).limit(1);
  return row?.id ?? null;
}
