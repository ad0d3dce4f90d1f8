import { useLocation } from 'react-router';
import { managerDealHref, paths } from '../../lib/paths.ts';

/**
 * The workspace an account page is opened in (a representative's My Companies, or a manager's
 * Accounts): its links stay in it. A manager opens a deal through its representative and a contact
 * in their own contacts, as everywhere in their workspace.
 */
export function useAccountLinks() {
  const manager = useLocation().pathname.startsWith(paths.manager.dashboard.getHref());
  return {
    manager,
    list: manager ? paths.manager.accounts.getHref() : paths.rep.companies.getHref(),
    account: (id: number) => (manager ? paths.manager.account.getHref(id) : paths.rep.account.getHref(id)),
    contact: (id: number) => (manager ? paths.manager.contact.getHref(id) : paths.rep.contact.getHref(id)),
    deal: (deal: { id: number; owner_id: string | null }) =>
      manager ? managerDealHref(deal) : paths.rep.opportunity.getHref(deal.id),
  };
}
