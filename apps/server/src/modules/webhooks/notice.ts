import { sql } from 'drizzle-orm';
import { ROLES } from '@nexa/domain';
import { isLanguage, type Language } from '@nexa/domain/language';
import { selectRows, type Db } from '../../db/client.ts';
import type { Mailer, MailMessage } from '../../mail/mailer.ts';
import { enqueueJobOnce, type JobHandler } from '../jobs/index.ts';

/**
 * The notice that an endpoint was switched off after a day of failures: an e-mail to each active
 * manager, in their language, sent by the job queue (once per manager and switch-off: the unique
 * key names both). The settings page also shows the endpoint as switched off, with why.
 */

export const WEBHOOK_DISABLED_NOTICE = 'webhook_disabled_notice';

interface NoticePayload {
  endpointId: string;
  disabledAt: string;
}

export async function enqueueDisabledNotices(db: Db, endpointId: string, disabledAt: Date): Promise<number> {
  const managers = await selectRows<{ id: string }>(db, sql`SELECT id FROM users WHERE role = ${ROLES.manager} AND NOT disabled`);
  const payload: NoticePayload = { endpointId, disabledAt: disabledAt.toISOString() };
  let enqueued = 0;
  for (const manager of managers) {
    const key = `${WEBHOOK_DISABLED_NOTICE}:${endpointId}:${payload.disabledAt}:${manager.id}`;
    if (await enqueueJobOnce(db, key, { kind: WEBHOOK_DISABLED_NOTICE, payload, ownerId: manager.id })) enqueued += 1;
  }
  return enqueued;
}

function noticeMail(to: string, language: Language, input: { fullName: string; url: string; settingsUrl: string }): MailMessage {
  const text =
    language === 'fr'
      ? [
          `Bonjour ${input.fullName},`,
          '',
          `Le webhook vers ${input.url} a échoué pendant un jour entier : Nexa l'a désactivé. Les événements suivants l'attendent.`,
          'Vérifiez le récepteur, puis réactivez le webhook et rejouez les envois échoués depuis les paramètres :',
          input.settingsUrl,
        ]
      : [
          `Hello ${input.fullName},`,
          '',
          `The webhook to ${input.url} failed for a whole day, so Nexa switched it off. Later events wait for it.`,
          'Check the receiver, then switch the webhook back on and replay the failed deliveries from the settings:',
          input.settingsUrl,
        ];
  return {
    to,
    subject: language === 'fr' ? 'Nexa : un webhook a été désactivé' : 'Nexa: a webhook was switched off',
    text: text.join('\n'),
  };
}

export function disabledNoticeHandler(deps: { db: Db; mailer: Mailer; publicUrl: string }): JobHandler {
  const { db, mailer, publicUrl } = deps;
  return async (job, context) => {
    const payload = job.payload as NoticePayload;
    const [row] = await selectRows<{ email: string; full_name: string; language: string | null; url: string | null }>(
      db,
      sql`SELECT u.email, u.full_name, u.language, e.url FROM users u
        LEFT JOIN webhook_endpoints e ON e.id = ${payload.endpointId}::uuid
        WHERE u.id = ${job.owner_id} AND u.role = ${ROLES.manager} AND NOT u.disabled`,
    );
    if (!row || !row.url) {
      await context.complete(db, { result: { sent: false } });
      return;
    }
    const language = isLanguage(row.language) ? row.language : 'en';
    await mailer.send(
      noticeMail(row.email, language, { fullName: row.full_name, url: row.url, settingsUrl: `${publicUrl}/manager/webhooks` }),
    );
    await context.complete(db, { result: { sent: true } });
  };
}
