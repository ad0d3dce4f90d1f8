import { useTranslation } from 'react-i18next';
import { usePageMeta } from '../../../lib/use-page-meta.ts';

export function LeadsInboxPage() {
  const { t } = useTranslation('leads');
  usePageMeta(`${t('inbox.title')} — Nexa`);
  return (
    <section className="mx-auto max-w-5xl px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">{t('inbox.title')}</h1>
    </section>
  );
}
