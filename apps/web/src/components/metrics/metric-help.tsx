import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyNamed } from '../../lib/lazy-named.ts';
import { MetricHelpButton } from './metric-help-button.tsx';
import type { MetricId } from './metric-ids.ts';

// The popover (Radix and its positioning engine) loads on the first "i" a person opens, not with
// every dashboard: it was 12 KB gzip of each first page.
const loadPopover = () => import('./metric-help-popover.tsx');
const MetricHelpPopover = lazyNamed(loadPopover, 'MetricHelpPopover');
const preload = () => void loadPopover();

/**
 * The "i" beside a figure: a button that opens the figure's formula and a link to its definition
 * (metric-help-popover.tsx). Until it is first opened it is only the button.
 */
export function MetricHelp({ metric, className }: { metric: MetricId; className?: string }) {
  const { t } = useTranslation('metrics');
  const [opened, setOpened] = useState(false);
  const button = (
    <MetricHelpButton
      metric={metric}
      label={t('help.label', { metric: t(`items.${metric}.name`) })}
      className={className}
      onPointerEnter={preload}
      onFocus={preload}
      onClick={() => setOpened(true)}
    />
  );
  if (!opened) return button;
  return (
    <Suspense fallback={button}>
      <MetricHelpPopover metric={metric} className={className} defaultOpen />
    </Suspense>
  );
}
