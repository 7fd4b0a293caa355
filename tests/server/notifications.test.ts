import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxResponseSchema } from '~/lib/contract/notifications';
import nodemailer from 'nodemailer';
import { HttpSmsSender, OutboxSender, SmtpSender, createSenders, deliver } from '#server/notifications/senders';
import { apiHeaders, startHarness, type Harness } from './harness';

let shown: Harness;
let hidden: Harness;

beforeAll(async () => {
  shown = await startHarness({ outboxPage: true });
  hidden = await startHarness({ outboxPage: false });
});
afterAll(async () => {
  await shown.close();
  await hidden.close();
});

describe('messages out', () => {
  it('uses the outbox when no SMTP server or SMS gateway is configured, per tenant', async () => {
    const senders = createSenders(shown.database.db, {}, () => 'shop@showroom.test');
    expect(senders.email).toBeInstanceOf(OutboxSender);
    expect(senders.sms).toBeInstanceOf(OutboxSender);
    await deliver(senders, { tenantId: 'default', channel: 'sms', to: '5125550123', body: 'Your code is 123456' });
    await deliver(senders, { tenantId: 'northside', channel: 'email', to: 'a@b.test', subject: 'Hi', body: 'Welcome' });
    const response = await fetch(`${shown.url}/api/notifications/outbox`, { headers: apiHeaders('default') });
    const { data } = outboxResponseSchema.parse(await response.json());
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ channel: 'sms', recipient: '5125550123', body: 'Your code is 123456' });
  });

  it('hides the outbox in production unless OUTBOX_PAGE=1', async () => {
    const response = await fetch(`${hidden.url}/api/notifications/outbox`, { headers: apiHeaders('default') });
    expect(response.status).toBe(404);
  });

  it('posts texts to an HTTP SMS gateway with the E.164 number', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const fakeFetch = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(null, { status: 202 });
    }) as unknown as typeof fetch;
    await new HttpSmsSender('https://sms.example/send', 'key-1', fakeFetch).send({
      tenantId: 'default',
      channel: 'sms',
      to: '(512) 555 - 0123',
      body: 'hello',
    });
    expect(calls[0]?.url).toBe('https://sms.example/send');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ to: '+15125550123', body: 'hello' });
    expect((calls[0]?.init.headers as Record<string, string>).authorization).toBe('Bearer key-1');
  });

  it('sends an e-mail with an HTML part as multipart/alternative, the calendar file attached', async () => {
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
    const messages: string[] = [];
    const sendMail = transport.sendMail.bind(transport);
    transport.sendMail = (async (mail: nodemailer.SendMailOptions) => {
      const info = (await sendMail(mail)) as { message: Buffer };
      messages.push(info.message.toString('utf8'));
      return info;
    }) as typeof transport.sendMail;
    await new SmtpSender(transport, () => 'shop@showroom.test').send({
      tenantId: 'default',
      channel: 'email',
      to: 'dana@shop.test',
      subject: 'Showroom: your pickup is confirmed',
      body: 'Plain words',
      html: '<p>Rich words</p>',
      attachments: [
        { filename: 'appointment.ics', contentType: 'text/calendar; charset=utf-8', content: 'BEGIN:VCALENDAR' },
      ],
    });
    const raw = messages[0]!;
    expect(raw).toMatch(/Content-Type: multipart\/mixed/);
    expect(raw).toMatch(/Content-Type: multipart\/alternative/);
    expect(raw).toMatch(/Content-Type: text\/plain[^]*Plain words/);
    expect(raw).toMatch(/Content-Type: text\/html[^]*<p>Rich words<\/p>/);
    expect(raw).toContain('filename=appointment.ics');
  });

  it('reports a gateway failure as undelivered instead of throwing', async () => {
    const failing = new HttpSmsSender(
      'https://sms.example/send',
      'k',
      (async () => new Response(null, { status: 500 })) as unknown as typeof fetch,
    );
    const delivered = await deliver(
      { email: failing, sms: failing },
      { tenantId: 'default', channel: 'sms', to: '5125550123', body: 'x' },
    );
    expect(delivered).toBe(false);
  });
});
