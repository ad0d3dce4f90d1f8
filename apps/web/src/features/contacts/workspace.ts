import { useLocation } from 'react-router';
import { managerDealHref, paths } from '../../lib/paths.ts';

/**
 * The workspace a contacts page is opened in (a representative's or a manager's): links stay in it.
 * A manager opens a deal through its representative, as everywhere in their workspace.
 */
export function useContactLinks() {
  const manager = useLocation().pathname.startsWith(paths.manager.dashboard.getHref());
  return {
    manager,
    list: manager ? paths.manager.contacts.getHref() : paths.rep.contacts.getHref(),
    contact: (id: number) => (manager ? paths.manager.contact.getHref(id) : paths.rep.contact.getHref(id)),
    deal: (deal: { id: number; owner_id?: string | null }) =>
      manager ? managerDealHref(deal) : paths.rep.opportunity.getHref(deal.id),
  };
}
