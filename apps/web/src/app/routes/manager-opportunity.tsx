import { DealNotes } from '../../features/deal-notes/components/deal-notes.tsx';
import { RepresentativeOpportunityPage } from '../../features/team/routes/representative-opportunity-page.tsx';

/** A representative's deal as the manager sees it (team feature), with the deal's notes. */
export function ManagerOpportunity() {
  return <RepresentativeOpportunityPage notes={DealNotes} />;
}
