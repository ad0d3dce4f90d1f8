import { OpportunitiesCard } from '../../features/opportunities/components/opportunities-card.tsx';
import { RepDashboardPage } from '../../features/pipeline/routes/dashboard-page.tsx';
import { TasksCard } from '../../features/tasks/components/tasks-card.tsx';
import { paths } from '../../lib/paths.ts';

const RepTasksCard = () => <TasksCard href={paths.rep.tasks.getHref()} />;

/** The rep's dashboard (pipeline feature) with the opportunities feature's list and the tasks feature's card. */
export function RepDashboard() {
  return <RepDashboardPage opportunities={OpportunitiesCard} tasks={RepTasksCard} />;
}
