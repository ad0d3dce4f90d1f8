import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn.ts';

/**
 * The transcript lines a point comes from, hidden until asked for: the manager can audit
 * an insight without the page turning into the whole transcript.
 */
export function CitedLines({ lines, citedLines }: { lines: number[]; citedLines: Record<string, string> }) {
  const { t } = useTranslation('call-analysis');
  const [open, setOpen] = useState(false);
  const id = useId();
  const unique = [...new Set(lines)].sort((a, b) => a - b);
  if (unique.length === 0) return null;
  return (
    <div className="mt-1">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((v) => !v)}
        className="inline-flex min-h-6 items-center gap-1 rounded py-0.5 text-xs font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <ChevronDown className={cn('h-3.5 w-3.5 transition-transform', open && 'rotate-180')} aria-hidden />
        {open ? t('citations.hide') : t('citations.show', { count: unique.length })}
      </button>
      {open && (
        <ol id={id} className="mt-1 space-y-1 border-l-2 border-brand-100 pl-3 text-xs" data-testid="cited-lines">
          {unique.map((number) => {
            const text = citedLines[String(number)];
            return (
              <li key={number} className="flex gap-2">
                <span className="w-[4.75rem] shrink-0 font-mono text-slate-500 tabular-nums">
                  {t('citations.line', { number })}
                </span>
                <span
                  className={cn(
                    'min-w-0 [overflow-wrap:anywhere]',
                    text === undefined ? 'text-slate-500 italic' : 'text-slate-800',
                  )}
                >
                  {text ?? t('citations.missing')}
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
