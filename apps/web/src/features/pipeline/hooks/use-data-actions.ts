import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { invalidateRepData, useCreateSampleOpportunities } from '../../../lib/api/create-sample-opportunities.ts';

/** Refresh everything computed from the rep's rows, or add the sample opportunities. */
export function useDataActions() {
  const { t } = useTranslation('pipeline');
  const queryClient = useQueryClient();
  const sample = useCreateSampleOpportunities();
  const [refreshing, setRefreshing] = useState(false);
  const refresh = async () => {
    setRefreshing(true);
    try {
      await invalidateRepData(queryClient);
      toast.success(t('toasts.refreshed'));
    } finally {
      setRefreshing(false);
    }
  };
  const createSample = () =>
    sample.mutate(undefined, {
      onSuccess: () => toast.success(t('toasts.sampleCreated'), { description: t('toasts.sampleCreatedBody') }),
      onError: (error) => toast.error(t('toasts.sampleError'), { description: error.message }),
    });
  return { refresh, refreshing, createSample, creating: sample.isPending };
}
