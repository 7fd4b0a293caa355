import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiptResponseSchema, type Cart } from '~/lib/contract/checkout';
import { dealTermsResponseSchema, paymentSummaryResponseSchema } from '~/lib/contract/tracker';
import { formatUsdWithCents } from '~/lib/shared/money';
import { tradeInOfferResponseSchema } from '~/lib/contract/trade-in';
import { renderContractPdf } from '#server/contracting/contract-pdf';
import { buildVin } from '#server/db/seed-data/vin';
import { SANDBOX_CARDS } from '#server/payments/sandbox-gateway';
import { camryAnswers } from '../../e2e/support/trade-in-answers';
import { pdfTextLines } from '../support/pdf-text';
import { startStepHarness, type StepHarness } from './tracker-harness';
import {
  employmentAnswers,
  HOUSING,
  SPOUSE,
  SSN,
  cartOf,
  checkoutCall,
  insertVehicle,
  personalAnswers,
  startCart,
  type Caller,
} from './checkout-support';

// Issue 10 item 9: the contract is the accepted deal. A finance, a cash and a lease order, each
// with protection plans, are placed through checkout; the contract PDF's text, the tracker's
// payment amount and the receipt must carry the figures of the offer the shopper accepted (the
// cart's order summary and the lender's decision at the moment of placement).

let harness: StepHarness;
beforeAll(async () => {
  harness = await startStepHarness();
});
afterAll(async () => {
  await harness.close();
});

const CARD = {
  email: 'avery.lane@example.com',
  expMonth: 12,
  expYear: 2099,
  cvc: '123',
  name: 'Avery Lane',
  country: 'US',
  postalCode: '78701',
};
const BANK = {
  accountHolder: 'Avery Lane',
  routingNumber: '110000000',
  accountNumber: '000123456789',
  accountType: 'checking',
};
const CO_BUYER = {
  firstName: 'Jordan',
  lastName: 'Lane',
  maritalStatus: 'Married',
  email: 'jordan.lane@example.com',
  phone: '(512) 555-0148',
  ssn: '123-45-4321',
  dateOfBirth: '09/30/1987',
  sameAddressAsBuyer: true,
};

const CASH_CO_BUYER = {
  firstName: 'Sam',
  lastName: 'Rivera',
  email: 'sam.rivera@example.com',
  phone: '(512) 555-0199',
  sameAddressAsBuyer: true,
  address: null,
};

let keys = 0;
function place(caller: Caller, cartId: string, json: unknown) {
  keys += 1;
  return checkoutCall(harness, caller, `/carts/${cartId}/place`, {
    json,
    headers: { 'idempotency-key': `deal-${Date.now().toString(36)}-${keys}` },
  });
}

/** Places the cart, paying the amount due by the sandbox's approved card. */
async function placeByCard(caller: Caller, cartId: string, amountCents: number): Promise<Cart> {
  return cartOf(
    await place(caller, cartId, { method: 'CARD', amountCents, card: { ...CARD, number: SANDBOX_CARDS.approved } }),
    202,
  );
}

async function protect(caller: Caller, cartId: string, planIds: string[]): Promise<Cart> {
  return cartOf(
    await checkoutCall(harness, caller, `/carts/${cartId}/protection`, {
      method: 'PUT',
      json: { planIds, declined: false },
    }),
  );
}

/** A saved trade-in offer with a loan on it, applied to the cart (server/trade-in). */
async function applyTradeIn(caller: Caller, cartId: string, amountOwedCents: number) {
  const headers = caller.tenantId ? { tenantId: caller.tenantId } : {};
  const saved = await harness.call('/api/trade-in/offers', {
    token: caller.token,
    ...headers,
    json: camryAnswers(buildVin({ wmi: '4T1', descriptor: 'BF1FK', year: 2021, plant: 'U', serial: 777_001 }), {
      hasLoan: true,
      amountOwedCents,
    }),
  });
  expect(saved.status).toBe(201);
  const offer = tradeInOfferResponseSchema.parse(await saved.json()).data;
  const applied = await harness.call(`/api/trade-in/offers/${offer.id}/apply`, {
    token: caller.token,
    ...headers,
    json: { cartId },
  });
  expect(applied.status).toBe(200);
}

async function acceptedCart(
  dealType: 'Finance' | 'Lease',
  tenantId: string,
  planIds: string[],
  tradeInOwedCents: number | null = null,
) {
  const owner = await harness.shopper(tenantId === 'default' ? undefined : tenantId);
  const caller: Caller = tenantId === 'default' ? { token: owner.token } : { token: owner.token, tenantId };
  const vehicle = await insertVehicle(harness, tenantId === 'default' ? {} : { tenantId });
  const cart = await cartOf(await startCart(harness, caller, vehicle.vin, dealType), 201);
  await protect(caller, cart.id, planIds);
  if (tradeInOwedCents !== null) await applyTradeIn(caller, cart.id, tradeInOwedCents);
  const put = (step: string, json: unknown) =>
    checkoutCall(harness, caller, `/carts/${cart.id}/credit-application/${step}`, { method: 'PUT', json });
  await cartOf(await put('personal', personalAnswers({ ssn: SSN.excellent, hasCoBuyer: true, coBuyer: CO_BUYER })));
  await cartOf(await put('spouse', SPOUSE));
  await cartOf(await put('employment', employmentAnswers('250000')));
  await cartOf(await put('housing', HOUSING));
  const submitted = await cartOf(
    await checkoutCall(harness, caller, `/carts/${cart.id}/credit-application/submit`, {
      json: { agreedToTerms: true },
    }),
  );
  expect(submitted.decision?.status).toBe('APPROVED');
  const accepted = await cartOf(
    await checkoutCall(harness, caller, `/carts/${cart.id}/decision`, { json: { answer: 'accepted' } }),
  );
  return { owner, caller, cart: accepted };
}

async function afterPlacement(caller: Caller, orderNumber: string) {
  const headers = caller.tenantId ? { tenantId: caller.tenantId } : {};
  const terms = dealTermsResponseSchema.parse(
    await (
      await harness.call(`/public/commerce/orders/${orderNumber}/terms`, { token: caller.token, ...headers })
    ).json(),
  ).data;
  const payment = paymentSummaryResponseSchema.parse(
    await (await harness.call(`/api/payments/orders/${orderNumber}`, { token: caller.token, ...headers })).json(),
  ).data;
  const receipt = receiptResponseSchema.parse(
    await (await checkoutCall(harness, caller, `/orders/${orderNumber}/receipt`)).json(),
  ).data;
  const pdf = await renderContractPdf(
    terms,
    { buyerName: 'Avery Lane', buyerSignedAt: null, dealerSigned: false },
    new Date('2026-11-25T12:00:00Z'),
    'America/Chicago',
  );
  return { terms, payment, receipt, text: pdfTextLines(pdf).join('\n') };
}

function line(label: string, cents: number): string {
  return `${label}\n${formatUsdWithCents(cents)}`;
}

type Lines = NonNullable<Cart['lines']>;

/**
 * Issue 31: the cart's, the terms' (tracker, review, signing frame) and the receipt's lines are
 * the same lines, each group adds up to its total to the cent, every line is on the PDF, and
 * the protection lines name each plan and add up to the deal's protection.
 */
function expectSameLinesEverywhere(
  surfaces: { cart: Cart; terms: { lines?: Lines | undefined }; receipt: { lines?: Lines | null | undefined } },
  text: string,
  protectionCents: number,
) {
  const all = [surfaces.cart.lines, surfaces.terms.lines, surfaces.receipt.lines];
  for (const lines of all) {
    expect(lines).toBeTruthy();
    for (const group of lines!.groups)
      expect(
        group.lines.reduce((sum, entry) => sum + entry.cents!, 0),
        group.id,
      ).toBe(group.total.cents);
  }
  const [cart, terms, receipt] = all as [Lines, Lines, Lines];
  expect(terms.groups).toEqual(cart.groups);
  expect(terms.parties).toEqual(cart.parties);
  expect(receipt.groups[0]).toEqual(terms.groups[0]);
  for (const group of terms.groups)
    for (const entry of [...group.lines, group.total]) expect(text).toContain(`${entry.label}\n${entry.value}`);
  const plans = terms.groups[0]!.lines.filter((entry) => entry.id.startsWith('protection'));
  expect(plans.reduce((sum, entry) => sum + entry.cents!, 0)).toBe(protectionCents);
  expect(plans.map((entry) => entry.label)).not.toContain('Vehicle protection');
}

describe('the contract is the accepted deal', () => {
  it('finance with Appearance + Mechanical and GAP, and a co-buyer', async () => {
    const { caller, cart } = await acceptedCart('Finance', 'default', ['appearance-mechanical', 'gap']);
    if (cart.summary?.dealType !== 'Finance') throw new Error('expected finance');
    const offer = cart.summary.finance;
    expect(offer.protectionCents).toBeGreaterThan(0);
    expect(cart.decision?.monthlyPaymentCents).toBe(offer.monthlyPaymentCents);
    expect(cart.decision?.financedCents).toBe(offer.financedCents);
    const placed = await placeByCard(caller, cart.id, offer.dueTodayCents);
    const { terms, payment, receipt, text } = await afterPlacement(caller, placed.placement.orderNumber!);

    expect(text).toContain('Retail Installment Sale Contract');
    expect(text).toContain(line('Vehicle price', offer.priceCents));
    expectSameLinesEverywhere({ cart, terms, receipt }, text, offer.protectionCents);
    expect(terms.lines?.parties.map((entry) => entry.value)).toContain('Jordan Lane');
    // Issue 31 point 5: the order confirmation e-mail prints the same lines.
    const mail = harness.messages.sent.find(
      (message) => message.channel === 'email' && message.subject?.includes(`order ${terms.orderNumber} is placed`),
    );
    expect(mail).toBeTruthy();
    for (const group of terms.lines!.groups)
      for (const entry of [...group.lines, group.total]) expect(mail!.body).toContain(`${entry.label}: ${entry.value}`);
    expect(text).toContain(line('Down payment', -offer.downPaymentCents));
    expect(text).toContain(line('Amount financed', offer.financedCents));
    expect(text).toContain(line('Monthly payment', offer.monthlyPaymentCents));
    expect(text).toContain(`Annual percentage rate\n${offer.aprPercent.toFixed(2)}%`);
    expect(text).toContain(`Term\n${offer.termMonths} months`);
    expect(terms.taxesCents + terms.feesCents).toBe(offer.taxesAndFeesCents);
    expect(text).toContain('Co-buyer\nJordan Lane');
    expect(text).toContain('The buyer agrees to buy');

    expect(payment.totalDueCents).toBe(offer.dueTodayCents);
    expect(receipt).toMatchObject({
      vehicleProtectionCents: offer.protectionCents,
      financedAmountCents: offer.financedCents,
      monthlyPaymentCents: offer.monthlyPaymentCents,
      amountDueTodayCents: offer.dueTodayCents,
      taxTitleRegistrationCents: offer.taxesAndFeesCents,
      coBuyer: { firstName: 'Jordan', lastName: 'Lane' },
    });
    expect(receipt.buyer).toMatchObject({ lastName: 'Lane' });
    // A finance co-buyer is named in the credit application, not on Order Details.
    const refused = await checkoutCall(harness, caller, `/carts/${cart.id}`, {
      method: 'PATCH',
      json: { coBuyer: CASH_CO_BUYER },
    });
    expect(refused.status).not.toBe(200);
  });

  it('finance with a trade-in and its loan: the equity is on the contract, the terms and the receipt (issue 13)', async () => {
    const { caller, cart } = await acceptedCart('Finance', 'lakeview', [], 500_000);
    if (cart.summary?.dealType !== 'Finance') throw new Error('expected finance');
    const tradeIn = cart.tradeIn!;
    expect(tradeIn).toMatchObject({ payoffCents: 500_000, equityCents: tradeIn.offerCents - 500_000 });
    const offer = cart.summary.finance;
    const placed = await placeByCard(caller, cart.id, offer.dueTodayCents);
    const { terms, receipt, text } = await afterPlacement(caller, placed.placement.orderNumber!);
    // The contract takes the trade-in's value off what is financed and adds its payoff (issue 31).
    expectSameLinesEverywhere({ cart, terms, receipt }, text, 0);
    expect(text).toContain(`Trade-in loan payoff\n${formatUsdWithCents(500_000)}`);
    expect(text).toContain(`Trade-in equity\n${formatUsdWithCents(tradeIn.equityCents)}`);
    expect(text).toContain(line('Amount financed', offer.financedCents));
    expect(terms.tradeIn).toMatchObject({ offerCents: tradeIn.offerCents, payoffCents: 500_000 });
    expect(terms.tradeInEquityCents).toBe(tradeIn.equityCents);
    expect(receipt.tradeIn).toMatchObject({ equityCents: tradeIn.equityCents, payoffCents: 500_000 });
  });

  it('cash with Appearance + Mechanical: the total due is the amount charged', async () => {
    const owner = await harness.shopper();
    const caller: Caller = { token: owner.token };
    // Under the bank-transfer limit ($6,500, seed 002), so the whole total can be paid at once.
    const vehicle = await insertVehicle(harness, { priceCents: 300_000 });
    const cart = await cartOf(await startCart(harness, caller, vehicle.vin, 'Cash'), 201);
    await protect(caller, cart.id, ['appearance-mechanical']);
    // Issue 12 item 6: a cash order takes a co-buyer too (Order Details), at the buyer's address.
    const patch = (coBuyer: unknown) =>
      checkoutCall(harness, caller, `/carts/${cart.id}`, { method: 'PATCH', json: { coBuyer } });
    const refused = await patch({ ...CASH_CO_BUYER, email: 'not-an-email' });
    expect(refused.status).toBe(422);
    const chosen = await cartOf(await patch(CASH_CO_BUYER));
    expect(chosen.coBuyer).toMatchObject({ firstName: 'Sam', lastName: 'Rivera', address: null });
    expect(chosen.parties?.coBuyer).toEqual({ firstName: 'Sam', lastName: 'Rivera' });
    expect(chosen.parties?.buyer).not.toBeNull();
    if (chosen.summary?.dealType !== 'Cash') throw new Error('expected cash');
    const offer = chosen.summary.cash;
    expect(offer.protectionCents).toBeGreaterThan(0);
    const placed = await cartOf(
      await place(caller, cart.id, { method: 'ACH', amountCents: offer.dueTodayCents, bank: BANK }),
      202,
    );
    const { terms, payment, receipt, text } = await afterPlacement(caller, placed.placement.orderNumber!);

    expect(text).toContain('Vehicle Purchase Agreement');
    expectSameLinesEverywhere({ cart: chosen, terms, receipt }, text, offer.protectionCents);
    // Paid in full at placement: the receipt's balance is nothing.
    expect(receipt.lines?.groups[1]?.total).toMatchObject({ label: 'Balance due', cents: 0 });
    expect(text).toContain(line('Total due', offer.totalCents));
    expect(payment.totalDueCents).toBe(offer.totalCents);
    expect(receipt).toMatchObject({
      amountDueTodayCents: offer.totalCents,
      vehicleProtectionCents: offer.protectionCents,
      payment: { amountCents: offer.totalCents },
      buyer: chosen.parties?.buyer,
      coBuyer: { firstName: 'Sam', lastName: 'Rivera' },
    });
    expect(text).toContain('Co-buyer\nSam Rivera');
    expect(text).toContain(`Buyer\n${chosen.parties?.buyer?.firstName} ${chosen.parties?.buyer?.lastName}`);
  });

  it('lease with protection: lease wording, its own terms and the annual miles', async () => {
    const { caller, cart } = await acceptedCart('Lease', 'northside', ['appearance-mechanical', 'gap']);
    if (cart.summary?.dealType !== 'Lease') throw new Error('expected a lease');
    const offer = cart.summary.lease;
    expect(offer.protectionCents).toBeGreaterThan(0);
    expect(cart.decision?.monthlyPaymentCents).toBe(offer.monthlyPaymentCents);
    const placed = await placeByCard(caller, cart.id, offer.dueAtSigningCents);
    const { terms, payment, receipt, text } = await afterPlacement(caller, placed.placement.orderNumber!);

    expect(text).toContain('Motor Vehicle Lease Agreement');
    expectSameLinesEverywhere({ cart, terms, receipt }, text, offer.protectionCents);
    expect(terms.lines?.terms.find((entry) => entry.id === 'lease.moneyFactor')?.value).toBe(
      terms.lease?.moneyFactor.toFixed(5),
    );
    expect(text).toContain(line('Monthly payment', offer.monthlyPaymentCents));
    expect(text).toContain(line('Due at signing', offer.dueAtSigningCents));
    expect(text).toContain(line('Adjusted capitalized cost', offer.adjustedCapCostCents));
    expect(text).toContain(line('Capitalized cost reduction', offer.capCostReductionCents));
    expect(text).toContain(`Term\n${offer.termMonths} months`);
    expect(text).toContain(`Annual miles included\n${offer.annualMiles.toLocaleString('en-US')} miles`);
    expect(text).toContain('The lessee agrees to lease');
    expect(text).not.toContain('agrees to buy');
    expect(text).toContain('Co-lessee\nJordan Lane');
    expect(payment.totalDueCents).toBe(offer.dueAtSigningCents);
    expect(receipt).toMatchObject({
      lease: offer,
      amountDueTodayCents: offer.dueAtSigningCents,
      monthlyPaymentCents: offer.monthlyPaymentCents,
    });
  });
});
