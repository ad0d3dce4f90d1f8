import { clsx } from 'clsx';
import { Bot, Circle, CircleCheck, FileText, Pause, Play, RotateCcw } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CALL_REQUIREMENT_COUNT, useCallDemo } from '../hooks/use-call-demo.ts';
import { useInView } from '../../../lib/use-in-view.ts';

interface ScriptLine {
  speaker: 'rep' | 'prospect' | 'nexa';
  text: string;
  /** Index of the requirement this line states, if any. */
  requirement?: number;
}

const speakerStyle: Record<ScriptLine['speaker'], string> = {
  rep: 'bg-white ring-1 ring-slate-200',
  prospect: 'bg-brand-50 ring-1 ring-brand-100',
  nexa: 'bg-slate-900 text-white',
};

/**
 * The why page's scripted call: 14 lines 2.5 s apart, a stage counter 0–3,
 * a requirements checklist that fills to 7 items in a 480 px product panel, pause and restart.
 * It starts once scrolled into view.
 */
export function CallDemo() {
  const { t } = useTranslation('why');
  const sectionRef = useRef<HTMLDivElement>(null);
  const inView = useInView(sectionRef);
  const call = useCallDemo(inView);
  const lines = t('call.lines', { returnObjects: true }) as ScriptLine[];
  const requirements = t('call.requirements', { returnObjects: true }) as string[];
  const stages = t('call.stages', { returnObjects: true }) as string[];
  const shown = lines.slice(0, call.lines);
  const captured = new Set(shown.flatMap((line) => (line.requirement === undefined ? [] : [line.requirement])));
  const last = shown.at(-1);
  const finished = call.status === 'finished';

  return (
    <div
      ref={sectionRef}
      className="grid items-start gap-6 lg:grid-cols-[1fr_480px]"
      data-testid="call-demo"
      data-status={call.status}
    >
      <div className="rounded-2xl border border-slate-200 bg-slate-50 p-4 sm:p-5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h3 className="text-sm font-semibold text-slate-900">{t('call.transcript')}</h3>
          <div className="flex gap-2">
            {call.status === 'idle' ? (
              <button type="button" onClick={call.start} className={controlClass}>
                <Play className="h-4 w-4" aria-hidden />
                {t('call.start')}
              </button>
            ) : (
              <button
                type="button"
                onClick={call.status === 'playing' ? call.pause : call.resume}
                disabled={finished}
                className={controlClass}
                data-testid="call-pause"
              >
                {call.status === 'playing' ? <Pause className="h-4 w-4" aria-hidden /> : <Play className="h-4 w-4" aria-hidden />}
                {call.status === 'playing' ? t('call.pause') : t('call.resume')}
              </button>
            )}
            <button type="button" onClick={call.start} className={controlClass} data-testid="call-restart">
              <RotateCcw className="h-4 w-4" aria-hidden />
              {t('call.restart')}
            </button>
          </div>
        </div>
        {call.lines === 0 && (
          <p className="mt-4 flex h-[22rem] items-center justify-center rounded-xl border border-dashed border-slate-300 px-6 text-center text-sm text-slate-600 sm:h-[26rem]">
            {t('call.idle')}
          </p>
        )}
        <ol
          className={clsx(
            'mt-4 h-[22rem] flex-col justify-end gap-2 overflow-hidden sm:h-[26rem]',
            call.lines ? 'flex' : 'hidden',
          )}
          data-testid="call-lines"
        >
          {shown.slice(-7).map((line, index, visible) => (
            <li
              key={`${call.lines - visible.length + index}`}
              className={clsx('max-w-[92%] rounded-xl px-3.5 py-2.5 text-sm shadow-sm', speakerStyle[line.speaker], {
                'self-end': line.speaker === 'rep',
              })}
            >
              <span
                className={clsx(
                  'mb-0.5 flex items-center gap-1 text-xs font-semibold',
                  line.speaker === 'nexa' ? 'text-indigo-200' : 'text-slate-600',
                )}
              >
                {line.speaker === 'nexa' && <Bot className="h-3.5 w-3.5" aria-hidden />}
                {t(`call.speakers.${line.speaker}`)}
              </span>
              {line.text}
            </li>
          ))}
        </ol>
        <p className="sr-only" aria-live="polite">
          {last ? t('call.announceLine', { speaker: t(`call.speakers.${last.speaker}`), text: last.text }) : ''}
        </p>
      </div>

      <div className="w-full max-w-[480px] justify-self-center rounded-2xl bg-slate-900 p-5 text-slate-100 shadow-xl lg:w-[480px]">
        <div className="flex items-center justify-between gap-3">
          <p className="font-semibold text-white">{t('call.panelTitle')}</p>
          <p className="rounded-full bg-white/10 px-2.5 py-1 text-xs font-semibold text-indigo-200" data-testid="call-stage">
            {t('call.stage', { stage: call.stage })}
          </p>
        </div>
        <p className="mt-1 text-sm text-slate-300">{stages[call.stage]}</p>
        <div className="mt-4 flex gap-1.5" aria-hidden>
          {[1, 2, 3].map((stage) => (
            <span
              key={stage}
              className={clsx('h-1.5 flex-1 rounded-full', call.stage >= stage ? 'bg-indigo-400' : 'bg-white/15')}
            />
          ))}
        </div>
        <p className="mt-5 text-xs font-semibold uppercase tracking-wide text-slate-300" data-testid="call-captured">
          {t('call.captured', { count: captured.size })}
        </p>
        <ul className="mt-2 space-y-2" aria-label={t('call.panelTitle')}>
          {Array.from({ length: CALL_REQUIREMENT_COUNT }, (_, index) => {
            const done = captured.has(index);
            return (
              <li
                key={index}
                className={clsx(
                  'flex items-start gap-2 rounded-lg px-3 py-2 text-sm transition-colors',
                  done ? 'bg-emerald-400/10 text-white' : 'bg-white/5 text-slate-400',
                )}
                data-done={done}
              >
                {done ? (
                  <CircleCheck className="mt-0.5 h-4 w-4 shrink-0 text-emerald-400" aria-hidden />
                ) : (
                  <Circle className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden />
                )}
                {done ? requirements[index] : t('call.pending')}
              </li>
            );
          })}
        </ul>
        <p
          className={clsx(
            'mt-4 flex items-center gap-2 rounded-lg px-3 py-2.5 text-sm font-medium',
            finished ? 'bg-indigo-500 text-white' : 'bg-white/5 text-slate-400',
          )}
        >
          <FileText className="h-4 w-4" aria-hidden />
          {finished ? t('call.finished') : '…'}
        </p>
      </div>
    </div>
  );
}

const controlClass =
  'inline-flex items-center gap-1.5 rounded-lg bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-100 disabled:opacity-50';
