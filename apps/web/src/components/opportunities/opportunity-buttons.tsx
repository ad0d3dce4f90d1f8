import { Plus, RotateCcw } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyNamed } from '../../lib/lazy-named.ts';
import { Button } from '../ui/button.tsx';

// The dialogs (their form, the shared validation schemas, the dialog primitive) load when they are
// first wanted, not with the page: they were a fifth of the dashboard's first JavaScript.
const loadDialogs = () => import('./create-opportunity-dialog.tsx');
const CreateOpportunityDialog = lazyNamed(loadDialogs, 'CreateOpportunityDialog');
const RecentlyDeletedDialog = lazyNamed(loadDialogs, 'RecentlyDeletedDialog');
/** Hovering or focusing a button starts the download, so the dialog is usually there by the click. */
const preloadOnIntent = { onPointerEnter: () => void loadDialogs(), onFocus: () => void loadDialogs() };

/** "New opportunity": a button, and its dialog once asked for. */
export function CreateOpportunityButton({ detailHref }: { detailHref?: (id: number) => string }) {
  const { t } = useTranslation('opportunities');
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <Button
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        {...preloadOnIntent}
        data-testid="new-opportunity"
      >
        <Plus className="h-4 w-4" aria-hidden />
        {t('edit.new')}
      </Button>
      {/* Kept once loaded: a draft survives closing the dialog, as it always has. */}
      {wanted && (
        <Suspense fallback={null}>
          <CreateOpportunityDialog detailHref={detailHref} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}

/** "Recently deleted": a button, and its dialog once asked for. */
export function RecentlyDeletedButton() {
  const { t } = useTranslation('opportunities');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} {...preloadOnIntent} data-testid="recently-deleted">
        <RotateCcw className="h-4 w-4" aria-hidden />
        {t('edit.recentlyDeleted')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <RecentlyDeletedDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
