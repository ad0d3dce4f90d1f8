import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  ACCOUNT_IMPORT_COLUMNS,
  CONTACT_IMPORT_COLUMNS,
  PEOPLE_IMPORT_MAX_ROWS,
  type AccountImportField,
  type ContactImportField,
  type PeopleImportResult,
} from '@nexa/domain';
import { CsvMappingDialog } from '../csv-import/csv-mapping-dialog.tsx';
import { postImportRows } from '../../lib/api/import-rows.ts';
import { errorKey } from '../../lib/api-client.ts';

export type PeopleKind = 'accounts' | 'contacts';

/**
 * The accounts' or contacts' CSV import (POST /api/accounts/import, /api/contacts/import): the same
 * mapping dialog as the deals' import, with the kind's columns. Lazy-load it from the page that offers it.
 */
export default function PeopleImportDialog({
  kind,
  open,
  onOpenChange,
}: {
  kind: PeopleKind;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('contacts-io');
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const columns = kind === 'accounts' ? ACCOUNT_IMPORT_COLUMNS : CONTACT_IMPORT_COLUMNS;
  return (
    <CsvMappingDialog<AccountImportField | ContactImportField>
      open={open}
      onOpenChange={onOpenChange}
      columns={columns}
      maxRows={PEOPLE_IMPORT_MAX_ROWS}
      namespaces={['contacts-io']}
      title={t(`import.titles.${kind}`)}
      description={t(`import.descriptions.${kind}`)}
      label={(field) => t(`fields.${kind}.${field}`)}
      pending={pending}
      send={async (rows, key, onProgress) => {
        setPending(true);
        try {
          return await postImportRows<PeopleImportResult>(`/api/${kind}/import`, rows, key, onProgress);
        } finally {
          setPending(false);
        }
      }}
      onDone={(answer) => {
        void queryClient.invalidateQueries();
        toast.success(t(`toasts.${kind}.done`, { inserted: answer.inserted, updated: answer.updated ?? 0 }));
        if (answer.errorCount) toast.warning(t('toasts.errors', { count: answer.errorCount }));
      }}
      onFailed={(error) => toast.error(t('toasts.failed'), { description: t(errorKey(error)) })}
    />
  );
}
