import * as Dialog from '@radix-ui/react-dialog';
import { Check, Copy, TriangleAlert } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { useReturnFocus } from '../../../lib/use-return-focus.ts';
import type { CreatedWebhookEndpoint } from '../api/webhooks.ts';

/** The only place the signing secret ever appears: closing the dialog forgets it. */
export function SecretDialog({ created, onClose }: { created: CreatedWebhookEndpoint | null; onClose: () => void }) {
  const { t } = useTranslation('webhooks');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const returnFocus = useReturnFocus(created !== null);

  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.secret);
      setCopied(true);
    } catch {
      // Clipboard refused (permissions, http): select the text so the user can copy it by hand.
      input.current?.select();
    }
  };

  return (
    <Dialog.Root
      open={created !== null}
      onOpenChange={(open) => {
        if (!open) {
          setCopied(false);
          onClose();
        }
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content
          onCloseAutoFocus={returnFocus}
          className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] max-w-xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-5 shadow-xl"
        >
          <Dialog.Title className="text-lg font-semibold text-slate-900">{t('secret.title')}</Dialog.Title>
          <Dialog.Description className="mt-2 flex gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
            <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            <span>{t('secret.once')}</span>
          </Dialog.Description>
          <p className="mt-3 text-sm break-all text-slate-600">{created?.url}</p>
          <label htmlFor={`${id}-secret`} className="mt-4 block text-sm font-medium text-slate-800">
            {t('secret.label')}
          </label>
          <div className="mt-1.5 flex flex-col gap-2 sm:flex-row">
            <input
              ref={input}
              id={`${id}-secret`}
              readOnly
              value={created?.secret ?? ''}
              onFocus={(event) => event.currentTarget.select()}
              data-testid="webhook-secret"
              className="block w-full min-w-0 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-900"
            />
            <Button variant="secondary" onClick={copy} className="shrink-0">
              {copied ? <Check className="h-4 w-4" aria-hidden /> : <Copy className="h-4 w-4" aria-hidden />}
              {copied ? t('secret.copied') : t('secret.copy')}
            </Button>
          </div>
          <p className="mt-3 text-xs text-slate-500">{t('secret.verify')}</p>
          <p className="sr-only" role="status">
            {copied ? t('secret.copied') : ''}
          </p>
          <div className="mt-5 flex justify-end">
            <Dialog.Close asChild>
              <Button>{t('secret.done')}</Button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
