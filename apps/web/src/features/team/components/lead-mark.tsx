import { activityMark, leadBadgeTone } from '@nexa/domain';
import { Badge } from './ui.tsx';

/** Spec §4: HOT / WARM / COLD, CLOSED WON, CLOSED LOST, or "?" when the lead status is unknown. */
export function LeadMark({ leadStatus }: { leadStatus: string | null }) {
  const mark = activityMark(leadStatus);
  return (
    <Badge tone={leadBadgeTone(leadStatus)} className="shrink-0">
      <span title={leadStatus ?? undefined}>{mark}</span>
    </Badge>
  );
}
