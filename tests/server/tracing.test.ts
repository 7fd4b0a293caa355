import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stepPath } from '~/lib/tracker/steps';
import { DEMO_SHOPPER, SCENARIOS, scenarioOrderNumber } from '#server/db/seed-data/scenarios';
import { SANDBOX_CARDS } from '#server/payments/sandbox-gateway';
import { SSN } from './checkout-support';
import { payByCard } from '../support/payment-form';
import { isBuilt, signInDemoShopper, startBuiltServer, type BuiltServer } from '../support/built-server';

// Issue 34 point 4, decision 096: with OTEL_EXPORTER_OTLP_ENDPOINT set, the built process sends
// its spans over OTLP/HTTP (JSON) to a receiver started here. A shopper's page is one trace: one
// root span under the page's route pattern, and one child per commerce API call the page made,
// as many as the backend counted in /metrics for that request, with the page's correlation id
// on each; the storefront's calls in memory (the default) and over HTTP alike. No e-mail, phone,
// street, SSN, date of birth, card number or order number anywhere in what was exported.

type OtlpValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean };
type OtlpSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: { key: string; value: OtlpValue }[];
};
type OtlpExport = { resourceSpans?: { scopeSpans?: { spans?: OtlpSpan[] }[] }[] };

const SERVER_KIND = 2;
const TOKEN = 'tracing-test-metrics-token-0123';
const scenario = SCENARIOS.find((item) => item.key === 'payment-not-started')!;
const order = scenarioOrderNumber('default', scenario.suffix);
const PREQUAL_DOB = '04/12/1988';

function attribute(span: OtlpSpan, key: string): string | undefined {
  const value = span.attributes?.find((item) => item.key === key)?.value;
  if (!value) return undefined;
  return String(value.stringValue ?? value.intValue ?? value.boolValue);
}

/** An OTLP/HTTP receiver: keeps every body posted to /v1/traces. */
async function startReceiver() {
  const bodies: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.url === '/v1/traces') bodies.push(Buffer.concat(chunks).toString('utf8'));
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bodies,
    spans: (): OtlpSpan[] =>
      bodies.flatMap((body) =>
        ((JSON.parse(body) as OtlpExport).resourceSpans ?? []).flatMap((resource) =>
          (resource.scopeSpans ?? []).flatMap((scope) => scope.spans ?? []),
        ),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const isRoot = (span: OtlpSpan) => !span.parentSpanId;

describe.skipIf(!isBuilt)(`traces${isBuilt ? '' : ' (skipped: no build, npm run build)'}`, () => {
  describe.each([
    ['in memory', 'in-process'],
    ['over HTTP', 'http'],
  ] as const)('with the storefront calling its backend %s', (_label, transport) => {
    let receiver: Awaited<ReturnType<typeof startReceiver>>;
    let server: BuiltServer | undefined;
    let cookie = '';

    beforeAll(async () => {
      receiver = await startReceiver();
      server = await startBuiltServer({
        DATABASE_URL: '',
        SEED_VEHICLES: '20',
        COMMERCE_API_URL: '',
        SHOWROOM_API_TRANSPORT: transport,
        METRICS_TOKEN: TOKEN,
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_BSP_SCHEDULE_DELAY: '100',
      });
      cookie = await signInDemoShopper(server.base, DEMO_SHOPPER.email, DEMO_SHOPPER.password);
    }, 180_000);

    afterAll(async () => {
      await server?.stop();
      await receiver?.close();
    }, 60_000);

    async function backendCalls(): Promise<number> {
      const text = await (
        await fetch(`${server!.base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
      ).text();
      return [...text.matchAll(/^showroom_commerce_api_duration_seconds_count\{[^}]*\} (\d+)$/gm)].reduce(
        (sum, match) => sum + Number(match[1]),
        0,
      );
    }

    async function spansOf(correlationId: string, atLeast: number): Promise<OtlpSpan[]> {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const spans = receiver.spans().filter((span) => attribute(span, 'showroom.correlation_id') === correlationId);
        if (spans.length >= atLeast || Date.now() > deadline) return spans;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }

    it('makes one trace of a tracker page: the page span and a child per API call, with the correlation id', async () => {
      const correlationId = `test-trace-${transport}-0001`;
      const before = await backendCalls();
      const page = await fetch(`${server!.base}${stepPath(order, 'PAYMENT_DETAILS')}`, {
        headers: { cookie, 'x-correlation-id': correlationId },
      });
      expect(page.status).toBe(200);
      expect(page.headers.get('x-correlation-id')).toBe(correlationId);
      const calls = (await backendCalls()) - before;
      expect(calls).toBeGreaterThanOrEqual(3);

      const spans = await spansOf(correlationId, calls + 1);
      expect(new Set(spans.map((span) => span.traceId)).size).toBe(1);
      const roots = spans.filter(isRoot);
      expect(roots).toHaveLength(1);
      const root = roots[0]!;
      expect(root.name).toBe('GET /progress/:param/payment');
      expect(root.kind).toBe(SERVER_KIND);
      expect(attribute(root, 'http.response.status_code')).toBe('200');
      // Nothing else in the trace: every other span is an API call of this page.
      const everyInTrace = receiver.spans().filter((span) => span.traceId === root.traceId);
      expect(everyInTrace).toHaveLength(spans.length);
      const children = spans.filter((span) => span !== root);
      expect(children).toHaveLength(calls);
      for (const child of children) {
        expect(child.parentSpanId).toBe(root.spanId);
        expect(child.name).toBe(`api ${attribute(child, 'showroom.endpoint')}`);
        expect(attribute(child, 'showroom.transport')).toBe(transport);
      }
      expect(children.map((child) => attribute(child, 'showroom.endpoint'))).toContain('orders.order');
    });

    it('keeps what the shopper typed out of every span: card, e-mail, SSN, date of birth, phone, street, order', async () => {
      expect((await payByCard(server!.base, cookie, order, SANDBOX_CARDS.declined)).status).toBe(402);
      const correlationId = `test-trace-${transport}-0002`;
      const prequal = await fetch(`${server!.base}/financing/pre-qualify`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          cookie,
          origin: server!.base,
          'content-type': 'application/x-www-form-urlencoded',
          'x-correlation-id': correlationId,
        },
        body: new URLSearchParams({
          firstName: DEMO_SHOPPER.firstName,
          lastName: DEMO_SHOPPER.lastName,
          'address.addressLine1': DEMO_SHOPPER.street,
          'address.city': 'Austin',
          'address.state': 'TX',
          'address.zip': '78701',
          dateOfBirth: PREQUAL_DOB,
          annualIncome: '85000',
          email: DEMO_SHOPPER.email,
          ssn: SSN.excellent,
          consent: 'on',
        }),
      });
      expect(prequal.status).toBe(302);
      const spans = await spansOf(correlationId, 2);
      expect(spans.map((span) => attribute(span, 'showroom.endpoint'))).toContain('prequal.create');
      await new Promise((resolve) => setTimeout(resolve, 500));
      const exported = receiver.bodies.join('\n');
      expect(receiver.spans().some((span) => attribute(span, 'showroom.endpoint') === 'payments.card')).toBe(true);
      for (const secret of [
        SANDBOX_CARDS.declined,
        DEMO_SHOPPER.email,
        DEMO_SHOPPER.phone,
        DEMO_SHOPPER.street,
        SSN.excellent,
        SSN.excellent.replaceAll('-', ''),
        PREQUAL_DOB,
        '1988-04-12',
        order,
      ])
        expect(exported.includes(secret), secret).toBe(false);
    });
  });
});
