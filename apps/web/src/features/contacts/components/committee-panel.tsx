import { UserPlus, Users } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { BuyingRole, CommitteeMember } from '@nexa/domain';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { ErrorState, INLINE_STATE, LoadingState } from '../../../components/ui/query-state.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { errorKey } from '../../../lib/api-client.ts';
import { useCommittee } from '../../../lib/api/get-committee.ts';
import { committeeConflict, useCommitteeWrite, useContacts } from '../api/contacts.ts';
import { draftToInput, emptyDraft, type ContactDraft } from '../contact-logic.ts';
import { useContactLinks } from '../workspace.ts';
import { ContactFields } from './contact-fields.tsx';
import { RoleCheckboxes, RoleChips } from './roles.tsx';

/**
 * A deal's buying committee on its page: who is on it with which roles, a person added (an existing
 * contact or a new one) and roles edited in a dialog, all by keyboard. Each change is a change of the
 * deal, recorded in its history; a change someone made meanwhile answers 409 and the panel shows theirs.
 */
export function CommitteePanel({ opportunityId }: { opportunityId: number }) {
  const { t } = useTranslation('contacts');
  const committee = useCommittee(opportunityId);
  const titleId = useId();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<CommitteeMember | null>(null);
  const members = committee.data?.members ?? [];

  return (
    <section
      aria-labelledby={titleId}
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      data-testid="committee-panel"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={titleId} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <Users className="h-5 w-5 text-slate-500" aria-hidden />
            {t('committee.title')}
          </h2>
          <p className="text-sm text-slate-600">{t('committee.hint')}</p>
        </div>
        <Button variant="secondary" size="sm" onClick={() => setAdding(true)} disabled={!committee.data}>
          <UserPlus className="h-4 w-4" aria-hidden />
          {t('committee.add')}
        </Button>
      </div>
      {committee.isPending ? (
        <LoadingState className={INLINE_STATE}>{t('committee.loading')}</LoadingState>
      ) : committee.isError ? (
        <ErrorState className={INLINE_STATE}>{t('committee.error', { message: t(errorKey(committee.error)) })}</ErrorState>
      ) : members.length === 0 ? (
        <p className="text-sm text-slate-600" data-testid="committee-empty">
          {t('committee.empty')}
        </p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {members.map((member) => (
            <MemberRow key={member.contact.id} member={member} onEdit={() => setEditing(member)} />
          ))}
        </ul>
      )}
      {committee.data && (
        <AddMemberDialog
          open={adding}
          onOpenChange={setAdding}
          opportunityId={opportunityId}
          version={committee.data.version}
          memberIds={members.map((m) => m.contact.id)}
        />
      )}
      {committee.data && editing && (
        <EditRolesDialog
          key={editing.contact.id}
          member={editing}
          opportunityId={opportunityId}
          version={committee.data.version}
          onClose={() => setEditing(null)}
        />
      )}
    </section>
  );
}

function MemberRow({ member, onEdit }: { member: CommitteeMember; onEdit: () => void }) {
  const { t } = useTranslation('contacts');
  const links = useContactLinks();
  const c = member.contact;
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="committee-member">
      <div className="min-w-0">
        <Link
          to={links.contact(c.id)}
          className="font-medium text-brand-700 hover:underline [overflow-wrap:anywhere]"
          aria-label={t('committee.open', { name: c.full_name })}
        >
          {c.full_name}
        </Link>
        <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">
          {[c.title, c.account_name, c.email].filter(Boolean).join(' · ') || t('fields.none')}
        </p>
        <div className="mt-1">
          <RoleChips roles={member.roles} />
        </div>
      </div>
      <Button variant="ghost" size="sm" onClick={onEdit} aria-label={t('committee.editRoles', { name: c.full_name })}>
        {t('committee.edit')}
      </Button>
    </li>
  );
}

/** What a failed committee write says: someone else's change (409, now shown) or the error's own words. */
function useWriteError() {
  const { t } = useTranslation('contacts');
  return (error: unknown) =>
    toast.error(committeeConflict(error) ? t('committee.conflict') : t('committee.error', { message: t(errorKey(error)) }));
}

function EditRolesDialog({
  member,
  opportunityId,
  version,
  onClose,
}: {
  member: CommitteeMember;
  opportunityId: number;
  version: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('contacts');
  const write = useCommitteeWrite(opportunityId);
  const failed = useWriteError();
  const [roles, setRoles] = useState<BuyingRole[]>(member.roles);
  const name = member.contact.full_name;
  const save = (event: FormEvent) => {
    event.preventDefault();
    write.mutate(
      { kind: 'roles', contactId: member.contact.id, roles, version },
      { onSuccess: () => (toast.success(t('committee.saved')), onClose()), onError: failed },
    );
  };
  const remove = () =>
    write.mutate(
      { kind: 'remove', contactId: member.contact.id, version },
      { onSuccess: () => (toast.success(t('committee.removed', { name })), onClose()), onError: failed },
    );
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('committee.editRoles', { name })}
      closeLabel={t('form.close')}
      testId="committee-roles-dialog"
    >
      <form onSubmit={save} className="space-y-4">
        <RoleCheckboxes legend={t('committee.roles')} value={roles} onChange={setRoles} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
          <Button variant="ghost" className="text-red-700" onClick={remove} disabled={write.isPending}>
            {t('committee.remove')}
          </Button>
          <Button type="submit" disabled={write.isPending}>
            {write.isPending ? t('form.saving') : t('form.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function AddMemberDialog({
  open,
  onOpenChange,
  opportunityId,
  version,
  memberIds,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  opportunityId: number;
  version: number;
  memberIds: number[];
}) {
  const { t } = useTranslation('contacts');
  const id = useId();
  const write = useCommitteeWrite(opportunityId);
  const failed = useWriteError();
  const [mode, setMode] = useState<'existing' | 'new'>('existing');
  const [q, setQ] = useState('');
  const [query, setQuery] = useState('');
  const [picked, setPicked] = useState<number | null>(null);
  const [draft, setDraft] = useState<ContactDraft>(emptyDraft);
  const [roles, setRoles] = useState<BuyingRole[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setQuery(q.trim()), 250);
    return () => clearTimeout(timer);
  }, [q]);
  useEffect(() => {
    if (!open) {
      setMode('existing');
      setQ('');
      setPicked(null);
      setDraft(emptyDraft);
      setRoles([]);
      setProblem(null);
    }
  }, [open]);
  const found = useContacts({ q: query || undefined }, open && mode === 'existing');
  const candidates = (found.data?.items ?? []).filter((c) => !memberIds.includes(c.id)).slice(0, 8);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    let body;
    let name: string;
    if (mode === 'existing') {
      const contact = candidates.find((c) => c.id === picked);
      if (!contact) return setProblem(t('committee.chooseFirst'));
      body = { contact_id: contact.id, roles, version };
      name = contact.full_name;
    } else {
      const input = draftToInput(draft);
      if (!input.ok) return setProblem(t(`form.${input.error}`));
      body = { contact: input.value, roles, version };
      name = input.value.full_name;
    }
    setProblem(null);
    write.mutate(
      { kind: 'add', body },
      { onSuccess: () => (toast.success(t('committee.added', { name })), onOpenChange(false)), onError: failed },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('committee.addTitle')}
      closeLabel={t('form.close')}
      testId="committee-add-dialog"
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <fieldset className="flex flex-wrap gap-4">
          <legend className="sr-only">{t('committee.addTitle')}</legend>
          {(['existing', 'new'] as const).map((m) => (
            <label key={m} htmlFor={`${id}-${m}`} className="flex items-center gap-2 text-sm font-medium text-slate-800">
              <input
                id={`${id}-${m}`}
                type="radio"
                name="mode"
                value={m}
                checked={mode === m}
                onChange={() => (setMode(m), setProblem(null))}
                className="h-4 w-4 text-brand-600"
              />
              {t(`committee.${m}`)}
            </label>
          ))}
        </fieldset>
        {mode === 'existing' ? (
          <div className="space-y-3">
            <SearchInput
              label={t('committee.searchContacts')}
              placeholder={t('committee.searchPlaceholder')}
              value={q}
              onChange={(e) => setQ(e.target.value)}
            />
            <fieldset>
              <legend className="text-sm font-medium text-slate-800">{t('committee.pick')}</legend>
              {found.isPending ? (
                <LoadingState className={INLINE_STATE}>{t('loading')}</LoadingState>
              ) : candidates.length === 0 ? (
                <p className="mt-2 text-sm text-slate-600">{t('committee.noMatch')}</p>
              ) : (
                <ul className="mt-2 max-h-64 space-y-1 overflow-y-auto" data-testid="committee-candidates">
                  {candidates.map((c) => (
                    <li key={c.id}>
                      <label
                        htmlFor={`${id}-c${c.id}`}
                        className="flex cursor-pointer items-start gap-2 rounded-lg p-2 text-sm hover:bg-slate-50 has-[:checked]:bg-brand-50"
                      >
                        <input
                          id={`${id}-c${c.id}`}
                          type="radio"
                          name="contact"
                          value={c.id}
                          checked={picked === c.id}
                          onChange={() => setPicked(c.id)}
                          className="mt-0.5 h-4 w-4 text-brand-600"
                        />
                        <span className="min-w-0">
                          <span className="block font-medium text-slate-900">{c.full_name}</span>
                          <span className="block text-slate-600 [overflow-wrap:anywhere]">
                            {[c.title, c.account_name, c.email].filter(Boolean).join(' · ')}
                          </span>
                        </span>
                      </label>
                    </li>
                  ))}
                </ul>
              )}
            </fieldset>
          </div>
        ) : (
          <ContactFields draft={draft} onChange={setDraft} />
        )}
        <RoleCheckboxes legend={t('committee.roles')} value={roles} onChange={setRoles} />
        {problem && (
          <p role="alert" className="text-sm text-red-700">
            {problem}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" disabled={write.isPending}>
            {write.isPending ? t('form.saving') : t('committee.add')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
