import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardCard } from '@nexa/domain';
import { OpportunityFilterBar } from '../../../components/opportunities/opportunity-filters.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/query-state.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { useRepresentatives } from '../../../lib/api/get-representatives.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';
import { paths } from '../../../lib/paths.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { useUrlFilters } from '../../../lib/use-url-filters.ts';
import { toast } from 'sonner';
import { boardFilters, useBoard, type BoardFilters } from '../api/get-board.ts';
import type { CardLinks } from '../components/board/board-card.tsx';
import { PipelineBoard } from '../components/board/pipeline-board.tsx';

type UrlFilters = BoardFilters & Record<string, string | number | undefined>;

function BoardPage({ manager }: { manager: boolean }) {
  const { t } = useTranslation('pipeline');
  usePageMeta(`${t('board.title')} — Nexa`);
  const [urlFilters, setFilters] = useUrlFilters<UrlFilters>();
  const filters = boardFilters(urlFilters);
  const board = useBoard(filters);
  const representatives = useRepresentatives({ q: '', sort: 'full_name', page: 1, pageSize: 200 }, manager);

  useEffect(() => {
    if (board.isError) toast.error(t('board.error'));
  }, [board.isError, t]);

  const names = new Map((representatives.data?.items ?? []).map((r) => [r.id, r.full_name]));
  const links: CardLinks = manager
    ? {
        href: (card: BoardCard) =>
          card.owner_id ? paths.manager.representativeOpportunity.getHref(card.owner_id, card.id) : null,
        ownerName: (card: BoardCard) =>
          (card.owner_id && names.get(card.owner_id)) || card.account_manager || t('board.unassigned'),
      }
    : { href: (card: BoardCard) => paths.rep.opportunity.getHref(card.id) };

  return (
    <div className="mx-auto max-w-[96rem] space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('board.title')}</h1>
        <p className="text-slate-600">{t(manager ? 'board.managerSubtitle' : 'board.subtitle')}</p>
      </header>
      <Card>
        <CardContent className="space-y-3 pt-4 sm:pt-5">
          {manager && (
            <label className="flex flex-col gap-1 text-sm font-medium text-slate-800 sm:max-w-xs">
              {t('board.representative')}
              <Select value={filters.owner ?? ''} onChange={(e) => setFilters({ owner: e.target.value || undefined })}>
                <option value="">{t('board.allRepresentatives')}</option>
                {representatives.data?.items.map((r) =>
                  r.id === null ? null : (
                    <option key={r.id} value={r.id}>
                      {r.full_name}
                    </option>
                  ),
                )}
              </Select>
            </label>
          )}
          <OpportunityFilterBar value={filters} onChange={({ page: _page, ...patch }) => setFilters(patch)} />
        </CardContent>
      </Card>
      {board.isPending ? (
        <LoadingState>{t('board.loading')}</LoadingState>
      ) : board.isError ? (
        <ErrorState>{t('board.error')}</ErrorState>
      ) : (
        <PipelineBoard board={board.data} filters={filters} boardKey={queryKeys.pipeline.board(filters)} links={links} />
      )}
    </div>
  );
}

export function RepPipelinePage() {
  return <BoardPage manager={false} />;
}

export function ManagerPipelinePage() {
  return <BoardPage manager />;
}
