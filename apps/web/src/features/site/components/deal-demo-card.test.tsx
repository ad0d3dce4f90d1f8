import { act, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import site from '../../../locales/en/site.json';
import { setReducedMotion } from '../hooks/test-utils.ts';
import { DealDemoCard } from './deal-demo-card.tsx';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { site } }, interpolation: { escapeValue: false } });
});
beforeEach(() => {
  vi.useFakeTimers();
  setReducedMotion(false);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const renderCard = () => {
  const router = createMemoryRouter([{ path: '/', element: <DealDemoCard /> }]);
  render(<RouterProvider router={router} />);
};
const advance = (ms: number) => act(() => void vi.advanceTimersByTime(ms));
const caption = () => screen.getByTestId('demo-caption').textContent;

describe('DealDemoCard', () => {
  it('walks through the captions of steps 0–4 and ends with the deal active', () => {
    renderCard();
    expect(screen.getByRole('button', { name: /Watch demo/ })).toBeTruthy();
    expect(caption()).toBe('Starting call…');
    expect(screen.getByTestId('deal-summary').textContent).toBe('Waiting for AI summary…');
    advance(800);
    expect(screen.queryByRole('button', { name: /Watch demo/ })).toBeNull();
    expect(caption()).toBe('Initializing AI Sales Engineer');
    const seen: Array<string | null> = [];
    for (const step of [1200, 2000, 1500, 1600, 1300]) {
      advance(step);
      seen.push(caption());
    }
    expect(seen).toEqual([
      'Initializing AI Sales Engineer',
      'Detecting requirements',
      'Asking clarifying questions',
      'Generating documentation',
      'Technical specifications captured',
    ]);
    expect(screen.queryByRole('link', { name: /See Deal Insights/ })).toBeNull();
    advance(400);
    expect(screen.getByRole('link', { name: /See Deal Insights/ }).getAttribute('href')).toBe('/why-nexa');
    expect(screen.getByTestId('deal-summary').textContent).toMatch(/Azure AD/);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
  });

  it('shows each send step label while it runs', () => {
    renderCard();
    advance(800);
    advance(3200);
    expect(screen.getByTestId('send-step').textContent).toBe('Summarizing...');
    advance(1500);
    expect(screen.getByTestId('send-step').textContent).toBe('AI Generating...');
    advance(1600);
    expect(screen.getByTestId('send-step').textContent).toBe('Uploading...');
    advance(1300);
    expect(screen.queryByTestId('send-step')).toBeNull();
  });

  it('pause stops it, and a click on the idle card toggles the panel', () => {
    renderCard();
    advance(800);
    advance(1200);
    const panel = screen.getByTestId('deal-panel');
    expect(panel.hidden).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Pause the demo' }));
    expect(screen.getByRole('button', { name: 'Play the demo' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Hide the deal details/ }));
    expect(panel.hidden).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /Show the deal details/ }));
    expect(panel.hidden).toBe(false);
    expect(caption()).toBe('Technical specifications captured');
  });
});
