import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PipelineSummary } from '@nexa/domain';
import i18next from '../../../lib/i18n.ts';
import { QuickPipeline } from './quick-pipeline.tsx';

const data = {
  totals: [
    { status: 'On-going', amount: 1000, count: 2 },
    { status: 'Closed-Win', amount: 500, count: 1 },
    { status: 'Closed-Lost', amount: 0, count: 0 },
  ],
} as unknown as PipelineSummary;

describe('the Quick Pipeline shows and hides its content', () => {
  beforeAll(async () => {
    await i18next.changeLanguage('en');
    await i18next.loadNamespaces(['pipeline', 'opportunities', 'metrics']);
  });

  it('is open first, and its button says so and hides the statuses and shows them again', () => {
    render(<QuickPipeline data={data} loading={false} active={undefined} onSelect={() => {}} />);
    const toggle = screen.getByRole('button', { name: 'Show or hide the Quick Pipeline' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const controlled = toggle.getAttribute('aria-controls')!;
    expect(document.getElementById(controlled)?.contains(screen.getByTestId('pipeline-On-going'))).toBe(true);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByTestId('pipeline-On-going')).toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByTestId('pipeline-Closed-Win')).toBeTruthy();
  });
});
