import { AudioLines, Building2, Briefcase, Columns3, Contact, LayoutDashboard, ListTodo } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../lib/paths.ts';
import { useForecastCallReminder } from '../../features/pipeline/api/forecast-call.ts';
import { WorkspaceLayout, type WorkspaceNavItem } from './workspace-layout.tsx';

/** A dot beside Dashboard while this week's forecast call is due and not made (the dashboard says more). */
function ForecastCallDue() {
  const { t } = useTranslation('workspace');
  const reminder = useForecastCallReminder();
  if (!reminder.data?.remind) return null;
  return (
    <span
      className="ml-auto h-2.5 w-2.5 shrink-0 rounded-full bg-amber-500 ring-2 ring-amber-100"
      title={t('nav.forecastCallDue')}
      data-testid="forecast-call-due-badge"
    >
      <span className="sr-only">, {t('nav.forecastCallDue')}</span>
    </span>
  );
}

const ITEMS: WorkspaceNavItem[] = [
  { to: paths.rep.dashboard.getHref(), labelKey: 'nav.dashboard', icon: LayoutDashboard, end: true, badge: ForecastCallDue },
  { to: paths.rep.tasks.getHref(), labelKey: 'nav.tasks', icon: ListTodo },
  { to: paths.rep.opportunities.getHref(), labelKey: 'nav.opportunities', icon: Briefcase },
  { to: paths.rep.pipeline.getHref(), labelKey: 'nav.pipeline', icon: Columns3 },
  { to: paths.rep.companies.getHref(), labelKey: 'nav.companies', icon: Building2 },
  { to: paths.rep.contacts.getHref(), labelKey: 'nav.contacts', icon: Contact },
  { to: paths.rep.analyze.getHref(), labelKey: 'nav.analyzeCall', icon: AudioLines },
];

export function RepLayout() {
  return <WorkspaceLayout items={ITEMS} />;
}
