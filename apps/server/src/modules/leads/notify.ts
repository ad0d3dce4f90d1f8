import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../mail/mailer.ts';

/**
 * Tells the team about a new lead; a mail failure is logged and never fails the visitor's request,
 * which is answered without waiting for it. Resolves when the mail is sent (or its failure logged):
 * the routes wait for what is in flight when the server closes, so a stop loses no lead's e-mail.
 */
export function notifyNewLead(
  mailer: Mailer,
  to: string | null,
  log: FastifyBaseLogger,
  subject: string,
  fields: Record<string, string | null | undefined>,
): Promise<void> {
  if (!to) return Promise.resolve();
  const text = Object.entries(fields)
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n');
  return mailer.send({ to, subject, text }).then(
    () => undefined,
    (error: unknown) => log.warn({ err: error, event: 'leads.notify_failed' }, 'new-lead e-mail failed'),
  );
}
