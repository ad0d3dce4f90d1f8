import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { fieldLabel, type OpportunityDetail } from '@nexa/domain';
import { conflictCurrent, usePatchOpportunity } from '../../lib/api/edit-opportunity.ts';
import { useRepresentatives } from '../../lib/api/get-representatives.ts';
import { cn } from '../../lib/cn.ts';
import { Button } from '../ui/button.tsx';
import { inputClass } from '../ui/text-field.tsx';
import { validationKey } from './editable-field.tsx';

/** A manager gives the deal to another active representative. */
export function OwnerField({ deal }: { deal: OpportunityDetail }) {
  const { t } = useTranslation('opportunities');
  const id = useId();
  const reps = useRepresentatives({ q: '', sort: 'full_name', page: 1, pageSize: 200 });
  const patch = usePatchOpportunity(deal.id);
  const [owner, setOwner] = useState(deal.owner_id ?? '');
  const options = (reps.data?.items ?? []).filter((rep) => rep.id);
  const save = (version: number) =>
    patch.mutate(
      { version, owner_id: owner },
      {
        onSuccess: () => toast.success(t('edit.reassigned')),
        onError: (err) => {
          const current = conflictCurrent(err);
          if (current) return save(current.version);
          toast.error(t(validationKey(err)));
        },
      },
    );
  return (
    <div data-testid="field-owner_id">
      <dt>
        <label htmlFor={id} className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
          {t(fieldLabel('owner_id'))}
        </label>
      </dt>
      <dd className="mt-1 flex gap-2">
        <select id={id} value={owner} onChange={(e) => setOwner(e.target.value)} className={cn(inputClass, 'h-10 py-0')}>
          {!deal.owner_id && <option value="">{t('edit.unassigned')}</option>}
          {options.map((rep) => (
            <option key={rep.id} value={rep.id!}>
              {rep.full_name}
            </option>
          ))}
        </select>
        <Button
          size="sm"
          className="h-10"
          disabled={!owner || owner === deal.owner_id || patch.isPending}
          onClick={() => save(deal.version)}
        >
          {t('edit.reassign')}
        </Button>
      </dd>
    </div>
  );
}
