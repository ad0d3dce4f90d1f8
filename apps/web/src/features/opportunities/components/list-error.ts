import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client.ts';

const DATE_FIELDS = new Set(['from', 'to', 'closing_from', 'closing_to']);

/**
 * Why the list could not be shown, in the reader's language. A 400 is the server refusing the
 * filters, and it names the field: saying "could not fetch" would send the reader to retry what
 * cannot work.
 */
export function listErrorMessage(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && error.status === 400) {
    if (error.field && DATE_FIELDS.has(error.field)) return t('opportunities:list.dateRangeInverted');
    return t(`common:errors.${error.code}`, { defaultValue: t('common:errors.bad_request') });
  }
  return t('opportunities:toasts.fetchErrorBody');
}
