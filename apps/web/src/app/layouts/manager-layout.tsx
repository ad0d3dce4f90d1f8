import {
  Briefcase,
  Building2,
  Columns3,
  Contact,
  Inbox,
  KeyRound,
  LayoutDashboard,
  LineChart,
  ListTodo,
  Siren,
  Target,
  UserCog,
  Users,
  Webhook,
} from 'lucide-react';
import { paths } from '../../lib/paths.ts';
import { WorkspaceLayout, type WorkspaceNavItem } from './workspace-layout.tsx';

const ITEMS: WorkspaceNavItem[] = [
  { to: paths.manager.dashboard.getHref(), labelKey: 'nav.dashboard', icon: LayoutDashboard, end: true },
  { to: paths.manager.representatives.getHref(), labelKey: 'nav.representatives', icon: Users },
  { to: paths.manager.opportunities.getHref(), labelKey: 'nav.teamOpportunities', icon: Briefcase },
  { to: paths.manager.pipeline.getHref(), labelKey: 'nav.pipeline', icon: Columns3 },
  { to: paths.manager.accounts.getHref(), labelKey: 'nav.accounts', icon: Building2 },
  { to: paths.manager.contacts.getHref(), labelKey: 'nav.contacts', icon: Contact },
  { to: paths.manager.forecast.getHref(), labelKey: 'nav.forecast', icon: Target },
  { to: paths.manager.risks.getHref(), labelKey: 'nav.risks', icon: Siren },
  { to: paths.manager.tasks.getHref(), labelKey: 'nav.overdueTasks', icon: ListTodo },
  { to: paths.manager.trends.getHref(), labelKey: 'nav.trends', icon: LineChart },
  { to: paths.manager.leads.getHref(), labelKey: 'nav.leads', icon: Inbox },
  { to: paths.manager.integrations.getHref(), labelKey: 'nav.integrations', icon: KeyRound },
  { to: paths.manager.webhooks.getHref(), labelKey: 'nav.webhooks', icon: Webhook },
  { to: paths.manager.team.getHref(), labelKey: 'nav.team', icon: UserCog },
];

export function ManagerLayout() {
  return <WorkspaceLayout items={ITEMS} />;
}
