import * as Dialog from '@radix-ui/react-dialog';
import { Check, Copy, TriangleAlert } from 'lucide-react';
import { useId, useRef, useState, type ReactNode } from 'react';
import { Button } from './button.tsx';
import { useReturnFocus } from '../../lib/use-return-focus.ts';

/** The texts of a ShownOnceDialog, in the caller's own words (its i18n namespace). */
export interface ShownOnceTexts {
  title: string;
  /** The warning that the value will not be shown again. */
  once: string;
  label: string;
  copy: string;
  copied: string;
  done: string;
}

/**
 * The only place a secret the server shows once (an API key, a webhook signing secret) appears:
 * read-only and copyable, with a warning; closing the dialog forgets it. `value` null means closed.
 */
export function ShownOnceDialog({
  value,
  texts,
  context,
  footnote,
  testId,
  onClose,
}: {
  value: string | null;
  texts: ShownOnceTexts;
  /** A line under the warning naming what the value belongs to. */
  context?: ReactNode;
  /** A line under the value (how to use it). */
  footnote?: ReactNode;
  /** The value's input, for tests. */
  testId?: string;
  onClose: () => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const returnFocus = useReturnFocus(value !== null);

  const copy = async () => {
    if (value === null) return;
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      // Clipboard refused (permissions, http): select the text so the user can copy it by hand.
      input.current?.select();
    }
  };

  return (
    <Dialog.Root
      open={value !== null}
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
          <Dialog.Title className="text-lg font-semibold text-slate-900">{texts.title}</Dialog.Title>
          <Dialog.Description className="mt-2 flex gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
            <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            <span>{texts.once}</span>
          </Dialog.Description>
          {context ? <p className="mt-3 text-sm break-all text-slate-600">{context}</p> : null}
          <label htmlFor={`${id}-value`} className="mt-4 block text-sm font-medium text-slate-800">
            {texts.label}
          </label>
          <div className="mt-1.5 flex flex-col gap-2 sm:flex-row">
            <input
              ref={input}
              id={`${id}-value`}
              readOnly
              value={value ?? ''}
              onFocus={(event) => event.currentTarget.select()}
              data-testid={testId}
              className="block w-full min-w-0 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-900"
            />
            <Button variant="secondary" onClick={copy} className="shrink-0">
              {copied ? <Check className="h-4 w-4" aria-hidden /> : <Copy className="h-4 w-4" aria-hidden />}
              {copied ? texts.copied : texts.copy}
            </Button>
          </div>
          {footnote ? <p className="mt-3 text-xs text-slate-500">{footnote}</p> : null}
          <p className="sr-only" role="status">
            {copied ? texts.copied : ''}
          </p>
          <div className="mt-5 flex justify-end">
            <Dialog.Close asChild>
              <Button>{texts.done}</Button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
