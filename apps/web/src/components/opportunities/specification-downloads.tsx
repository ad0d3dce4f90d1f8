import { FileDown, FileText, Paperclip } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../ui/button.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { downloadSpecification, specificationUrl, type SpecificationFormat } from '../../lib/api/download-specification.ts';

/** One download with the catalogue's toasts. */
export function useSpecificationDownload(id: number) {
  const { t } = useTranslation('opportunities');
  const [busy, setBusy] = useState<SpecificationFormat | null>(null);
  const run = async (format: SpecificationFormat) => {
    setBusy(format);
    try {
      await downloadSpecification(id, format);
      if (format === 'pdf') {
        toast.success(t('toasts.downloadStarted', { label: t('detail.pdfLabel') }), {
          description: t('toasts.downloadStartedBody'),
        });
      } else {
        toast.success(t('toasts.generated'), { description: t('toasts.generatedBody') });
      }
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        toast.error(t('toasts.generationFailed'), { description: t('toasts.generationFailedBody') });
      } else {
        toast.error(t('toasts.downloadFailed'), { description: t('toasts.downloadFailedBody') });
      }
    } finally {
      setBusy(null);
    }
  };
  return { run, busy };
}

export function SpecificationDownloads({ id, attachedFile }: { id: number; attachedFile: string | null }) {
  const { t } = useTranslation('opportunities');
  const { run, busy } = useSpecificationDownload(id);
  const openAttachment = () => {
    window.open(specificationUrl(id, 'attachment'), '_blank', 'noopener');
    toast.success(t('toasts.downloadStarted', { label: t('detail.attachmentLabel') }), {
      description: t('toasts.downloadStartedBody'),
    });
  };
  return (
    <div className="flex flex-wrap gap-2" aria-label={t('detail.downloads')} role="group">
      <Button size="sm" onClick={() => void run('pdf')} disabled={busy !== null} data-testid="download-pdf">
        <FileDown className="h-4 w-4" aria-hidden />
        {t('detail.downloadPdf')}
      </Button>
      <Button size="sm" variant="secondary" onClick={() => void run('txt')} disabled={busy !== null} data-testid="download-txt">
        <FileText className="h-4 w-4" aria-hidden />
        {t('detail.downloadTxt')}
      </Button>
      {/* Offered only where a file exists: a button that can only answer "no file" is a dead end. */}
      {attachedFile && (
        <Button size="sm" variant="secondary" onClick={openAttachment} data-testid="download-attachment">
          <Paperclip className="h-4 w-4" aria-hidden />
          {t('detail.downloadAttachment')}
        </Button>
      )}
    </div>
  );
}
