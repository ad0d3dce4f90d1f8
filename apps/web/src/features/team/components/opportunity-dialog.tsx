import * as Dialog from '@radix-ui/react-dialog';
import { ExternalLink, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { useOpportunity } from '../../../lib/api/get-opportunity.ts';
import { OpportunityView } from '../../../components/opportunities/opportunity-view.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useReturnFocus } from '../../../lib/use-return-focus.ts';

/** An opportunity of the representative in a dialog: scoring, answers, feedback and the download. */
export function OpportunityDialog({ repId, oppId, onClose }: { repId: string; oppId: number | null; onClose: () => void }) {
  const { t } = useTranslation('team');
  const query = useOpportunity(oppId);
  const returnFocus = useReturnFocus(oppId !== null);
  const title = query.data ? query.data.client_company_name || t('opportunity.unnamed') : t('opportunity.title');
  return (
    <Dialog.Root open={oppId !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          onCloseAutoFocus={returnFocus}
          className="fixed inset-x-2 top-4 bottom-4 z-50 mx-auto flex max-w-4xl flex-col rounded-xl bg-white shadow-xl focus:outline-none sm:inset-x-6 sm:top-10 sm:bottom-10"
        >
          <div className="flex items-start justify-between gap-3 border-b border-slate-200 p-4 sm:p-5">
            <div className="min-w-0">
              <Dialog.Title className="truncate text-lg font-bold sm:text-xl">{title}</Dialog.Title>
              <Dialog.Description className="text-sm text-slate-600">
                {query.data?.product ?? t('opportunity.subtitle')}
              </Dialog.Description>
            </div>
            <Dialog.Close className="rounded-md p-2 text-slate-600 hover:bg-slate-100" aria-label={t('opportunity.close')}>
              <X className="h-5 w-5" aria-hidden />
            </Dialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto p-4 sm:p-5">
            {query.isPending && (
              <div className="space-y-3" aria-busy="true" aria-label={t('opportunity.loading')}>
                <Skeleton className="h-5 w-2/3" />
                <Skeleton className="h-24 w-full" />
                <Skeleton className="h-40 w-full" />
              </div>
            )}
            {query.isError && (
              <p role="alert" className="text-red-700">
                {t('opportunity.notFound')}
              </p>
            )}
            {query.data && (
              <>
                <div className="space-y-5">
                  <OpportunityView opportunity={query.data} readOnly isManager headingLevel={3} />
                </div>
                <Link
                  to={paths.manager.representativeOpportunity.getHref(repId, query.data.id)}
                  className="mt-5 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
                >
                  {t('opportunity.openPage')}
                  <ExternalLink className="h-4 w-4" aria-hidden />
                </Link>
              </>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
