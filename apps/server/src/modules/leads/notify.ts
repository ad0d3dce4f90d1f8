import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../mail/mailer.ts';

/**
 * Tells the team about a new lead; a mail failure is logged and never fails the visitor's request,
 * which is answered without waiting for it (a closing server waits for the send: mail/mailer.ts).
 */
export function notifyNewLead(
  mailer: Mailer,
  to: string | null,
  log: FastifyBaseLogger,
  subject: string,
  fields: Record<string, string | null | undefined>,
): void {
  if (!to) return;
  const text = Object.entries(fields)
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n');
  mailer.send({ to, subject, text }).catch((error: unknown) => {
    log.warn({ err: error, event: 'leads.notify_failed' }, 'new-lead e-mail failed');
  });
}
