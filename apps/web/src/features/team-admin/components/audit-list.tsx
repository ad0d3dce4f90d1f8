import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@nexa/domain';
import { errorKey } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useAudit } from '../api/audit.ts';

/** The role names inside a before/after record, translated; other details as the server gave them. */
function detail(t: ReturnType<typeof useTranslation<'team-admin'>>['t'], entry: AuditEntry): string {
  const before = (entry.before ?? {}) as { role?: string; invited_by?: string };
  const after = (entry.after ?? {}) as { role?: string; owner?: string; deals?: number; key?: string };
  if (entry.action === 'person.role_changed') {
    return t('audit.roleChange', {
      from: before.role ? t(`workspace:roles.${before.role}`) : '—',
      to: after.role ? t(`workspace:roles.${after.role}`) : '—',
    });
  }
  if (entry.action === 'person.deals_reassigned' || entry.action === 'person.waiting_deals_assigned')
    return t('audit.reassignment', { count: after.deals ?? 0, to: after.owner ?? '' });
  if (entry.action === 'invitation.sent' && after.role) return t(`workspace:roles.${after.role}`);
  // Withdrawn with its sender's rights (deactivated or no longer a manager).
  if (entry.action === 'invitation.revoked' && before.invited_by) return t('audit.sentBy', { email: before.invited_by });
  if (entry.action === 'api_key.revoked' && after.key) return t('audit.keyName', { name: after.key });
  return '';
}

export function AuditList() {
  const { t } = useTranslation('team-admin');
  const audit = useAudit();
  if (audit.isPending) return <p className="text-sm text-slate-600">{t('loading')}</p>;
  if (audit.isError) return <p className="text-sm text-red-700">{t(errorKey(audit.error))}</p>;
  if (audit.data.items.length === 0) return <p className="text-sm text-slate-600">{t('audit.none')}</p>;
  return (
    <ol className="space-y-2 text-sm" data-testid="audit-list">
      {audit.data.items.map((entry) => {
        const extra = detail(t, entry);
        return (
          <li key={entry.id} className="flex flex-wrap gap-x-2 text-slate-700">
            <time dateTime={entry.at} className="text-slate-500">
              {formatDateTime(entry.at)}
            </time>
            <span>
              <strong className="font-medium text-slate-900">{entry.actor ?? t('audit.someone')}</strong>{' '}
              {t(`audit.actions.${entry.action}`)} <span className="break-all">{entry.target}</span>
              {extra && ` (${extra})`}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
