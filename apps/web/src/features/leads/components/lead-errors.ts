import type { TFunction } from 'i18next';
import { toast } from 'sonner';
import { ApiError, untrustedOriginMessage } from '../../../lib/api-client.ts';

/**
 * Shows the catalogue's error for a failed submission as a destructive toast.
 * `fallback` is the form's own title and description keys.
 */
export function toastSubmitError(t: TFunction, error: unknown, fallback: { title: string; description: string }) {
  const untrusted = untrustedOriginMessage(t, error);
  if (untrusted) return toast.error(t(fallback.title), { description: untrusted });
  if (error instanceof ApiError) {
    const specific: Record<number, string> = {
      409: 'errors.slotTaken',
      413: 'errors.fileTooLarge',
      415: 'errors.invalidFileType',
      429: 'errors.rateLimited',
      0: 'errors.network',
    };
    const key = specific[error.status] ?? (error.status === 400 ? 'errors.invalidInput' : null);
    if (key) return toast.error(t(fallback.title), { description: t(key) });
  }
  return toast.error(t(fallback.title), { description: t(fallback.description) });
}
