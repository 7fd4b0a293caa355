import { and, eq } from 'drizzle-orm';
import type { DealTerms } from '../../app/lib/contract/tracker';
import { DEFAULT_APR_TABLE } from '../../app/lib/payments/credit';
import { DEFAULT_FEES_CENTS, DEFAULT_TAX_RATE } from '../../app/lib/payments/constants';
import { estimateFinance, getTaxCents } from '../../app/lib/payments/finance';
import { estimateLease } from '../../app/lib/payments/lease';
import type { Tenant } from '../../app/lib/tenant/schema';
import { carts, vehicles } from '../db/schema';
import { findOrderOwner } from './backend';
import type { DbOrTx, OrderRow } from './changes';

// The deal's terms as the built-in lender writes them. An order placed through the checkout
// keeps what the shopper chose and the lender approved there (its cart: APR, term, lease
// mileage); other orders (the demo and test orders) get the sandbox lender's "very good" rate
// for the vehicle's type, over 60 months for a loan and 36 for a lease. Deal review, the
// finance offer, the contract PDF and the payment step all read these.

export const SANDBOX_LOAN_TERM_MONTHS = 60;
export const SANDBOX_LEASE_TERM_MONTHS = 36;

function formatDealerAddress(tenant: Tenant): string {
  return `${tenant.address.street}, ${tenant.address.city}, ${tenant.address.state} ${tenant.address.zip}`;
}

export async function getDealTerms(db: DbOrTx, order: OrderRow, tenant: Tenant): Promise<DealTerms> {
  const [[vehicle], owner, [cart]] = await Promise.all([
    db.select().from(vehicles).where(eq(vehicles.id, order.vehicleId)).limit(1),
    findOrderOwner(db, order),
    db
      .select({ termMonths: carts.termMonths, annualMiles: carts.annualMiles, decision: carts.decision })
      .from(carts)
      .where(and(eq(carts.orderNumber, order.orderNumber), eq(carts.tenantId, order.tenantId)))
      .limit(1),
  ]);
  if (!vehicle) throw new Error(`order ${order.orderNumber} has no vehicle`);
  const priceCents = order.priceCents;
  const aprPercent = cart?.decision?.aprPercent ?? DEFAULT_APR_TABLE.veryGood[vehicle.type];
  const loanTermMonths = cart?.decision?.termMonths ?? cart?.termMonths ?? SANDBOX_LOAN_TERM_MONTHS;
  const leaseTermMonths = cart?.termMonths ?? SANDBOX_LEASE_TERM_MONTHS;
  const base = {
    orderNumber: order.orderNumber,
    dealType: order.dealType,
    buyer: { firstName: owner.firstName, lastName: owner.lastName, email: owner.email },
    vehicle: { vin: vehicle.vin, year: vehicle.year, make: vehicle.make, model: vehicle.model, trim: vehicle.trim, mileage: vehicle.mileage },
    dealer: {
      name: tenant.brandName,
      legalName: tenant.legalName,
      address: formatDealerAddress(tenant),
      phone: tenant.dealerPhone.number,
    },
    priceCents,
  };

  if (order.dealType === 'Finance') {
    const loan = estimateFinance({ priceCents, aprPercent, downPaymentCents: order.downPaymentCents, termMonths: loanTermMonths });
    return {
      ...base,
      downPaymentCents: loan.downPaymentCents,
      taxesCents: loan.taxesCents,
      feesCents: loan.feesCents,
      amountFinancedCents: loan.financedCents,
      aprPercent,
      termMonths: loan.termMonths,
      monthlyPaymentCents: loan.monthlyPaymentCents,
      dueCents: loan.downPaymentCents,
    };
  }

  const taxesCents = getTaxCents(priceCents, DEFAULT_TAX_RATE);
  if (order.dealType === 'Lease') {
    let monthlyPaymentCents: number | null = null;
    try {
      monthlyPaymentCents = estimateLease({
        priceCents,
        msrpCents: vehicle.msrpCents > 0 ? vehicle.msrpCents : priceCents,
        aprPercent,
        termMonths: leaseTermMonths,
        ...(cart?.annualMiles ? { annualMiles: cart.annualMiles } : {}),
        capCostReductionCents: order.downPaymentCents,
      }).monthlyPaymentCents;
    } catch {
      // A down payment beyond the residual: the dealer works the lease out by hand.
      monthlyPaymentCents = null;
    }
    return {
      ...base,
      downPaymentCents: order.downPaymentCents,
      taxesCents,
      feesCents: DEFAULT_FEES_CENTS,
      amountFinancedCents: Math.max(0, priceCents - order.downPaymentCents),
      aprPercent,
      termMonths: leaseTermMonths,
      monthlyPaymentCents,
      dueCents: order.downPaymentCents,
    };
  }

  // Cash: the out-the-door price is what the payment step collects.
  const total = priceCents + taxesCents + DEFAULT_FEES_CENTS;
  return {
    ...base,
    downPaymentCents: 0,
    taxesCents,
    feesCents: DEFAULT_FEES_CENTS,
    amountFinancedCents: 0,
    aprPercent: null,
    termMonths: null,
    monthlyPaymentCents: null,
    dueCents: total,
  };
}
