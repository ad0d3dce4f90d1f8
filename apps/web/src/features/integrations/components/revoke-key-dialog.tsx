import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import type { ApiKey } from '../api/api-keys.ts';
import { useReturnFocus } from '../../../lib/use-return-focus.ts';

/** Revoking cannot be undone: the integration using the key stops at its next call. */
export function RevokeKeyDialog({
  apiKey,
  pending,
  onConfirm,
  onCancel,
}: {
  apiKey: ApiKey | null;
  pending: boolean;
  onConfirm: (key: ApiKey) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('integrations');
  const returnFocus = useReturnFocus(apiKey !== null);
  return (
    <Dialog.Root open={apiKey !== null} onOpenChange={(open) => !open && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content
          role="alertdialog"
          onCloseAutoFocus={returnFocus}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-5 shadow-xl"
        >
          <Dialog.Title className="text-lg font-semibold text-slate-900">
            {t('revoke.title', { name: apiKey?.name ?? '' })}
          </Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-slate-600">{t('revoke.description')}</Dialog.Description>
          <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Dialog.Close asChild>
              <Button variant="secondary">{t('revoke.cancel')}</Button>
            </Dialog.Close>
            <Button variant="destructive" disabled={pending} onClick={() => apiKey && onConfirm(apiKey)}>
              {t('revoke.confirm')}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
