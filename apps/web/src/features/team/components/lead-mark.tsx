import { useTranslation } from 'react-i18next';
import { activityMark, leadBadgeTone, type Stage } from '@nexa/domain';
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

/**
 * An opportunity's status as the detail and the lists show it: its canonical stage in the reader's
 * language, whatever text a CRM sent ("New" and "Negotiation" read untranslated in French).
 */
export function StatusBadge({ stage }: { stage: Stage }) {
  const { t } = useTranslation('opportunities');
  return <Badge tone={statusTone(stage)}>{t(`stage.${stage}`)}</Badge>;
}
