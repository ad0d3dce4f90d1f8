import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { distinctLeadStatuses, leadBadgeTone, leadTemperature, statusIconTone, type Stage, type Tone } from '@nexa/domain';
import { cn } from '../../lib/cn.ts';

export const TONE_CLASSES: Record<Tone, string> = {
  red: 'bg-red-100 text-red-800 ring-red-200',
  orange: 'bg-orange-100 text-orange-800 ring-orange-200',
  yellow: 'bg-yellow-100 text-yellow-800 ring-yellow-200',
  green: 'bg-green-100 text-green-800 ring-green-200',
  blue: 'bg-blue-100 text-blue-800 ring-blue-200',
  amber: 'bg-amber-100 text-amber-800 ring-amber-200',
  grey: 'bg-slate-100 text-slate-700 ring-slate-200',
};

export const DOT_CLASSES: Record<Tone, string> = {
  red: 'bg-red-500',
  orange: 'bg-orange-500',
  yellow: 'bg-yellow-400',
  green: 'bg-green-500',
  blue: 'bg-blue-500',
  amber: 'bg-amber-500',
  grey: 'bg-slate-400',
};

export function Badge({ tone = 'grey', className, ...props }: HTMLAttributes<HTMLSpanElement> & { tone?: Tone }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        TONE_CLASSES[tone],
        className,
      )}
      {...props}
    />
  );
}

const ICON_TONE = { amber: 'amber', green: 'green', red: 'red', info: 'blue' } as const;
/** A status badge's colour by the status-icon rule: negotiation and qualified amber, won green, lost red. */
export const statusTone = (stage: Stage): Tone => ICON_TONE[statusIconTone(stage)];

const TEMPERATURES = new Set(['HOT', 'WARM', 'COLD']);

/** The badge text of a lead status: HOT / WARM / COLD in the active language, else the text as recorded. */
export function useLeadLabel() {
  const { t } = useTranslation('common');
  return (value: string | null | undefined, na = t('lead.na')) => {
    const label = leadTemperature(value);
    if (label === 'N/A') return na;
    return TEMPERATURES.has(label) ? t(`lead.${label.toLowerCase()}`) : label;
  };
}

/** A lead status as the spec shows it: HOT / WARM / COLD (or the text, or N/A), coloured by keyword. */
export function LeadBadge({ value, na }: { value: string | null | undefined; na?: string }) {
  const leadLabel = useLeadLabel();
  return (
    <Badge tone={leadBadgeTone(value)} title={value ?? undefined}>
      {leadLabel(value, na)}
    </Badge>
  );
}

/** Several lead statuses, one badge per meaning: "Warm" and "Warm Lead" are one WARM badge. */
export function LeadBadges({ values }: { values: readonly string[] }) {
  return (
    <div className="flex flex-wrap gap-1">
      {distinctLeadStatuses(values).map((value) => (
        <LeadBadge key={value} value={value} />
      ))}
    </div>
  );
}
