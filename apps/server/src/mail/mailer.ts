import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

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

const withSafeHeaders = (message: MailMessage): MailMessage => ({
  ...message,
  to: headerValue(message.to),
  subject: headerValue(message.subject),
});

/**
 * SMTP when SMTP_URL is set. Otherwise each message is written to DATA_DIR/outbox/ as an .eml file
 * and noted in the log, so a local user can open a reset link without a mail server.
 */
export function createMailer(config: Config, log: Pick<FastifyBaseLogger, 'info'>): Mailer {
  const from = headerValue(config.mailFrom);
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from, ...withSafeHeaders(message) });
      },
    };
  }
  const outbox = path.join(config.dataDir, 'outbox');
  return {
    async send(unsafe) {
      const message = withSafeHeaders(unsafe);
      await fs.mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`);
      const eml = [`From: ${from}`, `To: ${message.to}`, `Subject: ${message.subject}`, '', message.text, ''].join('\r\n');
      // Written beside the outbox and renamed into it, so whoever reads the outbox never sees half a message.
      const partial = path.join(config.dataDir, `.${path.basename(file)}.partial`);
      await fs.writeFile(partial, eml, { mode: 0o600 });
      await fs.rename(partial, file);
      log.info({ event: 'mail.outbox', to: message.to, subject: message.subject, file }, 'mail written to the outbox');
    },
  };
}
