import { Link } from 'react-router';
import type { InsightDeal } from '@nexa/domain';
import { paths } from '../../../lib/paths.ts';

/** A deal's name, linking to the manager's view of it when a representative owns it. */
export function DealLink({ deal, fallback, testId }: { deal: InsightDeal; fallback: string; testId?: string }) {
  const name = deal.client_company_name?.trim() || fallback;
  const label = deal.product ? `${name} — ${deal.product}` : name;
  if (!deal.owner_id) return <span>{label}</span>;
  return (
    <Link
      to={paths.manager.representativeOpportunity.getHref(deal.owner_id, deal.id)}
      className="font-medium text-brand-700 hover:underline"
      data-testid={testId}
    >
      {label}
    </Link>
  );
}
