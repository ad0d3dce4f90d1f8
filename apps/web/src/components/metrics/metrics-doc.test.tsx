import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, describe, expect, it } from 'vitest';
import doc from '../../../../../docs/metrics.md?raw';
import en from '../../locales/en/metrics.json';
import fr from '../../locales/fr/metrics.json';
import i18next from '../../lib/i18n.ts';
import { MetricHelp } from './metric-help.tsx';
import { METRIC_IDS } from './metric-ids.ts';

// The repository's definitions and the app's page say the same thing: each heading of
// docs/metrics.md is a metric of the app (its anchor, its tooltip key), in the same words.
const sections = [...doc.matchAll(/^### (.+)\n\n(.+)$/gm)].map(([, heading, text]) => ({ heading: heading!, text: text! }));

/** The anchor GitHub gives a heading. */
const slug = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} -]/gu, '')
    .replace(/ /g, '-');

afterAll(() => i18next.changeLanguage('en'));

describe('metric definitions', () => {
  it('docs/metrics.md has one heading per metric of the app, in the same order', () => {
    expect(sections.map((s) => slug(s.heading))).toEqual([...METRIC_IDS]);
  });

  it.each(METRIC_IDS.map((id) => [id]))(
    '%s reads the same in docs/metrics.md and the English locale, and has a French one',
    (id) => {
      const section = sections.find((s) => slug(s.heading) === id);
      const items = en.items as Record<string, { name: string; formula: string }>;
      expect(section?.heading).toBe(items[id]!.name);
      expect(section?.text).toBe(items[id]!.formula);
      const french = (fr.items as Record<string, { name: string; formula: string }>)[id];
      expect(french?.name.trim()).toBeTruthy();
      expect(french?.formula.trim()).toBeTruthy();
      expect(french?.formula).not.toBe(items[id]!.formula);
    },
  );

  it.each(['en', 'fr'] as const)(
    'the tooltip is a labelled button that opens the formula and a link to its anchor (%s)',
    async (lang) => {
      await i18next.changeLanguage(lang);
      await i18next.loadNamespaces('metrics');
      const messages = lang === 'en' ? en : fr;
      render(
        <MemoryRouter>
          <MetricHelp metric="win-rate" />
        </MemoryRouter>,
      );
      const button = screen.getByRole('button', {
        name: messages.help.label.replace('{{metric}}', messages.items['win-rate'].name),
      });
      button.focus();
      fireEvent.click(button);
      expect(await screen.findByText(messages.items['win-rate'].formula)).toBeTruthy();
      const link = screen.getByRole('link', { name: messages.help.definition });
      expect(link.getAttribute('href')).toBe('/help/metrics#win-rate');
    },
  );
});
