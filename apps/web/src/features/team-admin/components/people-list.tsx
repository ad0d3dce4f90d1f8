import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ROLE_VALUES, ROLES, type PersonUpdate, type Role, type TeamPerson } from '@nexa/domain';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { ApiError, errorKey } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { useMe } from '../../../lib/api/get-me.ts';
import { useAssignWaitingDeals, usePeople, useReassignDeals, useUpdatePerson } from '../api/people.ts';

type Translate = ReturnType<typeof useTranslation<'team-admin'>>['t'];

/** The only conflict a change to a person meets is the rule that the team keeps one active manager. */
function refusal(t: Translate, error: unknown): string {
  if (error instanceof ApiError && error.status === 409) return t('people.lastManager');
  return t(errorKey(error));
}

/** Deals sent for this person's names before they had an account: offered, moved only on confirmation. */
function WaitingDeals({ person }: { person: TeamPerson }) {
  const { t } = useTranslation('team-admin');
  const assign = useAssignWaitingDeals();
  const name = person.full_name || person.email;
  const onAssign = async () => {
    if (!window.confirm(t('people.confirmWaiting', { count: person.waiting_deals, name }))) return;
    try {
      const { moved } = await assign.mutateAsync(person.id);
      toast.success(t('people.waitingAssigned', { count: moved }));
    } catch (error) {
      toast.error(t(errorKey(error)));
    }
  };
  return (
    <div className="mt-3 flex flex-wrap items-center gap-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
      <span>{t('people.waiting', { count: person.waiting_deals, name })}</span>
      <Button size="sm" variant="secondary" disabled={assign.isPending} onClick={() => void onAssign()}>
        {t('people.assignWaiting', { name })}
      </Button>
    </div>
  );
}

/**
 * The hand-over of a person who is no longer an active representative (deactivated, or given another
 * role): their deals count under Unassigned on every team page until they go to someone (docs/metrics.md).
 */
function ReassignDeals({ person, representatives }: { person: TeamPerson; representatives: TeamPerson[] }) {
  const { t } = useTranslation('team-admin');
  const reassign = useReassignDeals();
  const [toId, setToId] = useState('');
  const selectId = `reassign-${person.id}`;
  const onReassign = async () => {
    try {
      const { moved } = await reassign.mutateAsync({ fromId: person.id, toId });
      toast.success(t('people.reassigned', { count: moved }));
      setToId('');
    } catch (error) {
      toast.error(t(errorKey(error)));
    }
  };
  return (
    <div className="flex w-full flex-wrap items-end gap-2 rounded-lg bg-amber-50 p-3" data-testid="hand-over">
      <p className="w-full text-sm text-amber-900">{t('people.handOverHint', { count: person.deals })}</p>
      <div className="min-w-48 flex-1 space-y-1">
        <label htmlFor={selectId} className="text-xs font-medium text-slate-800">
          {t('people.reassignLabel', { count: person.deals })}
        </label>
        <Select id={selectId} className="block w-full" value={toId} onChange={(e) => setToId(e.target.value)}>
          <option value="">{t('people.chooseRepresentative')}</option>
          {representatives.map((rep) => (
            <option key={rep.id} value={rep.id}>
              {rep.full_name || rep.email}
            </option>
          ))}
        </Select>
      </div>
      <Button size="md" disabled={!toId || reassign.isPending} onClick={() => void onReassign()}>
        {t('people.reassign')}
      </Button>
    </div>
  );
}

function PersonRow({ person, representatives, isMe }: { person: TeamPerson; representatives: TeamPerson[]; isMe: boolean }) {
  const { t } = useTranslation('team-admin');
  const update = useUpdatePerson();
  const roleId = `role-${person.id}`;
  const [role, setRole] = useState<Role | ''>(person.role ?? '');
  useEffect(() => setRole(person.role ?? ''), [person.role]);
  const change = async (patch: PersonUpdate, done: string) => {
    try {
      await update.mutateAsync({ id: person.id, patch });
      toast.success(t(done, { name: person.full_name || person.email }));
    } catch (error) {
      setRole(person.role ?? '');
      toast.error(refusal(t, error));
    }
  };
  const name = person.full_name || person.email;
  // A representative given another role leaves the team's counts: their deals wait for a hand-over,
  // as after a deactivation, so the manager is asked first.
  // A manager who steps down loses the keys and invitations they handed out: said before, too.
  const applyRole = (next: Role) => {
    const question =
      person.role === ROLES.representative && person.deals > 0
        ? t('people.confirmRoleChange', { name, count: person.deals })
        : person.role === ROLES.manager
          ? t('people.confirmStepDown', { name })
          : null;
    if (question && !window.confirm(question)) return setRole(person.role ?? '');
    void change({ role: next }, 'people.roleChanged');
  };
  const isActiveRepresentative = person.role === ROLES.representative && !person.disabled;
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3" data-testid="team-person" data-email={person.email}>
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-medium text-slate-900">
          {name}
          {isMe && <span className="ml-1 text-slate-600">{t('people.you')}</span>}
        </p>
        <p className="break-all text-slate-600">{person.email}</p>
        <p className="text-slate-600">{t('people.deals', { count: person.deals })}</p>
      </div>
      {person.disabled ? <Badge tone="grey">{t('people.inactive')}</Badge> : <Badge tone="green">{t('people.active')}</Badge>}
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={roleId} className="sr-only">
          {t('people.roleOf', { name })}
        </label>
        <Select id={roleId} value={role} disabled={update.isPending} onChange={(e) => setRole(e.target.value as Role | '')}>
          {person.role === null && <option value="">{t('people.noRole')}</option>}
          {ROLE_VALUES.map((value) => (
            <option key={value} value={value}>
              {t(`workspace:roles.${value}`)}
            </option>
          ))}
        </Select>
        {/* Applied on request, not on every change: arrowing through a closed select must not change anyone's role. */}
        {role !== (person.role ?? '') && role !== '' && (
          <Button size="sm" disabled={update.isPending} onClick={() => applyRole(role)}>
            {t('people.applyRole')}
          </Button>
        )}
        {isActiveRepresentative && (
          <Link
            to={paths.manager.representative.getHref(person.id)}
            className="rounded-md px-2 py-1.5 text-sm font-medium text-brand-700 hover:underline"
          >
            {t('people.quota')}
          </Link>
        )}
        <Button
          size="sm"
          variant={person.disabled ? 'secondary' : 'ghost'}
          disabled={update.isPending}
          onClick={() => {
            if (!person.disabled && !window.confirm(t('people.confirmDeactivate', { name }))) return;
            void change({ disabled: !person.disabled }, person.disabled ? 'people.reactivated' : 'people.deactivated');
          }}
          aria-label={t(person.disabled ? 'people.reactivateName' : 'people.deactivateName', { name })}
        >
          {t(person.disabled ? 'people.reactivate' : 'people.deactivate')}
        </Button>
      </div>
      {!isActiveRepresentative && person.deals > 0 && <ReassignDeals person={person} representatives={representatives} />}
      {isActiveRepresentative && person.waiting_deals > 0 && <WaitingDeals person={person} />}
    </li>
  );
}

export function PeopleList() {
  const { t } = useTranslation('team-admin');
  const people = usePeople();
  const me = useMe();
  if (people.isPending) return <p className="text-sm text-slate-600">{t('loading')}</p>;
  if (people.isError) return <p className="text-sm text-red-700">{t(errorKey(people.error))}</p>;
  const representatives = people.data.items.filter((p) => p.role === ROLES.representative && !p.disabled);
  return (
    <ul className="divide-y divide-slate-100">
      {people.data.items.map((person) => (
        <PersonRow
          key={person.id}
          person={person}
          isMe={person.id === me.data?.id}
          representatives={representatives.filter((r) => r.id !== person.id)}
        />
      ))}
    </ul>
  );
}
