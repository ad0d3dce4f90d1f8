import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';

/** A file sent with a message (an invite as .ics). */
export interface MailAttachment {
  filename: string;
  content: string;
  contentType: string;
}

export interface MailMessage {
  /** One address, or several (each becomes one recipient). */
  to: string | readonly string[];
  cc?: readonly string[];
  replyTo?: string;
  subject: string;
  text: string;
  attachments?: readonly MailAttachment[];
}

/** What the mail server said when it took a message (the outbox names its file). */
export interface MailReceipt {
  messageId: string | null;
}

export interface Mailer {
  send(message: MailMessage): Promise<MailReceipt>;
}

/** How long the SMTP conversation may wait (connecting, greeting, each reply) before the send fails. */
export const SMTP_TIMEOUT_MS = 15_000;

/**
 * A header value on one line: a CR or LF (or any control character) in a name that reached a
 * subject would end the header early and let the text after it add headers (`Bcc:`) or a body.
 * Names are refused at the door (packages/domain/src/schemas/text.ts); this holds for whatever got in before.
 */
export const headerValue = (value: string): string =>
  value
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();

const list = (value: string | readonly string[]) => (typeof value === 'string' ? [value] : [...value]);

/**
 * Every header a message sets, on one line each: recipients, Reply-To, Subject, and each
 * attachment's name and type (they go into Content-Type and Content-Disposition).
 */
const withSafeHeaders = (message: MailMessage) => ({
  ...message,
  to: list(message.to).map(headerValue).join(', '),
  ...(message.cc?.length ? { cc: message.cc.map(headerValue).join(', ') } : { cc: undefined }),
  ...(message.replyTo ? { replyTo: headerValue(message.replyTo) } : { replyTo: undefined }),
  subject: headerValue(message.subject),
  attachments: message.attachments?.map((file) => ({
    ...file,
    filename: headerValue(file.filename),
    contentType: headerValue(file.contentType),
  })),
});

/** A message with more than To, Subject and a text: the outbox writes it as MIME (nodemailer composes it). */
const isPlain = (message: MailMessage) => !message.cc?.length && !message.replyTo && !message.attachments?.length;

/**
 * SMTP when SMTP_URL is set. Otherwise each message is written to DATA_DIR/outbox/ as an .eml file
 * and noted in the log, so a local user can open a reset link without a mail server.
 */
export function createMailer(config: Config, log: Pick<FastifyBaseLogger, 'info'>): Mailer & { drain(): Promise<void> } {
  return drained(transportOf(config, log));
}

/**
 * The mailer with the sends still in flight kept, so a closing server waits for them (`drain`): some
 * mail goes after the request's answer (a new lead, a reset link), and a stop must not cut it.
 */
function drained(mailer: Mailer): Mailer & { drain(): Promise<void> } {
  const sending = new Set<Promise<unknown>>();
  return {
    send(message) {
      const sent = mailer.send(message);
      const settled: Promise<unknown> = sent.then(
        () => sending.delete(settled),
        () => sending.delete(settled),
      );
      sending.add(settled);
      return sent;
    },
    async drain() {
      await Promise.all(sending);
    },
  };
}

function transportOf(config: Config, log: Pick<FastifyBaseLogger, 'info'>): Mailer {
  const from = headerValue(config.mailFrom);
  if (config.smtpUrl) {
    // Bounded waits: nodemailer's defaults (two minutes to connect, ten of silence) would hold a
    // person's request that long when the mail server does not answer.
    const transport = nodemailer.createTransport({
      url: config.smtpUrl,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    });
    return {
      async send(message) {
        const info = await transport.sendMail({ from, ...withSafeHeaders(message) });
        return { messageId: info.messageId ?? null };
      },
    };
  }
  const outbox = path.join(config.dataDir, 'outbox');
  // The same composer as SMTP, writing the message instead of sending it.
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    async send(unsafe) {
      const message = withSafeHeaders(unsafe);
      await fs.mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`);
      let messageId: string | null = null;
      let eml: string | Buffer = [`From: ${from}`, `To: ${message.to}`, `Subject: ${message.subject}`, '', message.text, ''].join(
        '\r\n',
      );
      if (!isPlain(unsafe)) {
        const composed = await composer.sendMail({ from, ...message });
        eml = composed.message as Buffer;
        messageId = composed.messageId ?? null;
      }
      // Written beside the outbox and renamed into it, so whoever reads the outbox never sees half a message.
      const partial = path.join(config.dataDir, `.${path.basename(file)}.partial`);
      await fs.writeFile(partial, eml, { mode: 0o600 });
      await fs.rename(partial, file);
      log.info({ event: 'mail.outbox', to: message.to, subject: message.subject, file }, 'mail written to the outbox');
      return { messageId };
    },
  };
}
