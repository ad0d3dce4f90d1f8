import { FileText, Upload, X } from 'lucide-react';
import { useId, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn.ts';
import { checkTranscriptFile, formatFileSize, TRANSCRIPT_EXTENSIONS } from '../transcript-file.ts';

/** A transcript from a dropped or chosen file, or pasted: a file, once accepted, wins over the text. */
export function TranscriptInput({
  file,
  onFile,
  text,
  onText,
  error,
}: {
  file: File | null;
  onFile: (file: File | null) => void;
  text: string;
  onText: (text: string) => void;
  error?: string;
}) {
  const { t } = useTranslation('call-analysis');
  const id = useId();
  const [dragging, setDragging] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const message = problem ?? error;

  const accept = (picked: File | undefined) => {
    if (!picked) return;
    const issue = checkTranscriptFile(picked);
    if (issue) {
      setProblem(t(`form.errors.${issue}`, { name: picked.name, size: formatFileSize(picked.size) }));
      return;
    }
    setProblem(null);
    onFile(picked);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    accept(event.dataTransfer.files[0]);
  };

  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold text-slate-900">{t('form.transcript')}</legend>
      {file ? (
        <div className="flex items-center justify-between gap-3 rounded-lg border border-slate-300 bg-slate-50 p-3">
          <p className="flex min-w-0 items-center gap-2 text-sm text-slate-800" data-testid="transcript-file">
            <FileText className="h-5 w-5 shrink-0 text-brand-600" aria-hidden />
            <span className="min-w-0 [overflow-wrap:anywhere]">
              {t('form.selectedFile', { name: file.name, size: formatFileSize(file.size) })}
            </span>
          </p>
          <button
            type="button"
            onClick={() => onFile(null)}
            className="rounded-md p-2 text-slate-600 hover:bg-slate-200"
            aria-label={t('form.removeFile', { name: file.name })}
          >
            <X className="h-4 w-4" aria-hidden />
          </button>
        </div>
      ) : (
        <label
          htmlFor={`${id}-file`}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={cn(
            'flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 border-dashed p-6 text-center focus-within:outline-2 focus-within:outline-brand-600',
            dragging ? 'border-brand-600 bg-brand-50' : 'border-slate-300 hover:bg-slate-50',
          )}
          data-testid="transcript-drop"
        >
          <Upload className="h-6 w-6 text-brand-600" aria-hidden />
          <span className="text-sm font-medium text-slate-900">{dragging ? t('form.dropActive') : t('form.drop')}</span>
          <span className="text-xs text-slate-600" id={`${id}-hint`}>
            {t('form.fileHint')}
          </span>
          <input
            id={`${id}-file`}
            type="file"
            accept={TRANSCRIPT_EXTENSIONS.join(',')}
            className="sr-only"
            aria-describedby={`${id}-hint`}
            onChange={(event) => {
              accept(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </label>
      )}
      {message && (
        <p className="text-sm text-red-700" role="alert" data-testid="transcript-error">
          {message}
        </p>
      )}
      <div className="space-y-1.5">
        <label htmlFor={`${id}-text`} className="text-sm font-medium text-slate-800">
          {t('form.paste')}
        </label>
        <textarea
          id={`${id}-text`}
          value={text}
          onChange={(event) => onText(event.target.value)}
          disabled={file !== null}
          rows={6}
          placeholder={t('form.pastePlaceholder')}
          aria-describedby={file ? `${id}-disabled` : undefined}
          className="block w-full rounded-lg border border-slate-300 bg-white p-3 font-mono text-sm text-slate-900 placeholder:text-slate-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none disabled:bg-slate-100"
        />
        {file && (
          <p id={`${id}-disabled`} className="text-xs text-slate-600">
            {t('form.pasteDisabled')}
          </p>
        )}
      </div>
    </fieldset>
  );
}
