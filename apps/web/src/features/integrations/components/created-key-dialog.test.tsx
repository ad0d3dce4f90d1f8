import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import en from '../../../locales/en/integrations.json';
import fr from '../../../locales/fr/integrations.json';
import { CreatedKeyDialog } from './created-key-dialog.tsx';

const created = {
  id: '6f1c0000-0000-4000-8000-000000000000',
  name: 'Meeting bot',
  prefix: 'nexa_AbCdEf',
  key: 'nexa_AbCdEf0123456789012345678901234567890123456',
  createdAt: '2026-11-22T08:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
};

const keysOf = (value: unknown, prefix = ''): string[] =>
  value && typeof value === 'object'
    ? Object.entries(value).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k))
    : [prefix];

beforeAll(async () => {
  await i18next
    .use(initReactI18next)
    .init({ lng: 'en', resources: { en: { integrations: en } }, interpolation: { escapeValue: false } });
});
afterEach(() => vi.unstubAllGlobals());

describe('CreatedKeyDialog', () => {
  it('shows the key once, says it will not be shown again, and copies it', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const onClose = vi.fn();
    render(<CreatedKeyDialog created={created} onClose={onClose} />);
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect((screen.getByLabelText('API key') as HTMLInputElement).value).toBe(created.key);
    expect(screen.getByText(/you won't see it again/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(created.key));
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'I have copied the key' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('renders nothing without a new key', () => {
    render(<CreatedKeyDialog created={null} onClose={() => {}} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('has every text in French too', () => {
    expect(keysOf(fr).sort()).toEqual(keysOf(en).sort());
  });
});
