import { clsx } from 'clsx';
import { ChartColumn, ClipboardList, Database, Eye, MessagesSquare, Rocket, Sparkles, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { BENEFIT_CARD_IDS, type BenefitCardId } from '@nexa/domain/cards';

const ICONS: Record<BenefitCardId, LucideIcon> = {
  crm: Database,
  'data-capture': ClipboardList,
  'call-gaps': MessagesSquare,
  'deal-visibility': Eye,
  'management-insights': ChartColumn,
  'rapid-implementation': Rocket,
};

/** The six benefit cards, always in the same order; the recommended ones carry a visible, read-out badge. */
export function BenefitCards({ recommended }: { recommended: readonly BenefitCardId[] }) {
  const { t } = useTranslation('analysis');
  return (
    <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={t('cardsLabel')}>
      {BENEFIT_CARD_IDS.map((id) => {
        const Icon = ICONS[id];
        const isRecommended = recommended.includes(id);
        return (
          <li
            key={id}
            data-card={id}
            data-recommended={isRecommended || undefined}
            className={clsx(
              'relative rounded-xl border p-5 transition-colors',
              isRecommended ? 'border-brand-500 bg-brand-50 ring-2 ring-brand-500' : 'border-slate-200 bg-white',
            )}
          >
            <div className="flex items-start justify-between gap-3">
              <span
                className={clsx(
                  'inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-lg',
                  isRecommended ? 'bg-brand-600 text-white' : 'bg-slate-100 text-slate-700',
                )}
                aria-hidden="true"
              >
                <Icon className="h-5 w-5" />
              </span>
              {isRecommended && (
                <span className="inline-flex items-center gap-1 rounded-full bg-brand-600 px-2.5 py-1 text-xs font-semibold text-white">
                  <Sparkles className="h-3.5 w-3.5" aria-hidden="true" />
                  {t('recommendedBadge')}
                </span>
              )}
            </div>
            <h3 className="mt-4 font-semibold text-slate-900">{t(`cards.${id}.title`)}</h3>
            <p className="mt-2 text-sm text-slate-600">{t(`cards.${id}.body`)}</p>
          </li>
        );
      })}
    </ul>
  );
}
