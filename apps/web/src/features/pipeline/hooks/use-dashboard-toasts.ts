import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';

/** A failed load and an empty database each raise one toast. */
export function useDashboardToasts(isError: boolean, totalDeals: number | undefined) {
  const { t } = useTranslation('pipeline');
  const warnedEmpty = useRef(false);
  useEffect(() => {
    if (isError) toast.error(t('toasts.loadError'), { description: t('toasts.loadErrorBody') });
  }, [isError, t]);
  useEffect(() => {
    if (totalDeals === 0 && !warnedEmpty.current) {
      warnedEmpty.current = true;
      toast.warning(t('toasts.emptyDb'), { description: t('toasts.emptyDbBody') });
    }
  }, [totalDeals, t]);
}
