import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import i18next from '../../lib/i18n.ts';
import { SpecificationDownloads } from './specification-downloads.tsx';

beforeAll(async () => {
  await i18next.changeLanguage('en');
  await i18next.loadNamespaces(['opportunities', 'common']);
});

describe('specification downloads', () => {
  it('offers the attached file only when the opportunity has one', () => {
    const { rerender } = render(<SpecificationDownloads id={3} attachedFile={null} />);
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Attached file' })).toBeNull();

    rerender(<SpecificationDownloads id={3} attachedFile="uploads/spec.pdf" />);
    expect(screen.getByRole('button', { name: 'Attached file' })).toBeTruthy();
  });
});
