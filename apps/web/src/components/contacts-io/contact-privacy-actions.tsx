import { useQueryClient } from '@tanstack/react-query';
import { FileDown, ShieldX } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { apiRequest, errorKey } from '../../lib/api-client.ts';
import { downloadFile } from '../../lib/download.ts';

/**
 * A manager's answers to a contact's requests (docs/privacy.md): download everything held on them
 * (JSON), or erase them after confirming by typing their name (cannot be undone). `onErased` runs
 * once the server has erased them (leave their page then).
 */
export function ContactPrivacyActions({
  contactId,
  fullName,
  onErased,
}: {
  contactId: number;
  fullName: string;
  onErased: () => void;
}) {
  const { t } = useTranslation('contacts-io');
  const queryClient = useQueryClient();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const confirmed = typed.trim().toLocaleLowerCase() === fullName.trim().toLocaleLowerCase();

  const exportData = async () => {
    try {
      await downloadFile(`/api/contacts/${contactId}/export`, `contact-${contactId}-personal-data.json`);
    } catch (error) {
      toast.error(t('privacy.exportFailed'), { description: t(errorKey(error)) });
    }
  };

  const erase = async () => {
    if (!confirmed) return;
    setBusy(true);
    try {
      await apiRequest(`/api/contacts/${contactId}/erase`, { method: 'POST', body: { confirm: true } });
      setOpen(false);
      toast.success(t('privacy.erased'));
      void queryClient.invalidateQueries();
      onErased();
    } catch (error) {
      toast.error(t('privacy.eraseFailed'), { description: t(errorKey(error)) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" onClick={() => void exportData()}>
        <FileDown className="h-4 w-4" aria-hidden />
        {t('privacy.export')}
      </Button>
      <Button variant="secondary" className="text-red-700" onClick={() => setOpen(true)}>
        <ShieldX className="h-4 w-4" aria-hidden />
        {t('privacy.erase')}
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setTyped('');
        }}
        title={t('privacy.eraseTitle')}
        description={t('privacy.eraseDescription')}
        closeLabel={t('privacy.cancel')}
      >
        <form
          className="space-y-3 p-4"
          onSubmit={(event) => {
            event.preventDefault();
            void erase();
          }}
        >
          <label htmlFor={`${id}-name`} className="block text-sm font-medium text-slate-800">
            {t('privacy.typeName', { name: fullName })}
          </label>
          <input
            id={`${id}-name`}
            className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
            autoComplete="off"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t('privacy.cancel')}
            </Button>
            <Button type="submit" variant="destructive" disabled={!confirmed || busy}>
              {t('privacy.confirm')}
            </Button>
          </div>
        </form>
      </Dialog>
    </div>
  );
}
