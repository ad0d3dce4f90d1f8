import { useTranslation } from 'react-i18next';
import { activityMark, displayStatus, leadBadgeTone, type Stage } from '@nexa/domain';
import { Badge, statusTone, useLeadLabel } from '../../../components/ui/badge.tsx';

const MARK_KEYS: Record<string, string> = { 'CLOSED WON': 'lead.won', 'CLOSED LOST': 'lead.lost', '?': 'lead.unknown' };

/** HOT / WARM / COLD, CLOSED WON, CLOSED LOST, or "?" when the lead status is unknown — in the reader's language. */
export function LeadMark({ leadStatus }: { leadStatus: string | null }) {
  const { t } = useTranslation('common');
  const leadLabel = useLeadLabel();
  const mark = activityMark(leadStatus);
  const key = MARK_KEYS[mark];
  return (
    <Badge tone={leadBadgeTone(leadStatus)} className="shrink-0">
      <span title={leadStatus ?? undefined}>{key ? t(key) : leadLabel(mark)}</span>
    </Badge>
  );
}

/** An opportunity's status as the detail shows it, with the pipeline's words translated. */
export function StatusBadge({ status, stage }: { status: string | null; stage: Stage }) {
  const { t } = useTranslation('team');
  const shown = displayStatus(status);
  return <Badge tone={statusTone(stage)}>{t(`status.${shown}`, { defaultValue: shown })}</Badge>;
}
