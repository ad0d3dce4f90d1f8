import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { fieldLabel, IMPORT_COLUMNS, IMPORT_MAX_ROWS, type ImportField } from '@nexa/domain';
import { CsvMappingDialog } from '../../../components/csv-import/csv-mapping-dialog.tsx';
import { useImportOpportunities } from '../../../lib/api/import-opportunities.ts';

/** The deals' CSV import: the shared mapping dialog, sending to POST /api/opportunities/import. */
export default function CsvImportDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation(['pipeline', 'opportunities']);
  // The import's own wording of a column where it has one ("Client (contact)"), else the field's label.
  const label = (field: ImportField) => t([`import.fields.${field}`, `opportunities:${fieldLabel(field)}`]);
  const progress = useRef<(fraction: number) => void>(undefined);
  const importing = useImportOpportunities((fraction) => progress.current?.(fraction));

  return (
    <CsvMappingDialog
      open={open}
      onOpenChange={onOpenChange}
      columns={IMPORT_COLUMNS}
      maxRows={IMPORT_MAX_ROWS}
      namespaces={['pipeline', 'opportunities']}
      label={label}
      pending={importing.isPending}
      send={(rows, idempotencyKey, onProgress) => {
        progress.current = onProgress;
        return importing.mutateAsync({ rows, idempotencyKey });
      }}
      onDone={(answer) => {
        toast.success(t('toasts.importDone', { count: answer.inserted }));
        if (answer.errorCount) toast.warning(t('toasts.importErrors', { count: answer.errorCount }));
      }}
      onFailed={(error) =>
        toast.error(t('toasts.importFailed'), { description: error instanceof Error ? error.message : undefined })
      }
    />
  );
}
