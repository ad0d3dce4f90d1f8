import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { draftToInput, type ContactDraft } from '../contact-logic.ts';
import { ContactFields } from './contact-fields.tsx';

type ContactInput = Extract<ReturnType<typeof draftToInput>, { ok: true }>['value'];

/**
 * A contact's form in a dialog, for a new contact and an edit alike: checked as the server checks it
 * (the name required, the e-mail and time zone valid) before `onSave` sends it.
 */
export function ContactDialog({
  open,
  onOpenChange,
  title,
  initial,
  saving,
  onSave,
  testId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  initial: ContactDraft;
  saving: boolean;
  onSave: (input: ContactInput) => void;
  testId: string;
}) {
  const { t } = useTranslation('contacts');
  const [draft, setDraft] = useState<ContactDraft>(initial);
  const [problem, setProblem] = useState<'required' | 'invalid' | null>(null);
  useEffect(() => {
    if (!open) return;
    setDraft(initial);
    setProblem(null);
  }, [open, initial]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = draftToInput(draft);
    if (!input.ok) return setProblem(input.error);
    setProblem(null);
    onSave(input.value);
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} closeLabel={t('form.close')} testId={testId}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <ContactFields draft={draft} onChange={setDraft} nameError={problem === 'required' ? t('form.required') : undefined} />
        {problem === 'invalid' && (
          <p role="alert" className="text-sm text-red-700">
            {t('form.invalid')}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? t('form.saving') : t('form.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
