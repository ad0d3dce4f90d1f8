import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Stage } from '@nexa/domain';
import { Button } from '../../../../components/ui/button.tsx';
import { Field, TextArea, TextField } from '../../../../components/ui/text-field.tsx';
import { today } from '../../../../lib/today.ts';
import { useReturnFocus } from '../../../../lib/use-return-focus.ts';

export interface CloseRequest {
  company: string;
  stage: Stage;
}

/** Moving a deal to won or lost asks the day it closed (today unless changed) and, optionally, why. */
export function CloseDealDialog({
  request,
  onConfirm,
  onCancel,
}: {
  request: CloseRequest | null;
  onConfirm: (details: { closing_date: string; close_reason?: string }) => void;
  onCancel: () => void;
}) {
  const returnFocus = useReturnFocus(request !== null);
  return (
    <Dialog.Root open={request !== null} onOpenChange={(open) => !open && onCancel()}>
      {request && (
        <CloseDealForm
          key={`${request.company}-${request.stage}`}
          request={request}
          onConfirm={onConfirm}
          returnFocus={returnFocus}
        />
      )}
    </Dialog.Root>
  );
}

function CloseDealForm({
  request,
  onConfirm,
  returnFocus,
}: {
  request: CloseRequest;
  onConfirm: (details: { closing_date: string; close_reason?: string }) => void;
  returnFocus: (event: Event) => void;
}) {
  const { t } = useTranslation('pipeline');
  const [date, setDate] = useState(today);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const won = request.stage === 'Closed-Win';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!date) return setError(t('board.close.dateRequired'));
    onConfirm({ closing_date: date, close_reason: reason.trim() || undefined });
  };

  return (
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
      <Dialog.Content
        onCloseAutoFocus={returnFocus}
        className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-5 shadow-xl"
      >
        <div className="flex items-start justify-between gap-4">
          <div>
            <Dialog.Title className="text-lg font-semibold text-slate-900">
              {t(won ? 'board.close.titleWin' : 'board.close.titleLost', { company: request.company })}
            </Dialog.Title>
            <Dialog.Description className="mt-1 text-sm text-slate-600">{t('board.close.description')}</Dialog.Description>
          </div>
          <Dialog.Close className="rounded-md p-1 text-slate-500 hover:bg-slate-100" aria-label={t('board.close.cancel')}>
            <X className="h-5 w-5" aria-hidden />
          </Dialog.Close>
        </div>
        <form className="mt-4 space-y-4" onSubmit={submit} noValidate>
          <TextField
            label={t('board.close.date')}
            type="date"
            required
            value={date}
            error={error}
            onChange={(e) => {
              setDate(e.target.value);
              setError(undefined);
            }}
          />
          <Field label={t('board.close.reason')} hint={t('board.close.reasonHint')}>
            {({ id, describedBy }) => (
              <TextArea
                id={id}
                aria-describedby={describedBy}
                maxLength={500}
                className="min-h-20"
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
            )}
          </Field>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Dialog.Close asChild>
              <Button variant="secondary">{t('board.close.cancel')}</Button>
            </Dialog.Close>
            <Button type="submit" variant={won ? 'primary' : 'destructive'}>
              {t(won ? 'board.close.confirmWin' : 'board.close.confirmLost')}
            </Button>
          </div>
        </form>
      </Dialog.Content>
    </Dialog.Portal>
  );
}
