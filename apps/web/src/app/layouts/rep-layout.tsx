import { AudioLines, Building2, Briefcase, Columns3, LayoutDashboard } from 'lucide-react';
import { paths } from '../../lib/paths.ts';
import { WorkspaceLayout, type WorkspaceNavItem } from './workspace-layout.tsx';

const ITEMS: WorkspaceNavItem[] = [
  { to: paths.rep.dashboard.getHref(), labelKey: 'nav.dashboard', icon: LayoutDashboard, end: true },
  { to: paths.rep.opportunities.getHref(), labelKey: 'nav.opportunities', icon: Briefcase },
  { to: paths.rep.pipeline.getHref(), labelKey: 'nav.pipeline', icon: Columns3 },
  { to: paths.rep.companies.getHref(), labelKey: 'nav.companies', icon: Building2 },
  { to: paths.rep.analyze.getHref(), labelKey: 'nav.analyzeCall', icon: AudioLines },
];

export function RepLayout() {
  return <WorkspaceLayout items={ITEMS} />;
}
