import { useTranslation } from 'react-i18next';
import type { RiskWarningWire } from '@nexa/domain';
import { formatDate } from '../../lib/format.ts';

// A closing date is a calendar day; other evidence dates are instants.
const when = (date: string) =>
  date.length === 10 ? formatDate(`${date}T00:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' }) : formatDate(date);

/** One warning: its reason in the active language, then the transcript lines it cites. */
export function RiskReason({ warning }: { warning: RiskWarningWire }) {
  const { t } = useTranslation('insights');
  const { evidence } = warning;
  return (
    <li className="space-y-1" data-testid={`risk-${warning.code}`}>
      <p className="text-sm text-slate-800">
        {t(`risks.codes.${warning.code}`, {
          days: evidence.days,
          date: evidence.date ? when(evidence.date) : '',
          stage: evidence.stage ? t(`stages.${evidence.stage}`) : '',
          count: evidence.callsRead ?? 0,
          names: evidence.contacts?.map((c) => c.full_name).join(', ') ?? '',
        })}
      </p>
      {evidence.calls && evidence.calls.length > 0 && (
        <p className="text-xs text-slate-600" data-testid="risk-calls">
          {t('risks.silentCalls')}{' '}
          {evidence.calls.map((call) => t('risks.call', { date: formatDate(call.createdAt) })).join(' · ')}
        </p>
      )}
      {evidence.lines?.map((line) => (
        <blockquote
          key={`${line.analysisId}-${line.line}`}
          className="border-l-2 border-amber-400 bg-amber-50 py-1 pr-2 pl-3 text-sm text-slate-800"
          data-testid="cited-line"
        >
          <span className="mr-2 text-xs font-semibold text-amber-800">{t('risks.line', { line: line.line })}</span>
          {line.text}
        </blockquote>
      ))}
    </li>
  );
}
