import * as Popover from '@radix-ui/react-popover';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MetricHelpButton } from './metric-help-button.tsx';
import { paths } from '../../lib/paths.ts';
import type { MetricId } from './metric-ids.ts';

/**
 * The popover of the "i" beside a figure (metric-help.tsx loads it on first use): its formula in one
 * sentence and a link to its definition on /help/metrics. A popover rather than a hover tooltip, so
 * it opens from the keyboard and on a touch screen, and its link can be reached; Escape closes it.
 */
export function MetricHelpPopover({
  metric,
  className,
  defaultOpen,
}: {
  metric: MetricId;
  className?: string;
  defaultOpen?: boolean;
}) {
  const { t } = useTranslation('metrics');
  const name = t(`items.${metric}.name`);
  return (
    <Popover.Root defaultOpen={defaultOpen}>
      <Popover.Trigger asChild>
        <MetricHelpButton metric={metric} label={t('help.label', { metric: name })} className={className} />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          align="center"
          sideOffset={6}
          collisionPadding={12}
          aria-label={name}
          className="z-50 max-w-[min(20rem,calc(100vw-24px))] rounded-lg bg-slate-900 p-3 text-left text-sm font-normal text-white normal-case shadow-lg"
        >
          <p className="font-semibold">{name}</p>
          <p className="mt-1 text-slate-100">{t(`items.${metric}.formula`)}</p>
          <Link
            to={paths.metricsHelp.getHref(metric)}
            className="mt-2 inline-block font-medium text-brand-100 underline underline-offset-2 hover:text-white"
          >
            {t('help.definition')}
          </Link>
          <Popover.Arrow className="fill-slate-900" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
