import { and, eq, inArray, sql } from 'drizzle-orm';
import { CHECKOUT_ERROR_CODES as E, DEPOSIT_CENTS, type PlaceOrderRequest, type Receipt } from '../../app/lib/contract/checkout';
import type { DealStatusCode, OrderStatus } from '../../app/lib/contract/orders';
import { CARD_LIMIT_CENTS } from '../../app/lib/contract/tracker';
import { logger } from '../../app/lib/logger.server';
import { formatUsd } from '../../app/lib/money';
import type { Db } from '../db/client';
import { carts, idVerifications, insuranceVerifications, orderHistory, orders, payments, signings, vehicles } from '../db/schema';
import { requiredDocuments } from '../db/seed-data/scenarios';
import type { PaymentGateway } from '../payments/gateway';
import { HttpError } from '../platform/http';
import { holdVehicle, keepForOrder } from './hold';
import { dealOf, requireShopperCart, summaryVehicle, toCartView, vehicleFacts, type CartOwner, type CartRow, type CheckoutContext } from './service';
import { getDealProblems, getDueTodayCents, getOrderSummary } from './summary';

// Placing the order (seed 002 §4 "Order"; issue 6 item 7). Once, whatever happens:
//
//   1. The cart is claimed for placement by one conditional UPDATE (NOT_PLACED, DECLINED or
//      FAILED → CHARGING): of a double submit only one request gets past it; the other, and
//      any later retry under any key, answers the cart as it is.
//   2. The gateway is charged under `checkout:<cart>:<attempt>`; the attempt only moves on
//      after a decline, so a retry after a failed save meets the gateway's remembered answer
//      and is not charged twice.
//   3. One transaction writes the order, its history, its verification and signing rows, the
//      payment (idempotency key `checkout:<cart>`, unique) and the cart (order_number, unique).
//      A second order or payment for the cart breaks a unique index and rolls back.
//
// The placement then reads CREATING until ORDER_CREATION_SECONDS have passed, then
// ORDER_RECEIVED, or APPLICATION_RECEIVED when the lender's answer is still pending (DPEN).

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,200}$/;

export function checkIdempotencyKey(key: string | undefined): string {
  if (!key || !IDEMPOTENCY_KEY.test(key)) {
    throw new HttpError(400, 'error.validation.invalidRequest', 'idempotency-key: 8 to 200 letters, digits or _.:- are required');
  }
  return key;
}

type Ready = { dueTodayCents: number; dealStatus: DealStatusCode | null; history: Array<[OrderStatus, DealStatusCode | null]> };

/** What must be true before anyone is charged. */
async function checkReady(ctx: CheckoutContext, cart: CartRow): Promise<Ready & { vehicle: typeof vehicles.$inferSelect }> {
  if (!cart.vehicleId) throw new HttpError(409, E.vehicleUnavailable, 'The cart is empty');
  const [vehicle] = await ctx.db.select().from(vehicles).where(eq(vehicles.id, cart.vehicleId)).limit(1);
  if (!vehicle) throw new HttpError(409, E.vehicleUnavailable, 'The cart is empty');
  const held = vehicle.heldBy === cart.id && vehicle.status === 'PendingSale' && vehicle.holdUntil && vehicle.holdUntil.getTime() > ctx.now().getTime();
  if (!held) throw new HttpError(409, E.holdExpired, 'The hold on this vehicle ran out');
  const deal = dealOf(cart, vehicle);
  const problems = getDealProblems(summaryVehicle(vehicle), deal);
  if (problems.length) throw new HttpError(422, E.invalid, problems[0]!.message);
  const summary = getOrderSummary(summaryVehicle(vehicle), deal);
  if (!summary) throw new HttpError(422, E.invalid, 'The deal cannot be priced');
  const dueTodayCents = getDueTodayCents(summary);
  if (cart.dealType === 'Cash') return { vehicle, dueTodayCents, dealStatus: null, history: [['DRAFT', null], ['SUBMITTED', null]] };
  const decision = cart.decision;
  if (decision?.status === 'APPROVED' && decision.shopperAnswer === 'accepted') {
    return { vehicle, dueTodayCents, dealStatus: 'UACC', history: [['DRAFT', 'LSEL'], ['SUBMITTED', 'UACC']] };
  }
  if (decision?.status === 'PENDING') return { vehicle, dueTodayCents, dealStatus: 'DPEN', history: [['DRAFT', null], ['SUBMITTED', 'DPEN']] };
  throw new HttpError(409, E.applicationIncomplete, 'The credit application has no approval to place this order with');
}

function checkAmount(request: PlaceOrderRequest, dueTodayCents: number): void {
  if (request.method === 'DEPOSIT') {
    if (dueTodayCents < DEPOSIT_CENTS) throw new HttpError(422, E.invalid, `The amount due today is less than the ${formatUsd(DEPOSIT_CENTS)} deposit; pay it in full instead.`);
    return;
  }
  if (request.method === 'CARD' && request.amountCents > CARD_LIMIT_CENTS) {
    throw new HttpError(
      422,
      E.cardLimit,
      `Card payments are limited to ${formatUsd(CARD_LIMIT_CENTS)}. Pay a larger amount from your bank account (ACH) or pay the refundable deposit.`,
    );
  }
  if (request.amountCents !== dueTodayCents) throw new HttpError(422, E.invalid, `The amount due today is ${formatUsd(dueTodayCents)}.`);
}

type Charge = { status: 'CAPTURED' | 'PENDING' | 'HOLD'; last4: string | null };

async function charge(gateway: PaymentGateway, request: PlaceOrderRequest, key: string, now: Date): Promise<Charge | 'declined'> {
  if (request.amountCents === 0) return { status: 'CAPTURED', last4: null };
  if (request.method === 'ACH') {
    const result = await gateway.startBankTransfer({ amountCents: request.amountCents, bank: request.bank, idempotencyKey: key });
    return result.status === 'pending' ? { status: 'PENDING', last4: result.last4 } : 'declined';
  }
  const result = await gateway.chargeCard({ amountCents: request.amountCents, card: request.card, idempotencyKey: key, now });
  if (result.status !== 'approved') return 'declined';
  // The deposit is refundable in full (seed 002 §9): taken as a hold on the card.
  return { status: request.method === 'DEPOSIT' ? 'HOLD' : 'CAPTURED', last4: result.last4 };
}

function orderPaymentStatus(dealType: CartRow['dealType'], method: PlaceOrderRequest['method'], status: Charge['status']): string {
  if (status === 'PENDING') return 'PAYMENT_PENDING';
  if (method === 'DEPOSIT') return 'PAYMENT_HOLD';
  return dealType === 'Cash' ? 'FULLY_PAID' : 'DOWNPAYMENT_PAID';
}

async function nextOrderNumber(db: Db, tenantId: string): Promise<{ orderNumber: string; dealRefId: string }> {
  const result = (await db.execute(sql`select nextval('checkout_order_number_seq') as n`)) as unknown as { rows: Array<{ n: string | number }> };
  const n = String(result.rows[0]!.n);
  return { orderNumber: `SR-${tenantId.toUpperCase()}-${n}`, dealRefId: `DEAL-${tenantId.toUpperCase()}-${n}` };
}

async function setPlacement(ctx: CheckoutContext, cartId: string, change: Partial<typeof carts.$inferInsert>): Promise<void> {
  await ctx.db.update(carts).set({ ...change, updatedAt: ctx.now() }).where(eq(carts.id, cartId));
}

async function reload(ctx: CheckoutContext, cartId: string): Promise<CartRow> {
  const [row] = await ctx.db.select().from(carts).where(eq(carts.id, cartId)).limit(1);
  return row!;
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
  const now = ctx.now();

  const [claimed] = await ctx.db
    .update(carts)
    .set({ placementStatus: 'CHARGING', placementKey: idempotencyKey, placementStartedAt: now, updatedAt: now })
    .where(and(eq(carts.id, cart.id), eq(carts.status, 'open'), inArray(carts.placementStatus, ['NOT_PLACED', 'DECLINED', 'FAILED'])))
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
    await setPlacement(ctx, cart.id, { placementStatus: 'FAILED' });
    throw new HttpError(409, E.holdExpired, 'The hold on this vehicle ran out');
  }

  const gatewayKey = `checkout:${cart.id}:${claimed.placementAttempt}`;
  let charged: Charge | 'declined';
  try {
    charged = await charge(gateway, request, gatewayKey, now);
  } catch (error) {
    logger.error({ err: error, gateway: gateway.name, cartId: cart.id }, 'checkout: the payment processor failed');
    await setPlacement(ctx, cart.id, { placementStatus: 'FAILED' });
    throw new HttpError(503, E.paymentsUnavailable, 'Payments are unavailable right now');
  }
  if (charged === 'declined') {
    await setPlacement(ctx, cart.id, { placementStatus: 'DECLINED', placementAttempt: claimed.placementAttempt + 1 });
    logger.info({ cartId: cart.id, method: request.method }, 'checkout: payment declined');
    throw new HttpError(402, E.paymentDeclined, 'The payment was declined');
  }

  const payment = charged;
  try {
    await ctx.db.transaction(async (tx) => {
      const { orderNumber, dealRefId } = await nextOrderNumber(tx as unknown as Db, cart.tenantId);
      const vehicle = ready.vehicle;
      const deal = dealOf(cart, vehicle);
      const summary = getOrderSummary(summaryVehicle(vehicle), deal)!;
      const paymentStatus = amountCents > 0 ? orderPaymentStatus(cart.dealType, request.method, payment.status) : null;
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
        downPaymentCents: deal.downPaymentCents,
        createdAt: now,
      });
      await tx.insert(orderHistory).values(
        ready.history.map(([orderStatus, dealStatus], index) => ({ orderNumber, orderStatus, dealStatus, changedAt: new Date(now.getTime() + index) })),
      );
      await tx.insert(insuranceVerifications).values({ orderNumber, policyStatus: 'NOT_INITIATED', updatedAt: now });
      await tx.insert(idVerifications).values({ orderNumber, status: 'NOT_STARTED', transactionsAmount: 0, updatedAt: now });
      await tx.insert(signings).values({ orderNumber, updatedAt: now });
      if (amountCents > 0) {
        await tx.insert(payments).values({
          orderNumber,
          method: request.method,
          amountCents,
          status: payment.status,
          cardLast4: payment.last4,
          idempotencyKey: `checkout:${cart.id}`,
          createdAt: now,
        });
      }
      if (!(await keepForOrder(tx, cart.id, vehicle.id))) throw new HttpError(409, E.holdExpired, 'The hold on this vehicle ran out');

      const receipt: Omit<Receipt, 'orderStatus' | 'dealStatus'> = {
        orderNumber,
        placedAt: now.toISOString(),
        dealType: cart.dealType,
        vehicle: vehicleFacts(vehicle),
        vehiclePriceCents: vehicle.priceCents,
        downPaymentCents: summary.dealType === 'Finance' ? summary.finance.downPaymentCents : summary.dealType === 'Lease' ? summary.lease.capCostReductionCents : 0,
        taxTitleRegistrationCents:
          summary.dealType === 'Cash' ? summary.cash.taxesAndFeesCents : summary.dealType === 'Finance' ? summary.finance.taxesAndFeesCents : summary.lease.dueAtSigningCents - summary.lease.firstPaymentCents - summary.lease.capCostReductionCents - summary.lease.securityDepositCents,
        vehicleProtectionCents: deal.protectionCents,
        termMonths: summary.dealType === 'Cash' ? null : summary.dealType === 'Finance' ? summary.finance.termMonths : summary.lease.termMonths,
        aprPercent: summary.dealType === 'Finance' ? summary.finance.aprPercent : (cart.decision?.aprPercent ?? null),
        financedAmountCents: summary.dealType === 'Finance' ? summary.finance.financedCents : null,
        amountDueTodayCents: getDueTodayCents(summary),
        // The dealer quotes delivery by phone when it cannot be computed (seed 002 §8 "Delivery fee").
        deliveryFeeCents: cart.fulfillment?.method === 'pickup' ? 0 : null,
        pickup: cart.fulfillment?.method === 'pickup',
        payment: { method: request.method, amountCents, last4: payment.last4, status: payment.status },
        lease: summary.dealType === 'Lease' ? summary.lease : null,
      };
      const readyAt = new Date(now.getTime() + ctx.orderCreationSeconds() * 1000);
      const [placed] = await tx
        .update(carts)
        .set({
          status: 'placed',
          orderNumber,
          dealStatus: ready.dealStatus,
          placementStatus: 'PLACED',
          placementStartedAt: now,
          placementReadyAt: readyAt,
          placementMethod: request.method,
          placementAmountCents: amountCents,
          placementLast4: payment.last4,
          holdExpiresAt: null,
          receipt,
          completedSteps: [...new Set([...cart.completedSteps, 'overview'])],
          updatedAt: now,
        })
        .where(and(eq(carts.id, cart.id), eq(carts.placementStatus, 'CHARGING')))
        .returning({ id: carts.id });
      if (!placed) throw new Error('the cart left CHARGING during placement');
    });
  } catch (error) {
    const expected = error instanceof HttpError;
    if (!expected) logger.error({ err: error, cartId: cart.id }, 'checkout: the order could not be saved');
    await setPlacement(ctx, cart.id, { placementStatus: 'FAILED' });
    if (expected) throw error;
    throw new HttpError(500, E.orderSave, 'There was an error saving your order');
  }
  return reload(ctx, cart.id);
}

/** The receipt of an order placed through checkout, for its owner only (404 for everyone else). */
export async function getReceipt(ctx: CheckoutContext, owner: { tenantId: string; userId: string }, orderNumber: string): Promise<Receipt | null> {
  const [row] = await ctx.db
    .select({ receipt: carts.receipt, orderStatus: orders.orderStatus, dealStatus: orders.dealStatus })
    .from(carts)
    .innerJoin(orders, eq(orders.orderNumber, carts.orderNumber))
    .where(and(eq(carts.orderNumber, orderNumber), eq(carts.tenantId, owner.tenantId), eq(carts.userId, owner.userId), eq(orders.userId, owner.userId)))
    .limit(1);
  if (!row?.receipt) return null;
  const stored = row.receipt as unknown as Omit<Receipt, 'orderStatus' | 'dealStatus'>;
  const [paid] = await ctx.db
    .select({ status: payments.status })
    .from(payments)
    .where(eq(payments.idempotencyKey, `checkout:${(await cartIdFor(ctx.db, orderNumber)) ?? ''}`))
    .limit(1);
  return {
    ...stored,
    orderStatus: row.orderStatus as OrderStatus,
    dealStatus: (row.dealStatus ?? null) as DealStatusCode | null,
    payment: { ...stored.payment, status: paid?.status ?? stored.payment.status },
  };
}

async function cartIdFor(db: Db, orderNumber: string): Promise<string | null> {
  const [row] = await db.select({ id: carts.id }).from(carts).where(eq(carts.orderNumber, orderNumber)).limit(1);
  return row?.id ?? null;
}

export { toCartView };
