import { Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  FOLLOW_UP_BODY_MAX,
  FOLLOW_UP_MAX_RECIPIENTS,
  FOLLOW_UP_SUBJECT_MAX,
  followUpAddressSchema,
  followUpEmailSendSchema,
  type FollowUpEmailDraft,
} from '@nexa/domain/schemas/follow-up-email';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { ErrorState, INLINE_STATE, LoadingState } from '../ui/query-state.tsx';
import { Field, TextArea, TextField } from '../ui/text-field.tsx';
import { ApiError, errorKey } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useFollowUpDraft, useSendFollowUp } from '../../lib/api/follow-up-email.ts';

/** Typed addresses: separated by commas, semicolons or spaces. */
const splitAddresses = (text: string) => text.split(/[\s,;]+/).filter(Boolean);

type Errors = Partial<Record<'to' | 'extra' | 'subject' | 'body' | 'form', string>>;

/**
 * "Send follow-up" (issue 37): the server's draft in the deal's language, to the committee's contacts
 * with an address (each can be left out) and any address typed; subject and body editable; the next
 * meeting attached as an invite when there is one. Loaded only when opened (send-follow-up.tsx): the
 * deal page's first load carries none of it.
 */
export default function FollowUpEmailDialog({
  opportunityId,
  open,
  onOpenChange,
}: {
  opportunityId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation(['follow-up', 'common']);
  const draft = useFollowUpDraft(opportunityId, open);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('send.title')}
      description={draft.data ? t('send.replyTo', { address: draft.data.reply_to }) : undefined}
      closeLabel={t('send.close')}
      testId="follow-up-email-dialog"
    >
      {draft.isPending ? (
        <LoadingState className={INLINE_STATE}>{t('send.loading')}</LoadingState>
      ) : draft.isError ? (
        <ErrorState className={INLINE_STATE}>{t(errorKey(draft.error))}</ErrorState>
      ) : (
        <FollowUpForm
          key={draft.dataUpdatedAt}
          opportunityId={opportunityId}
          draft={draft.data}
          onSent={() => onOpenChange(false)}
        />
      )}
    </Dialog>
  );
}

function FollowUpForm({
  opportunityId,
  draft,
  onSent,
}: {
  opportunityId: number;
  draft: FollowUpEmailDraft;
  onSent: () => void;
}) {
  const { t } = useTranslation(['follow-up', 'contacts', 'common']);
  const id = useId();
  const send = useSendFollowUp(opportunityId);
  const [chosen, setChosen] = useState(() => new Set(draft.recipients.map((r) => r.email)));
  const [extra, setExtra] = useState('');
  const [subject, setSubject] = useState(draft.subject);
  const [body, setBody] = useState(draft.body);
  const [attachInvite, setAttachInvite] = useState(draft.invite !== null);
  const [errors, setErrors] = useState<Errors>({});

  const toggle = (email: string, on: boolean) =>
    setChosen((before) => {
      const next = new Set(before);
      if (on) next.add(email);
      else next.delete(email);
      return next;
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = splitAddresses(extra);
    const badTyped = typed.find((address) => !followUpAddressSchema.safeParse(address).success);
    if (badTyped) {
      setErrors({ extra: t('send.errors.address', { address: badTyped }) });
      return;
    }
    const to = [...new Set([...draft.recipients.map((r) => r.email).filter((e) => chosen.has(e)), ...typed])];
    const parsed = followUpEmailSendSchema.safeParse({ to, subject, body, attach_invite: attachInvite });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'form') as keyof Errors;
        found[field] ??=
          field === 'to'
            ? to.length === 0
              ? t('send.errors.noRecipient')
              : t('send.errors.tooMany', { max: FOLLOW_UP_MAX_RECIPIENTS })
            : field === 'subject'
              ? t('send.errors.subject', { max: FOLLOW_UP_SUBJECT_MAX })
              : t('send.errors.body', { max: FOLLOW_UP_BODY_MAX });
      }
      setErrors(found);
      return;
    }
    send.mutate(parsed.data, {
      onSuccess: (sent) => {
        toast.success(t('send.sent', { count: sent.to.length + sent.cc.length }));
        onSent();
      },
      onError: (error) =>
        setErrors({
          form: error instanceof ApiError && error.status === 503 ? t('send.errors.mailServer') : t(errorKey(error)),
        }),
    });
  };

  return (
    <form className="space-y-4" onSubmit={submit} noValidate aria-busy={send.isPending}>
      {errors.form && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {errors.form}
        </p>
      )}
      <fieldset aria-describedby={errors.to ? `${id}-to-error` : undefined}>
        <legend className="text-sm font-medium text-slate-800">{t('send.to')}</legend>
        {draft.recipients.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600">{t('send.noContacts')}</p>
        ) : (
          <ul className="mt-2 space-y-2">
            {draft.recipients.map((r) => (
              <li key={r.contact_id}>
                <label className="flex items-start gap-2 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    name="to"
                    value={r.email}
                    className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-300 text-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
                    checked={chosen.has(r.email)}
                    onChange={(e) => toggle(r.email, e.target.checked)}
                  />
                  <span className="min-w-0 [overflow-wrap:anywhere]">
                    <span className="font-medium">{r.full_name}</span> <span className="text-slate-600">&lt;{r.email}&gt;</span>
                    {r.roles.length > 0 && (
                      <span className="block text-xs text-slate-500">
                        {r.roles.map((role) => t(`contacts:roles.${role}`, { defaultValue: role })).join(', ')}
                      </span>
                    )}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
        {errors.to && (
          <p id={`${id}-to-error`} className="mt-1 text-sm text-red-700">
            {errors.to}
          </p>
        )}
      </fieldset>
      <TextField
        label={t('send.extra')}
        hint={t('send.extraHint')}
        value={extra}
        onChange={(e) => setExtra(e.target.value)}
        error={errors.extra}
        inputMode="email"
        autoComplete="off"
        name="extra"
      />
      <TextField
        label={t('subject')}
        value={subject}
        onChange={(e) => setSubject(e.target.value)}
        error={errors.subject}
        maxLength={FOLLOW_UP_SUBJECT_MAX}
        required
        markRequired={false}
        name="subject"
      />
      <Field label={t('body')} error={errors.body}>
        {({ id: bodyId, describedBy, invalid }) => (
          <TextArea
            id={bodyId}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            className="min-h-64 font-mono text-sm"
            value={body}
            maxLength={FOLLOW_UP_BODY_MAX}
            onChange={(e) => setBody(e.target.value)}
            name="body"
          />
        )}
      </Field>
      {draft.invite ? (
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            name="attach_invite"
            className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-300 text-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
            checked={attachInvite}
            onChange={(e) => setAttachInvite(e.target.checked)}
          />
          <span>{t('send.invite', { when: formatDateTime(draft.invite.start) })}</span>
        </label>
      ) : (
        <p className="text-sm text-slate-600">{t('send.noInvite')}</p>
      )}
      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4">
        <Button type="submit" disabled={send.isPending}>
          <Send className="h-4 w-4" aria-hidden />
          {send.isPending ? t('send.sending') : t('send.submit')}
        </Button>
      </div>
    </form>
  );
}
