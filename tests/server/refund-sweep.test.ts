import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deskOrderResponseSchema } from '~/lib/contract/desk';
import { getTenants } from '~/lib/shared/tenant/tenants.server';
import { REFUND_RETRY_ACTOR, sweepDeskRefunds } from '#server/desk/orders';
import { orders, payments, sandboxGatewayAnswers, signings } from '#server/db/schema';
import { createStepBackend, type StepBackend } from '#server/orders/backend';
import type { PaymentGateway } from '#server/payments/gateway';
import { stuckAfterMs } from '#server/payments/recovery';
import { SANDBOX_CARDS, SandboxGateway } from '#server/payments/sandbox-gateway';
import { localStorage } from '#server/storage/object-storage';
import { deskStaffToken } from './desk-staff';
import { IDENTITY_SECRET } from './harness';
import { startStepHarness, type StepHarness } from './tracker-harness';
import { databaseKinds } from '../support/test-db';

// Decision 107: a card refund the gateway did not answer stays REFUNDING (it counts as given
// back). The payment reconciliation's sweep retries it under the SAME key once it is stuck:
// the card company gives the money back once, the desk's trail names the system's retry; a
// refusal releases the reservation, the money shows as paid again and the desk shows the
// refund failed. Two sweepers at once settle it once. On PGlite and on PostgreSQL.

const CARD = { expMonth: 12, expYear: 2099, cvc: '123', name: 'Avery Lane', postalCode: '78701' };
let keys = 0;
const key = () => `sweep-key-${Date.now().toString(36)}-${(keys += 1)}`;

/** The sandbox card company whose answer to a refund is lost on the way back while `drop` is set. */
class DroppingGateway extends SandboxGateway {
  /** 'after': the refund is made but its answer lost; 'before': the call never reaches it. */
  drop: 'after' | 'before' | null = null;
  refundCalls = 0;
  override async refundCard(input: Parameters<PaymentGateway['refundCard']>[0]) {
    this.refundCalls += 1;
    const drop = this.drop;
    this.drop = null;
    if (drop === 'before') throw new Error('gateway timeout');
    const answer = await super.refundCard(input);
    if (drop === 'after') throw new Error('gateway timeout');
    return answer;
  }
}

for (const { kind, label, skip } of await databaseKinds()) {
  describe.skipIf(skip)(`card refunds the gateway did not answer ${label}`, () => {
    let harness: StepHarness;
    let gateway: DroppingGateway;
    let backend: StepBackend;
    let owner: { userId: string; token: string };
    let finance = '';

    beforeAll(async () => {
      harness = await startStepHarness({}, getTenants(), {
        kind,
        gateway: (db) => (gateway = new DroppingGateway(db)),
      });
      // What the reconciliation loop of createCommerceApi runs with, over the same database.
      backend = createStepBackend(
        {
          db: harness.database.db,
          tenants: getTenants(),
          identitySecret: IDENTITY_SECRET,
          dataDir: harness.dataDir,
          storage: localStorage(harness.dataDir),
          outboxPage: false,
        },
        { senders: { email: harness.messages, sms: harness.messages }, now: harness.clock.now },
      );
      owner = await harness.shopper('default', `sweep-${kind}@example.test`);
      finance = await deskStaffToken(harness, 'default', 'finance');
    });
    afterAll(async () => {
      await harness?.close();
    });

    /** A signed cash order the shopper paid $5,000 on by card: its number and the card payment. */
    async function paidByCard() {
      const { orderNumber } = await harness.order(owner, 'cash');
      await harness.database.db
        .update(signings)
        .set({ ready: true, status: 'Sent', buyerSigned: true })
        .where(eq(signings.orderNumber, orderNumber));
      await harness.database.db
        .update(orders)
        .set({ orderStatus: 'CONTRACT_PENDING' })
        .where(eq(orders.orderNumber, orderNumber));
      const paid = await harness.call(`/api/payments/orders/${orderNumber}/card`, {
        token: owner.token,
        json: { idempotencyKey: key(), amountCents: 500_000, card: { ...CARD, number: SANDBOX_CARDS.approved } },
      });
      expect(paid.status).toBe(201);
      const [card] = await harness.database.db.select().from(payments).where(eq(payments.orderNumber, orderNumber));
      return { orderNumber, card: card! };
    }

    /** The desk's refund of $1,200 of the card payment, its answer lost: the refund stays REFUNDING. */
    async function unansweredRefund(orderNumber: string, paymentId: string, drop: 'after' | 'before') {
      gateway.drop = drop;
      const response = await harness.call(`/api/desk/orders/${orderNumber}/money`, {
        token: finance,
        json: { kind: 'refund', amountCents: 120_000, idempotencyKey: key(), paymentId },
      });
      expect(response.status).toBe(500);
      const rows = await harness.database.db
        .select()
        .from(payments)
        .where(and(eq(payments.orderNumber, orderNumber), eq(payments.refundOf, paymentId)));
      expect(rows.map((row) => row.status)).toEqual(['REFUNDING']);
      return rows[0]!;
    }

    async function deskOrder(orderNumber: string) {
      const response = await harness.call(`/api/desk/orders/${orderNumber}`, { token: finance });
      expect(response.status).toBe(200);
      return deskOrderResponseSchema.parse(await response.json()).data;
    }

    /** The card company's books: the refunds it made on the charge. */
    async function cardCompanyRefunds(chargeKey: string) {
      const rows = await harness.database.db
        .select()
        .from(sandboxGatewayAnswers)
        .where(eq(sandboxGatewayAnswers.chargeKey, chargeKey));
      return rows.filter((row) => row.status === 'refunded').map((row) => [row.idempotencyKey, row.amountCents]);
    }

    /** The whole $5,000 charge refunded at the card company itself (its own dashboard). */
    async function refundedAtTheCardCompany(chargeKey: string) {
      const elsewhere = await new SandboxGateway(harness.database.db).refundCard({
        chargeKey,
        amountCents: 500_000,
        idempotencyKey: key(),
        now: harness.clock.now(),
      });
      expect(elsewhere.status).toBe('refunded');
    }

    it('finishes a refund whose answer was lost once it is stuck, under the same key, exactly once', async () => {
      const { orderNumber, card } = await paidByCard();
      const claim = await unansweredRefund(orderNumber, card.id, 'after');
      // The money went back but nobody heard: the desk shows it given back, not yet listed.
      expect((await deskOrder(orderNumber)).payments.capturedCents).toBe(380_000);

      // Not stuck yet: the sweep leaves a refund that may still be on its way.
      expect(await sweepDeskRefunds(backend, gateway)).toBe(0);
      harness.clock.advance(stuckAfterMs() + 1_000);
      const calls = gateway.refundCalls;
      expect(await sweepDeskRefunds(backend, gateway)).toBe(1);
      expect(gateway.refundCalls - calls).toBe(1);
      // Swept again: nothing left to do.
      expect(await sweepDeskRefunds(backend, gateway)).toBe(0);

      expect(await cardCompanyRefunds(card.idempotencyKey)).toEqual([[claim.idempotencyKey, 120_000]]);
      const page = await deskOrder(orderNumber);
      expect(page.payments.capturedCents).toBe(380_000);
      expect(page.payments.payments).toContainEqual(
        expect.objectContaining({ method: 'CARD', status: 'REFUNDED', amountCents: 120_000, cardLast4: '4242' }),
      );
      const refunds = page.audit.filter((event) => event.action.startsWith('payment.refund'));
      expect(refunds).toEqual([
        expect.objectContaining({
          staffEmail: REFUND_RETRY_ACTOR,
          action: 'payment.refund',
          after: expect.objectContaining({ amountCents: 120_000, refundOf: card.id, paidCents: 380_000 }),
        }),
      ]);
    });

    it('two sweepers at once give the money back once', async () => {
      const { orderNumber, card } = await paidByCard();
      const claim = await unansweredRefund(orderNumber, card.id, 'before');
      expect(await cardCompanyRefunds(card.idempotencyKey)).toEqual([]);
      harness.clock.advance(stuckAfterMs() + 1_000);
      const calls = gateway.refundCalls;
      const settled = await Promise.all([sweepDeskRefunds(backend, gateway), sweepDeskRefunds(backend, gateway)]);
      expect(settled[0] + settled[1]).toBe(1);
      expect(gateway.refundCalls - calls).toBe(1);

      expect(await cardCompanyRefunds(card.idempotencyKey)).toEqual([[claim.idempotencyKey, 120_000]]);
      const page = await deskOrder(orderNumber);
      expect(page.payments.capturedCents).toBe(380_000);
      expect(page.audit.filter((event) => event.action === 'payment.refund')).toHaveLength(1);
    });

    it('a refund the card company refuses at the desk releases the reservation at once: still paid, nothing left to sweep', async () => {
      const { orderNumber, card } = await paidByCard();
      // The whole charge was refunded at the card company (its own dashboard) before the desk asks.
      await refundedAtTheCardCompany(card.idempotencyKey);
      const response = await harness.call(`/api/desk/orders/${orderNumber}/money`, {
        token: finance,
        json: { kind: 'refund', amountCents: 120_000, idempotencyKey: key(), paymentId: card.id },
      });
      expect(response.status).toBe(422);
      const claims = await harness.database.db
        .select()
        .from(payments)
        .where(and(eq(payments.orderNumber, orderNumber), eq(payments.refundOf, card.id)));
      expect(claims).toEqual([]);
      expect((await deskOrder(orderNumber)).payments.capturedCents).toBe(500_000);
      harness.clock.advance(stuckAfterMs() + 1_000);
      expect(await sweepDeskRefunds(backend, gateway)).toBe(0);
    });

    it('a retry the card company refuses releases the reservation: still paid, the desk shows the refund failed', async () => {
      const { orderNumber, card } = await paidByCard();
      const claim = await unansweredRefund(orderNumber, card.id, 'before');
      // Meanwhile the whole charge was refunded at the card company (its own dashboard).
      await refundedAtTheCardCompany(card.idempotencyKey);
      harness.clock.advance(stuckAfterMs() + 1_000);
      expect(await sweepDeskRefunds(backend, gateway)).toBe(1);

      const rows = await harness.database.db
        .select()
        .from(payments)
        .where(eq(payments.idempotencyKey, claim.idempotencyKey));
      expect(rows).toEqual([]);
      const page = await deskOrder(orderNumber);
      // The $1,200 reserved shows as paid again.
      expect(page.payments.capturedCents).toBe(500_000);
      expect(page.payments.payments.filter((payment) => payment.status === 'REFUNDED')).toEqual([]);
      expect(page.audit.filter((event) => event.action.startsWith('payment.refund'))).toEqual([
        expect.objectContaining({
          staffEmail: REFUND_RETRY_ACTOR,
          action: 'payment.refund.failed',
          after: expect.objectContaining({ amountCents: 120_000, refundOf: card.id, reason: 'moreThanCaptured' }),
        }),
      ]);
    });
  });
}
