import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server (smtp-server) on a free port of 127.0.0.1 that keeps every message it accepts,
 * parsed (mailparser), and the SMTP_URL that points a Nexa server at it. No TLS and no login: the
 * mailer speaks plain SMTP to it, as it would to a relay on the same host.
 */
export async function startSmtpServer() {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    /** Every message accepted so far, in order. */
    received,
    /** The messages accepted for one address. */
    to: (address: string) => received.filter((mail) => [mail.to].flat().some((to) => to?.text.includes(address))),
    env: { SMTP_URL: `smtp://127.0.0.1:${port}` },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TestSmtp = Awaited<ReturnType<typeof startSmtpServer>>;
