import { useTranslation } from 'react-i18next';
import { ShownOnceDialog } from '../../../components/ui/shown-once-dialog.tsx';
import type { CreatedApiKey } from '../api/api-keys.ts';

/** The only place the full key ever appears: closing the dialog forgets it. */
export function CreatedKeyDialog({ created, onClose }: { created: CreatedApiKey | null; onClose: () => void }) {
  const { t } = useTranslation('integrations');
  return (
    <ShownOnceDialog
      value={created?.key ?? null}
      texts={{
        title: t('created.title', { name: created?.name ?? '' }),
        once: t('created.once'),
        label: t('created.keyLabel'),
        copy: t('created.copy'),
        copied: t('created.copied'),
        done: t('created.done'),
      }}
      testId="created-api-key"
      onClose={onClose}
    />
  );
}
