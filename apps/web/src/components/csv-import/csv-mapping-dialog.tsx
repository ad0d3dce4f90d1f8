import * as Dialog from '@radix-ui/react-dialog';
import Papa from 'papaparse';
import { X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { guessMapping, mapRows, missingColumns, type ImportColumn, type ImportRowError } from '@nexa/domain';
import { Button } from '../ui/button.tsx';
import { Select } from '../ui/select.tsx';
import { newImportKey } from '../../lib/api/import-rows.ts';
import { useReturnFocus } from '../../lib/use-return-focus.ts';

/** What an import answers: rows written, and the refused ones with their line in the file. */
export interface CsvImportAnswer {
  inserted: number;
  /** Records that were already there and were completed (accounts, contacts). */
  updated?: number;
  errors: ImportRowError[];
  errorCount: number;
}

export interface CsvMappingDialogProps<F extends string> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The fields the import reads, with the header names guessed for each. */
  columns: readonly ImportColumn<F>[];
  maxRows: number;
  /** The i18n namespaces whose `import.*` keys word the dialog (title, description, …). */
  namespaces: readonly string[];
  label: (field: F) => string;
  /** The dialog's title and description, when not the namespaces' `import.title` and `import.description`. */
  title?: string;
  description?: string;
  /** Sends the mapped rows with their Idempotency-Key, reporting upload progress (0–1). */
  send: (rows: Array<Record<string, string>>, key: string, onProgress: (fraction: number) => void) => Promise<CsvImportAnswer>;
  /** Called with the answer (toasts) or the error. */
  onDone: (answer: CsvImportAnswer) => void;
  onFailed: (error: unknown) => void;
  pending: boolean;
}

/**
 * Every CSV import's dialog (deals, accounts, contacts): read and preview in the browser, map
 * columns, send the mapped rows, show the per-row report with each refused row's line.
 */
export function CsvMappingDialog<F extends string>({
  open,
  onOpenChange,
  columns,
  maxRows,
  namespaces,
  label,
  title,
  description,
  send,
  onDone,
  onFailed,
  pending,
}: CsvMappingDialogProps<F>) {
  const returnFocus = useReturnFocus(open);
  const { t } = useTranslation(namespaces as string[]);
  const id = useId();
  const [headers, setHeaders] = useState<string[]>([]);
  const [rows, setRows] = useState<Array<Record<string, string>>>([]);
  const [mapping, setMapping] = useState<Record<F, string | null> | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [result, setResult] = useState<CsvImportAnswer | null>(null);
  // The key of what was last sent: sending the same file with the same mapping again (after an
  // error or a lost answer) reuses it, so the server never lands the file twice.
  const sent = useRef<{ rows: Array<Record<string, string>>; mapping: string; key: string } | null>(null);

  const reset = () => {
    setHeaders([]);
    setRows([]);
    setMapping(null);
    setProblem(null);
    setProgress(0);
    setResult(null);
  };

  const onFile = (file: File | undefined) => {
    reset();
    if (!file) return;
    Papa.parse<Record<string, string>>(file, {
      header: true,
      skipEmptyLines: 'greedy',
      complete: (parsed) => {
        const fields = parsed.meta.fields ?? [];
        if (!fields.length || !parsed.data.length) return setProblem(t('import.parseError'));
        if (parsed.data.length > maxRows) return setProblem(t('import.tooMany', { max: maxRows }));
        setHeaders(fields);
        setRows(parsed.data);
        setMapping(guessMapping(columns, fields));
      },
      error: () => setProblem(t('import.parseError')),
    });
  };

  const missing = mapping ? missingColumns(columns, mapping) : [];
  const isRequired = (field: F) => columns.some((column) => column.field === field && column.required);

  const submit = async () => {
    if (!mapping || missing.length) return;
    const mapped = mapRows(rows, mapping);
    const sameAsSent = sent.current?.rows === rows && sent.current.mapping === JSON.stringify(mapping);
    const key = sameAsSent ? sent.current!.key : newImportKey();
    sent.current = { rows, mapping: JSON.stringify(mapping), key };
    setProgress(0);
    try {
      const answer = await send(mapped, key, setProgress);
      setResult(answer);
      onDone(answer);
    } catch (error) {
      onFailed(error);
    }
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content
          onCloseAutoFocus={returnFocus}
          className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] max-w-3xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-5 shadow-xl"
        >
          <div className="flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-lg font-semibold text-slate-900">{title ?? t('import.title')}</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-slate-600">
                {description ?? t('import.description')}
              </Dialog.Description>
            </div>
            <Dialog.Close className="rounded-md p-1 text-slate-500 hover:bg-slate-100" aria-label={t('import.cancel')}>
              <X className="h-5 w-5" aria-hidden />
            </Dialog.Close>
          </div>

          <div className="mt-4 space-y-4">
            <label className="block text-sm font-medium text-slate-800" htmlFor={`${id}-file`}>
              {t('import.file')}
              <input
                id={`${id}-file`}
                type="file"
                accept=".csv,text/csv"
                className="mt-1 block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-700"
                onChange={(e) => onFile(e.target.files?.[0])}
              />
            </label>
            {problem && (
              <p className="text-sm text-red-700" role="alert">
                {problem}
              </p>
            )}
            {mapping && (
              <>
                <p className="text-sm text-slate-700">{t('import.rows', { count: rows.length })}</p>
                <fieldset>
                  <legend className="text-sm font-semibold text-slate-900">{t('import.mapping')}</legend>
                  <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
                    {columns.map(({ field }) => (
                      <label key={field} className="flex flex-col gap-1 text-xs font-medium text-slate-700">
                        <span>
                          {label(field)}
                          {isRequired(field) && <span className="text-red-700"> ({t('import.required')})</span>}
                        </span>
                        <Select
                          value={mapping[field] ?? ''}
                          data-field={field}
                          onChange={(e) => setMapping({ ...mapping, [field]: e.target.value || null })}
                        >
                          <option value="">{t('import.notMapped')}</option>
                          {headers.map((h) => (
                            <option key={h} value={h}>
                              {h}
                            </option>
                          ))}
                        </Select>
                      </label>
                    ))}
                  </div>
                </fieldset>
                <div>
                  <p className="text-sm font-semibold text-slate-900">{t('import.preview')}</p>
                  <div className="mt-2 overflow-x-auto rounded-lg border border-slate-200">
                    <table className="w-full text-left text-xs">
                      <thead className="bg-slate-50">
                        <tr>
                          {headers.map((h) => (
                            <th key={h} scope="col" className="px-2 py-1.5 font-semibold whitespace-nowrap">
                              {h}
                            </th>
                          ))}
                        </tr>
                      </thead>
                      <tbody>
                        {rows.slice(0, 5).map((row, i) => (
                          <tr key={i} className="border-t border-slate-100">
                            {headers.map((h) => (
                              <td key={h} className="px-2 py-1.5 whitespace-nowrap">
                                {row[h]}
                              </td>
                            ))}
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                </div>
                {missing.length > 0 && (
                  <p className="text-sm text-red-700" role="alert">
                    {t('import.missing', { fields: missing.map(label).join(', ') })}
                  </p>
                )}
                {pending && (
                  <div>
                    <p className="text-sm text-slate-700">{t('import.uploading')}</p>
                    <div
                      className="mt-1 h-2 rounded-full bg-slate-100"
                      role="progressbar"
                      aria-label={t('import.uploading')}
                      aria-valuemin={0}
                      aria-valuemax={100}
                      aria-valuenow={Math.round(progress * 100)}
                    >
                      <div
                        className="h-2 rounded-full bg-brand-600 transition-all"
                        style={{ width: `${Math.max(5, progress * 100)}%` }}
                      />
                    </div>
                  </div>
                )}
                {result && (
                  <div className="rounded-lg border border-slate-200 p-3" data-testid="import-result">
                    <p className="text-sm font-semibold text-slate-900" role="status">
                      {t('import.result', { inserted: result.inserted, updated: result.updated ?? 0, errors: result.errorCount })}
                    </p>
                    {result.errors.length > 0 && (
                      <>
                        <p className="mt-2 text-sm font-medium text-slate-800">{t('import.errorsTitle')}</p>
                        <ul className="mt-1 max-h-48 space-y-1 overflow-y-auto text-sm text-red-800">
                          {result.errors.map((e) => (
                            <li key={`${e.row}-${e.field}`} data-testid="import-error">
                              {t('import.row', { row: e.row })}: {e.message}
                            </li>
                          ))}
                        </ul>
                      </>
                    )}
                  </div>
                )}
                <div className="flex justify-end gap-2">
                  <Dialog.Close asChild>
                    <Button variant="secondary">{t('import.cancel')}</Button>
                  </Dialog.Close>
                  <Button onClick={() => void submit()} disabled={missing.length > 0 || pending || Boolean(result)}>
                    {t('import.submit', { count: rows.length })}
                  </Button>
                </div>
              </>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
