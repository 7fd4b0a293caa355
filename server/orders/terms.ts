import { and, eq } from 'drizzle-orm';
import type { DealTerms } from '../../app/lib/contract/tracker';
import { DEFAULT_APR_TABLE } from '../../app/lib/shared/payments/credit';
import { priceDeal, type PricedDeal } from '../../app/lib/shared/pricing/deal';
import { dealLines } from '../../app/lib/shared/pricing/deal-lines';
import type { Tenant } from '../../app/lib/shared/tenant/schema';
import { carts, vehicles, type OrderDeal } from '../db/schema';
import { findOrderOwner } from './backend';
import type { DbOrTx, OrderRow } from './changes';

// The deal's terms. An order placed through the checkout stores the deal it was accepted with
// (orders.deal: the priced deal of app/lib/shared/pricing and the parties), and these terms are read
// from it unchanged, so the contract, the tracker's payment step, deal review and the receipt
// print what the shopper accepted. Other orders (the demo and test orders) are priced here with
// the same module: the sandbox lender's "very good" rate for the vehicle's type, over 60 months
// for a loan and 36 for a lease, no protection, the estimate's taxes and fees.

export const SANDBOX_LOAN_TERM_MONTHS = 60;
export const SANDBOX_LEASE_TERM_MONTHS = 36;

function formatDealerAddress(tenant: Tenant): string {
  return `${tenant.address.street}, ${tenant.address.city}, ${tenant.address.state} ${tenant.address.zip}`;
}

export async function getDealTerms(db: DbOrTx, order: OrderRow, tenant: Tenant): Promise<DealTerms> {
  // One after the other: the payment paths call this inside a transaction, on one connection,
  // where node-postgres refuses (deprecated today, an error in pg 9) a query sent while another runs.
  const [vehicle] = await db.select().from(vehicles).where(eq(vehicles.id, order.vehicleId)).limit(1);
  const owner = await findOrderOwner(db, order);
  const [cart] = await db
    .select({
      termMonths: carts.termMonths,
      annualMiles: carts.annualMiles,
      decision: carts.decision,
      tradeIn: carts.tradeIn,
    })
    .from(carts)
    .where(and(eq(carts.orderNumber, order.orderNumber), eq(carts.tenantId, order.tenantId)))
    .limit(1);
  if (!vehicle) throw new Error(`order ${order.orderNumber} has no vehicle`);
  const priceCents = order.priceCents;
  const { priced, aprPercent, leaseTermMonths } = priceOrder({ order, vehicle, cart });
  const base = {
    orderNumber: order.orderNumber,
    dealType: order.dealType,
    buyer: { firstName: owner.firstName, lastName: owner.lastName, email: owner.email },
    vehicle: {
      vin: vehicle.vin,
      year: vehicle.year,
      make: vehicle.make,
      model: vehicle.model,
      trim: vehicle.trim,
      mileage: vehicle.mileage,
    },
    dealer: {
      name: tenant.brandName,
      legalName: tenant.legalName,
      address: formatDealerAddress(tenant),
      phone: tenant.dealerPhone.number,
    },
    priceCents,
    // The trade-in applied in the cart (server/trade-in), with the equity the loan reflects.
    tradeIn: cart?.tradeIn ?? null,
  };

  const stored = order.deal as OrderDeal | null | undefined;
  const buyer = stored?.parties.buyer;
  const parties = { buyer: buyer ?? owner, coBuyer: stored?.parties.coBuyer ?? null };
  const tradeInVehicle = stored?.tradeIn ?? cart?.tradeIn ?? null;
  return {
    ...base,
    ...(buyer
      ? { buyer: { firstName: buyer.firstName, lastName: buyer.lastName, email: buyer.email ?? owner.email } }
      : {}),
    ...(priced ? termsOfPricedDeal(priced) : unpricedLease(order, priceCents, aprPercent, leaseTermMonths)),
    coBuyer: stored?.parties.coBuyer ?? null,
    // The deal's lines (issue 31), the PDF's, the signing frame's and the tracker's alike.
    ...(priced
      ? {
          lines: dealLines({
            priced,
            protectionPlans: stored?.protectionPlans ?? null,
            tradeIn: tradeInVehicle && {
              year: tradeInVehicle.year,
              make: tradeInVehicle.make,
              model: tradeInVehicle.model,
            },
            parties,
          }),
        }
      : {}),
  };
}

type PricingInput = {
  order: Pick<OrderRow, 'dealType' | 'priceCents' | 'downPaymentCents' | 'deal'>;
  vehicle: Pick<typeof vehicles.$inferSelect, 'msrpCents' | 'type'>;
  cart?: Pick<typeof carts.$inferSelect, 'termMonths' | 'annualMiles' | 'decision' | 'tradeIn'> | undefined;
};

/** The order's priced deal: the one it was accepted with, else priced here (null: a lease the dealer works out). */
function priceOrder({ order, vehicle, cart }: PricingInput) {
  const aprPercent = cart?.decision?.aprPercent ?? DEFAULT_APR_TABLE.veryGood[vehicle.type];
  const loanTermMonths = cart?.decision?.termMonths ?? cart?.termMonths ?? SANDBOX_LOAN_TERM_MONTHS;
  const leaseTermMonths = cart?.termMonths ?? SANDBOX_LEASE_TERM_MONTHS;
  const stored = order.deal as OrderDeal | null | undefined;
  if (stored?.priced) return { priced: stored.priced, aprPercent, leaseTermMonths };
  try {
    const priced = priceDeal({
      dealType: order.dealType,
      vehicle: { priceCents: order.priceCents, msrpCents: vehicle.msrpCents, type: vehicle.type },
      downPaymentCents: order.downPaymentCents,
      termMonths: order.dealType === 'Lease' ? leaseTermMonths : loanTermMonths,
      annualMiles: cart?.annualMiles ?? null,
      aprPercent,
      tradeIn: cart?.tradeIn
        ? {
            offerCents: cart.tradeIn.offerCents,
            payoffCents: cart.tradeIn.payoffCents,
            taxCreditAllowed: cart.tradeIn.taxCredit,
          }
        : null,
    });
    return { priced, aprPercent, leaseTermMonths };
  } catch {
    // A down payment beyond the residual: the dealer works the lease out by hand.
    return { priced: null, aprPercent, leaseTermMonths };
  }
}

/**
 * What the shopper pays the dealer on the order (the terms' dueCents): the seed's demo orders
 * are paid from it, so their payments add up to what the payment step asks for.
 */
export function orderDueCents(input: PricingInput): number {
  const { priced } = priceOrder(input);
  return priced ? priced.dueTodayCents : input.order.downPaymentCents;
}

/** The terms fields of a priced deal, figure for figure. */
export function termsOfPricedDeal(priced: PricedDeal) {
  return {
    priceCents: priced.priceCents,
    downPaymentCents: priced.downPaymentCents,
    taxesCents: priced.taxesCents,
    feesCents: priced.feesCents,
    amountFinancedCents: priced.amountFinancedCents ?? 0,
    aprPercent: priced.aprPercent,
    termMonths: priced.termMonths,
    monthlyPaymentCents: priced.monthlyPaymentCents,
    dueCents: priced.dueTodayCents,
    protectionCents: priced.protectionCents,
    tradeInEquityCents: priced.tradeIn?.equityCents ?? 0,
    totalCents: priced.totalCents,
    state: priced.state,
    lease: priced.lease && {
      annualMiles: priced.lease.annualMiles,
      moneyFactor: priced.lease.moneyFactor,
      residualCents: priced.lease.residualCents,
      capCostReductionCents: priced.lease.capCostReductionCents,
      adjustedCapCostCents: priced.lease.adjustedCapCostCents,
      firstPaymentCents: priced.lease.firstPaymentCents,
      securityDepositCents: priced.lease.securityDepositCents,
      monthlyTaxCents: priced.lease.monthlyTaxCents,
    },
  };
}

function unpricedLease(order: OrderRow, priceCents: number, aprPercent: number, termMonths: number) {
  const fallback = priceDeal({ dealType: 'Cash', vehicle: { priceCents, type: 'USED' } });
  return {
    priceCents,
    downPaymentCents: order.downPaymentCents,
    taxesCents: fallback.taxesCents,
    feesCents: fallback.feesCents,
    amountFinancedCents: Math.max(0, priceCents - order.downPaymentCents),
    aprPercent,
    termMonths,
    monthlyPaymentCents: null,
    dueCents: order.downPaymentCents,
    lease: null,
  };
}
