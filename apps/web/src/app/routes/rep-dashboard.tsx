import { OpportunitiesCard } from '../../features/opportunities/components/opportunities-card.tsx';
import { RepDashboardPage } from '../../features/pipeline/routes/dashboard-page.tsx';

/** The rep's dashboard (pipeline feature) with the opportunities feature's list as its card. */
export function RepDashboard() {
  return <RepDashboardPage opportunities={OpportunitiesCard} />;
}
