import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { parseQuotaInput } from '@nexa/domain';
import { Button } from '../../../components/ui/button.tsx';
import { errorKey } from '../../../lib/api-client.ts';
import { useUpdateQuota } from '../api/update-quota.ts';

/** Sets the representative's quarterly quota; the attainment tile follows from the answer. */
export function QuotaEditor({ repId, quota, isDefault }: { repId: string; quota: number; isDefault: boolean }) {
  const { t } = useTranslation('team');
  const [value, setValue] = useState(String(quota));
  const [invalid, setInvalid] = useState(false);
  const mutation = useUpdateQuota(repId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const quarterlyQuota = parseQuotaInput(value);
    if (quarterlyQuota === null) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    mutation.mutate(quarterlyQuota, {
      onSuccess: () => toast.success(t('representative.quota.saved')),
      onError: (error) => toast.error(t(errorKey(error))),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3">
      <div className="min-w-0 flex-1">
        <label htmlFor="quarterly-quota" className="block text-sm font-medium text-slate-700">
          {t('representative.quota.label')}
          {isDefault && <span className="ml-2 text-xs font-normal text-slate-600">({t('representative.quota.default')})</span>}
        </label>
        <div className="relative mt-1">
          <span className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-slate-500" aria-hidden>
            $
          </span>
          <input
            id="quarterly-quota"
            inputMode="numeric"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            aria-invalid={invalid}
            aria-describedby={invalid ? 'quarterly-quota-error' : undefined}
            className="h-10 w-full min-w-0 rounded-lg border border-slate-300 bg-white pl-7 pr-3 text-sm tabular-nums focus:border-brand-600 aria-[invalid=true]:border-red-500 sm:w-48"
          />
        </div>
        {invalid && (
          <p id="quarterly-quota-error" role="alert" className="mt-1 text-sm text-red-700">
            {t('representative.quota.invalid')}
          </p>
        )}
      </div>
      <Button type="submit" disabled={mutation.isPending}>
        {mutation.isPending ? t('representative.quota.saving') : t('representative.quota.save')}
      </Button>
    </form>
  );
}
