import { useTranslation } from 'react-i18next';
import { activityMark, displayStatus, leadBadgeTone, type Stage } from '@nexa/domain';
import { Badge, statusTone, useLeadLabel } from '../../../components/ui/badge.tsx';

const MARK_KEYS: Record<string, string> = { 'CLOSED WON': 'lead.won', 'CLOSED LOST': 'lead.lost' };

/**
 * HOT / WARM / COLD, CLOSED WON or CLOSED LOST in the reader's language; any other lead status as
 * recorded, and "No lead status" when there is none — never a bare "?" (issue 38).
 */
export function LeadMark({ leadStatus }: { leadStatus: string | null }) {
  const { t } = useTranslation('common');
  const leadLabel = useLeadLabel();
  const mark = activityMark(leadStatus);
  const key = MARK_KEYS[mark];
  const recorded = leadStatus?.trim();
  const text = key ? t(key) : mark !== '?' ? leadLabel(mark) : recorded || t('lead.none');
  return (
    <Badge tone={leadBadgeTone(leadStatus)} className="shrink-0" data-testid="lead-mark">
      <span title={leadStatus ?? undefined}>{text}</span>
    </Badge>
  );
}

/** An opportunity's status as the detail shows it, with the pipeline's words translated. */
export function StatusBadge({ status, stage }: { status: string | null; stage: Stage }) {
  const { t } = useTranslation('team');
  const shown = displayStatus(status);
  return <Badge tone={statusTone(stage)}>{t(`status.${shown}`, { defaultValue: shown })}</Badge>;
}
