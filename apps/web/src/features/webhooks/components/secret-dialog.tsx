import { useTranslation } from 'react-i18next';
import { ShownOnceDialog } from '../../../components/ui/shown-once-dialog.tsx';
import type { CreatedWebhookEndpoint } from '../api/webhooks.ts';

/** The only place the signing secret ever appears: closing the dialog forgets it. */
export function SecretDialog({ created, onClose }: { created: CreatedWebhookEndpoint | null; onClose: () => void }) {
  const { t } = useTranslation('webhooks');
  return (
    <ShownOnceDialog
      value={created?.secret ?? null}
      texts={{
        title: t('secret.title'),
        once: t('secret.once'),
        label: t('secret.label'),
        copy: t('secret.copy'),
        copied: t('secret.copied'),
        done: t('secret.done'),
      }}
      context={created?.url}
      footnote={t('secret.verify')}
      testId="webhook-secret"
      onClose={onClose}
    />
  );
}
