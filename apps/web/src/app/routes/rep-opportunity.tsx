import { CommitteePanel } from '../../features/contacts/components/committee-panel.tsx';
import { OpportunityPage } from '../../features/opportunities/routes/opportunity-page.tsx';

/** The rep's deal page (opportunities feature) with the contacts feature's buying committee beside the deal. */
export function RepOpportunity() {
  return <OpportunityPage committee={CommitteePanel} />;
}
