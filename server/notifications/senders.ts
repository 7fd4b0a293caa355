import { desc, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { logger } from '../../app/lib/shared/logger.server';
import type { Db } from '../db/client';
import { outboxMessages } from '../db/schema';

export type OutgoingMessage = {
  tenantId: string;
  channel: 'email' | 'sms';
  to: string;
  subject?: string;
  /** The plain-text part (an e-mail) or the text (SMS). */
  body: string;
  /** An e-mail's HTML part, the same message as the plain-text body (sent as multipart/alternative). */
  html?: string;
  /** Files sent with an e-mail (an appointment's calendar file); texts carry none. */
  attachments?: MessageAttachment[];
};

export type MessageAttachment = { filename: string; contentType: string; content: string };

/**
 * How the outbox keeps an e-mail's HTML part without a column of its own (decision 111): an entry
 * of the attachments list marked as the alternative to the body, after the files.
 */
type StoredMessagePart = MessageAttachment & { alternative?: true };

const HTML_PART_FILENAME = 'message.html';

/** Something that delivers a message: a real SMTP server or SMS gateway, or the outbox. */
export interface MessageSender {
  readonly name: string;
  send(message: OutgoingMessage): Promise<void>;
}

/** The embedded default: messages land in a table a developer can read at /dev/outbox. */
export class OutboxSender implements MessageSender {
  readonly name = 'outbox';
  constructor(private readonly db: Db) {}

  async send(message: OutgoingMessage): Promise<void> {
    const parts: StoredMessagePart[] = [...(message.attachments ?? [])];
    if (message.html) {
      parts.push({
        filename: HTML_PART_FILENAME,
        contentType: 'text/html; charset=utf-8',
        content: message.html,
        alternative: true,
      });
    }
    await this.db.insert(outboxMessages).values({
      tenantId: message.tenantId,
      channel: message.channel,
      recipient: message.to,
      subject: message.subject ?? null,
      body: message.body,
      attachments: parts.length ? parts : null,
    });
  }
}

export async function listOutbox(db: Db, tenantId: string, limit = 100) {
  return db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.tenantId, tenantId))
    .orderBy(desc(outboxMessages.id))
    .limit(limit);
}

/** E-mail through any SMTP server (SMTP_URL, e.g. smtps://user:pass@mail.example:465). */
export class SmtpSender implements MessageSender {
  readonly name = 'smtp';
  private readonly transport: nodemailer.Transporter;
  /** `smtp`: the server's URL, or a nodemailer transport (a test's stream transport). */
  constructor(
    smtp: string | nodemailer.Transporter,
    private readonly from: (tenantId: string) => string,
  ) {
    this.transport = typeof smtp === 'string' ? nodemailer.createTransport(smtp) : smtp;
  }

  async send(message: OutgoingMessage): Promise<void> {
    await this.transport.sendMail({
      from: this.from(message.tenantId),
      to: message.to,
      subject: message.subject,
      // Text and HTML together make nodemailer send multipart/alternative (inside
      // multipart/mixed when files are attached): a mail program shows the richest it can.
      text: message.body,
      ...(message.html ? { html: message.html } : {}),
      attachments: message.attachments?.map(({ filename, contentType, content }) => ({
        filename,
        contentType,
        content,
      })),
    });
  }
}

/**
 * SMS through an HTTP gateway: POST {to, body} as JSON with a bearer key (SMS_API_URL,
 * SMS_API_KEY). Gateways that want another shape get their own class behind the interface.
 */
export class HttpSmsSender implements MessageSender {
  readonly name = 'sms-http';
  constructor(
    private readonly url: string,
    private readonly apiKey: string,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async send(message: OutgoingMessage): Promise<void> {
    const response = await this.fetchImpl(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${this.apiKey}` },
      body: JSON.stringify({ to: `+1${message.to.replace(/\D/g, '')}`, body: message.body }),
      signal: AbortSignal.timeout(20_000),
    });
    if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
  }
}

export type Senders = { email: MessageSender; sms: MessageSender };

export function createSenders(
  db: Db,
  env: Record<string, string | undefined>,
  fromAddress: (tenantId: string) => string,
): Senders {
  const outbox = new OutboxSender(db);
  const email = env.SMTP_URL ? new SmtpSender(env.SMTP_URL, fromAddress) : outbox;
  const sms = env.SMS_API_URL && env.SMS_API_KEY ? new HttpSmsSender(env.SMS_API_URL, env.SMS_API_KEY) : outbox;
  logger.info({ email: email.name, sms: sms.name }, 'message senders');
  return { email, sms };
}

/** Sends through the channel's sender; failures are logged without the recipient or the text. */
export async function deliver(senders: Senders, message: OutgoingMessage): Promise<boolean> {
  try {
    await senders[message.channel].send(message);
    return true;
  } catch (error) {
    logger.error(
      { err: error, channel: message.channel, tenantId: message.tenantId },
      'message could not be delivered',
    );
    return false;
  }
}
