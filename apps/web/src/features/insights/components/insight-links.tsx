import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { paths } from '../../../lib/paths.ts';

const LINKS = [
  { to: paths.manager.forecast.getHref(), key: 'links.forecast' },
  { to: paths.manager.risks.getHref(), key: 'links.risks' },
  { to: paths.manager.trends.getHref(), key: 'links.trends' },
] as const;

/** Forecast, risks and trends side by side: the manager's Monday questions, one click apart. */
export function InsightLinks() {
  const { t } = useTranslation('insights');
  return (
    <nav aria-label={t('links.forecast')} className="flex flex-wrap gap-2">
      {LINKS.map((link) => (
        <NavLink
          key={link.to}
          to={link.to}
          end
          className={({ isActive }) =>
            `rounded-full px-3 py-1 text-sm font-semibold ring-1 ring-inset focus-visible:outline-2 focus-visible:outline-brand-600 ${isActive ? 'bg-brand-600 text-white ring-brand-600' : 'text-slate-700 ring-slate-300 hover:bg-slate-50'}`
          }
        >
          {t(link.key)}
        </NavLink>
      ))}
    </nav>
  );
}
