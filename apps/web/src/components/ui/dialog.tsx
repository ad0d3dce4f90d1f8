import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useReturnFocus } from '../../lib/use-return-focus.ts';

/**
 * A centred modal dialog with its title, an optional description and a close button. Closing it puts
 * focus back on the control that opened it.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  closeLabel,
  children,
  testId,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  closeLabel: string;
  children: ReactNode;
  testId?: string;
  /** Where focus goes on closing when the control that opened the dialog is gone by then. */
  returnFocusTo?: () => HTMLElement | null | undefined;
}) {
  const returnFocus = useReturnFocus(open, returnFocusTo);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <RadixDialog.Content
          data-testid={testId}
          onCloseAutoFocus={returnFocus}
          className="fixed inset-x-2 top-4 z-50 mx-auto flex max-h-[calc(100dvh-2rem)] max-w-lg flex-col rounded-xl bg-white shadow-xl focus:outline-none sm:top-16"
        >
          <div className="flex items-start justify-between gap-3 border-b border-slate-200 p-4">
            <div className="min-w-0">
              <RadixDialog.Title className="text-lg font-bold text-slate-900">{title}</RadixDialog.Title>
              {description ? (
                <RadixDialog.Description className="text-sm text-slate-600">{description}</RadixDialog.Description>
              ) : (
                <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
              )}
            </div>
            <RadixDialog.Close className="rounded-md p-2 text-slate-600 hover:bg-slate-100" aria-label={closeLabel}>
              <X className="h-5 w-5" aria-hidden />
            </RadixDialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto p-4">{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
