import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { AuditList } from '../components/audit-list.tsx';
import { InvitationsList } from '../components/invitations-list.tsx';
import { InviteForm } from '../components/invite-form.tsx';
import { PeopleList } from '../components/people-list.tsx';

/** /manager/team: invite people, change roles, deactivate, hand deals over, and see who did what. */
export function TeamAdminPage() {
  const { t } = useTranslation(['team-admin', 'workspace']);
  usePageMeta(`${t('title')} — Nexa`);
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('title')}</h1>
        <p className="mt-1 text-sm text-slate-600">{t('subtitle')}</p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>{t('invite.title')}</CardTitle>
          <p className="text-sm text-slate-600">{t('invite.hint')}</p>
        </CardHeader>
        <CardContent className="space-y-4">
          <InviteForm />
          <h3 className="pt-2 text-sm font-semibold text-slate-900">{t('invitations.title')}</h3>
          <InvitationsList />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('people.title')}</CardTitle>
          <p className="text-sm text-slate-600">{t('people.hint')}</p>
        </CardHeader>
        <CardContent>
          <PeopleList />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('audit.title')}</CardTitle>
        </CardHeader>
        <CardContent>
          <AuditList />
        </CardContent>
      </Card>
    </div>
  );
}
