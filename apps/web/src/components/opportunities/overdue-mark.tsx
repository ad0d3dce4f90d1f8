import { AlertTriangle } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * The marker beside a date that has passed on an open deal (overdue of @nexa/domain/deal-timing):
 * a meeting months ago or a close date behind us reads as work to do, not as a plain date. Its words
 * wrap rather than overflow a narrow board column ("Rendez-vous dépassé" in French).
 */
export function OverdueMark({ kind }: { kind: 'meeting' | 'closing' }) {
  const { t } = useTranslation('common');
  return (
    <span
      className="inline-flex max-w-full items-center gap-0.5 rounded bg-red-50 px-1 text-[11px] font-semibold text-red-700"
      data-testid={`overdue-${kind}`}
    >
      <AlertTriangle className="h-3 w-3 shrink-0" aria-hidden />
      {t(`overdue.${kind}`)}
    </span>
  );
}
