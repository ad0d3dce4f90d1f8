import { CommitteePanel } from '../../features/contacts/components/committee-panel.tsx';
import { DealNotes } from '../../features/deal-notes/components/deal-notes.tsx';
import { OpportunityPage } from '../../features/opportunities/routes/opportunity-page.tsx';

/** The rep's deal page (opportunities feature) with the contacts feature's buying committee and the deal's notes beside the deal. */
export function RepOpportunity() {
  return <OpportunityPage committee={CommitteePanel} notes={DealNotes} />;
}
