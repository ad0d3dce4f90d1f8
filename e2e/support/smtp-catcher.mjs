// A real SMTP server for the end-to-end run (smtp-server on loopback, no TLS and no login, as a relay on
// the same host): the app under test sends every e-mail to it over SMTP, and it files each message it
// accepts, raw, in the run's outbox folder under the outbox's own naming (an ISO timestamp first), so
// the specs read invitations, resets, follow-ups and reminders from one place whatever sent them.
import { Buffer } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

const port = Number(process.env.SMTP_CATCHER_PORT);
const outbox = path.resolve(process.env.SMTP_CATCHER_OUTBOX ?? '.e2e-data/outbox');
fs.mkdirSync(outbox, { recursive: true });

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  size: 10 * 1024 * 1024,
  onData(stream, _session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('error', callback);
    stream.on('end', () => {
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`;
      // Written beside the outbox and renamed into it, so a spec never reads half a message.
      const partial = path.join(outbox, `.${name}.partial`);
      fs.promises
        .writeFile(partial, Buffer.concat(chunks))
        .then(() => fs.promises.rename(partial, path.join(outbox, name)))
        .then(() => callback(), callback);
    });
  },
});
server.listen(port, '127.0.0.1', () => console.log(`e2e SMTP server on 127.0.0.1:${port}, filing into ${outbox}`));
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.close(() => process.exit(0)));
