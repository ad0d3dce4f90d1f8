import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../ui/button.tsx';
import { errorKey } from '../../lib/api-client.ts';
import { downloadFile } from '../../lib/download.ts';

/**
 * Downloads of what the person sees: the accounts as CSV, or the contacts (of one account when given)
 * as CSV and as vCard for an address book.
 */
export function PeopleExportLinks({ kind, accountId }: { kind: 'accounts' | 'contacts'; accountId?: number }) {
  const { t } = useTranslation('contacts-io');
  const [busy, setBusy] = useState(false);
  const query = accountId ? `?account_id=${accountId}` : '';
  const formats = kind === 'accounts' ? (['csv'] as const) : (['csv', 'vcf'] as const);
  const download = async (format: 'csv' | 'vcf') => {
    setBusy(true);
    try {
      await downloadFile(`/api/${kind}/export.${format}${query}`, `nexa-${kind}.${format}`);
    } catch (error) {
      toast.error(t('export.failed'), { description: t(errorKey(error)) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label={t(`export.${kind}`)}>
      {formats.map((format) => (
        <Button key={format} variant="secondary" disabled={busy} onClick={() => void download(format)}>
          <Download className="h-4 w-4" aria-hidden />
          {t(`export.${format}`)}
        </Button>
      ))}
    </div>
  );
}
