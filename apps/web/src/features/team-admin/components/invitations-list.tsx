import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Invitation } from '@nexa/domain';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { errorKey } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { useInvitations, useResendInvitation, useRevokeInvitation } from '../api/invitations.ts';

function InvitationRow({ invitation }: { invitation: Invitation }) {
  const { t } = useTranslation('team-admin');
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const run = async (action: 'resend' | 'revoke') => {
    try {
      await (action === 'resend' ? resend : revoke).mutateAsync(invitation.id);
      toast.success(t(action === 'resend' ? 'invitations.resent' : 'invitations.revoked', { email: invitation.email }));
    } catch (error) {
      toast.error(t(errorKey(error)));
    }
  };
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3" data-testid="invitation">
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-medium break-all text-slate-900">{invitation.email}</p>
        <p className="text-slate-600">
          {t(`workspace:roles.${invitation.role}`)} ·{' '}
          {invitation.account_manager_name && <>{t('invitations.matchingName', { name: invitation.account_manager_name })} · </>}
          {invitation.expired
            ? t('invitations.expiredOn', { date: formatDate(invitation.expires_at) })
            : t('invitations.expiresOn', { date: formatDate(invitation.expires_at) })}
        </p>
      </div>
      {invitation.expired && <Badge tone="red">{t('invitations.expired')}</Badge>}
      <div className="flex gap-2">
        <Button
          size="sm"
          variant="secondary"
          disabled={resend.isPending}
          onClick={() => void run('resend')}
          aria-label={t('invitations.resendFor', { email: invitation.email })}
        >
          {t('invitations.resend')}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          disabled={revoke.isPending}
          onClick={() => void run('revoke')}
          aria-label={t('invitations.revokeFor', { email: invitation.email })}
        >
          {t('invitations.revoke')}
        </Button>
      </div>
    </li>
  );
}

export function InvitationsList() {
  const { t } = useTranslation('team-admin');
  const invitations = useInvitations();
  if (invitations.isPending) return <p className="text-sm text-slate-600">{t('loading')}</p>;
  if (invitations.isError) return <p className="text-sm text-red-700">{t(errorKey(invitations.error))}</p>;
  if (invitations.data.items.length === 0) return <p className="text-sm text-slate-600">{t('invitations.none')}</p>;
  return (
    <ul className="divide-y divide-slate-100">
      {invitations.data.items.map((invitation) => (
        <InvitationRow key={invitation.id} invitation={invitation} />
      ))}
    </ul>
  );
}
