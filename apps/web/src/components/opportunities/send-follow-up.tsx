import { Send } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button.tsx';

// Loaded when the person opens it: the deal page's first load carries none of it.
const FollowUpEmailDialog = lazy(() => import('./follow-up-email-dialog.tsx'));

/**
 * "Send follow-up" (issue 37) and its dialog, on the representative's deal page and the manager's
 * view of a deal alike: whoever may see the deal may send its follow-up.
 */
export function SendFollowUpButton({ opportunityId }: { opportunityId: number }) {
  const { t } = useTranslation('follow-up');
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing it plays out and puts focus back on the button.
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
        aria-haspopup="dialog"
      >
        <Send className="h-4 w-4" aria-hidden />
        {t('send.open')}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <FollowUpEmailDialog opportunityId={opportunityId} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
