import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { MentionablePerson } from '@nexa/domain/deal-notes';
import i18next from '../../../lib/i18n.ts';
import { MentionBox } from './mention-box.tsx';

const PEOPLE: MentionablePerson[] = [
  { id: 'm1', full_name: 'Morgan Lee' },
  { id: 'm2', full_name: 'Éric Martin' },
  { id: 'r1', full_name: 'Rita Rep' },
];

function Box({ onPick, onKeyDown }: { onPick: (p: MentionablePerson) => void; onKeyDown?: () => void }) {
  const [text, setText] = useState('');
  return (
    <>
      <label htmlFor="box">Note</label>
      <MentionBox id="box" value={text} onChange={setText} people={PEOPLE} onPick={onPick} onKeyDown={onKeyDown} />
    </>
  );
}

describe('the mention box', () => {
  beforeAll(async () => {
    await i18next.changeLanguage('en');
    await i18next.loadNamespaces(['deal-notes', 'common']);
  });

  it('offers the people on @ in a labelled listbox, narrowed by what is typed, and picks by keyboard', async () => {
    const onPick = vi.fn();
    render(<Box onPick={onPick} />);
    const user = userEvent.setup();
    const box = screen.getByRole('textbox', { name: 'Note' });
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.type(box, 'Ask @');
    const list = screen.getByRole('listbox', { name: 'People who can see this deal' });
    expect(box.getAttribute('aria-controls')).toBe(list.id);
    expect(screen.getByRole('status').textContent).toBe('3 people offered: arrows to choose, Enter to pick, Escape to close.');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Morgan Lee', 'Éric Martin', 'Rita Rep']);
    // Any word of a name; case and accents do not matter.
    await user.type(box, 'm');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Morgan Lee', 'Éric Martin']);
    await user.keyboard('{ArrowDown}');
    const second = screen.getByRole('option', { name: 'Éric Martin' });
    expect(second.getAttribute('aria-selected')).toBe('true');
    expect(box.getAttribute('aria-activedescendant')).toBe(second.id);
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: 'Morgan Lee' }).getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowUp}{Enter}');
    expect(onPick).toHaveBeenCalledWith(PEOPLE[1]);
    expect((box as HTMLTextAreaElement).value).toBe('Ask @Éric Martin ');
    // Typed without accents, found all the same.
    await user.type(box, '@eri');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Éric Martin']);
  });

  it('closes on Escape without changing the text or passing the key on; an address is no mention', async () => {
    const onPick = vi.fn();
    const onKeyDown = vi.fn();
    render(<Box onPick={onPick} onKeyDown={onKeyDown} />);
    const user = userEvent.setup();
    const box = screen.getByRole('textbox', { name: 'Note' });
    await user.type(box, '@Mor');
    expect(screen.getAllByRole('option')).toHaveLength(1);
    onKeyDown.mockClear();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(onKeyDown).not.toHaveBeenCalled();
    expect((box as HTMLTextAreaElement).value).toBe('@Mor');
    // Enter now is a line break, not a pick.
    await user.keyboard('{Enter}mail ana@acme.com');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(onPick).not.toHaveBeenCalled();
  });

  it('picks with the pointer, keeping focus in the box', async () => {
    const onPick = vi.fn();
    render(<Box onPick={onPick} />);
    const user = userEvent.setup();
    const box = screen.getByRole('textbox', { name: 'Note' });
    await user.type(box, 'cc @ri');
    await user.click(screen.getByRole('option', { name: 'Rita Rep' }));
    expect(onPick).toHaveBeenCalledWith(PEOPLE[2]);
    expect((box as HTMLTextAreaElement).value).toBe('cc @Rita Rep ');
    expect(document.activeElement).toBe(box);
  });
});
