import { and, desc, eq } from 'drizzle-orm';
import type { Receipt } from '../../app/lib/contract/checkout';
import type { DealStatusCode, OrderStatus } from '../../app/lib/contract/orders';
import {
  DEFAULT_LEASE_ANNUAL_MILES,
  DEFAULT_LEASE_TERM_MONTHS,
  DEFAULT_TERM_MONTHS,
} from '../../app/lib/shared/payments/constants';
import type { Db } from '../db/client';
import { orders, payments, vehicles } from '../db/schema';
import { summaryVehicle, vehicleFacts } from '../checkout/service';
import { getDueTodayCents, priceSummaryDeal, summaryOfPricedDeal } from '../checkout/summary';
import { dealLines } from '../../app/lib/shared/pricing/deal-lines';

// The receipt of an order that did not go through our checkout (issue 15 point 4): the demo
// orders and the dealer-created ones have no cart, so their receipt is built from the order row,
// its vehicle and its payments with the default terms of its deal type. An order placed through
// checkout keeps the receipt its cart stored at placement (server/checkout/placement.ts).

export async function orderReceipt(
  db: Db,
  owner: { tenantId: string; userId: string },
  orderNumber: string,
): Promise<Receipt | null> {
  const [row] = await db
    .select({ order: orders, vehicle: vehicles })
    .from(orders)
    .innerJoin(vehicles, eq(vehicles.id, orders.vehicleId))
    .where(
      and(eq(orders.orderNumber, orderNumber), eq(orders.tenantId, owner.tenantId), eq(orders.userId, owner.userId)),
    )
    .limit(1);
  if (!row) return null;
  const { order, vehicle } = row;
  const lease = order.dealType === 'Lease';
  const priced = priceSummaryDeal(
    { ...summaryVehicle(vehicle), priceCents: order.priceCents },
    {
      dealType: order.dealType,
      downPaymentCents: order.dealType === 'Cash' ? 0 : order.downPaymentCents,
      termMonths: lease ? DEFAULT_LEASE_TERM_MONTHS : DEFAULT_TERM_MONTHS,
      annualMiles: lease ? DEFAULT_LEASE_ANNUAL_MILES : null,
      protectionCents: 0,
    },
  );
  if (!priced) return null;
  const summary = summaryOfPricedDeal(priced);
  // The receipt is of what the shopper paid online; money taken or refunded at the dealership
  // (the desk), a card payment refunded from the desk included, is on the tracker's payment step.
  const paid = (
    await db.select().from(payments).where(eq(payments.orderNumber, orderNumber)).orderBy(desc(payments.createdAt))
  ).filter(
    (row): row is typeof row & { method: 'CARD' | 'ACH' | 'DEPOSIT' } =>
      row.method !== 'DEALERSHIP' && row.refundOf === null,
  );
  const latest = paid[0];
  const pickup = order.delivery?.method === 'PICKUP';
  return {
    orderNumber: order.orderNumber,
    placedAt: order.createdAt.toISOString(),
    dealType: order.dealType,
    orderStatus: order.orderStatus as OrderStatus,
    dealStatus: (order.dealStatus ?? null) as DealStatusCode | null,
    vehicle: { ...vehicleFacts(vehicle), priceCents: order.priceCents },
    vehiclePriceCents: order.priceCents,
    downPaymentCents:
      summary.dealType === 'Finance'
        ? summary.finance.downPaymentCents
        : summary.dealType === 'Lease'
          ? summary.lease.capCostReductionCents
          : 0,
    taxTitleRegistrationCents:
      summary.dealType === 'Cash'
        ? summary.cash.taxesAndFeesCents
        : summary.dealType === 'Finance'
          ? summary.finance.taxesAndFeesCents
          : summary.lease.dueAtSigningCents -
            summary.lease.firstPaymentCents -
            summary.lease.capCostReductionCents -
            summary.lease.securityDepositCents,
    vehicleProtectionCents: 0,
    termMonths:
      summary.dealType === 'Cash'
        ? null
        : summary.dealType === 'Finance'
          ? summary.finance.termMonths
          : summary.lease.termMonths,
    aprPercent: summary.dealType === 'Finance' ? summary.finance.aprPercent : null,
    financedAmountCents: summary.dealType === 'Finance' ? summary.finance.financedCents : null,
    amountDueTodayCents: getDueTodayCents(summary),
    deliveryFeeCents: pickup ? 0 : null,
    pickup,
    payment: latest
      ? {
          method: latest.method,
          amountCents: paid.reduce((sum, p) => sum + p.amountCents, 0),
          last4: latest.cardLast4,
          status: latest.status,
        }
      : null,
    lease: summary.dealType === 'Lease' ? summary.lease : null,
    lines: dealLines({ priced }, { paidCents: paid.reduce((sum, p) => sum + p.amountCents, 0) }),
  };
}
