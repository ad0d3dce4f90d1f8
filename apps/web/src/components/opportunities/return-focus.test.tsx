import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OpportunityDetail } from '@nexa/domain';
import i18next from '../../lib/i18n.ts';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { EditableField } from './editable-field.tsx';

/**
 * Focus returns where it came from (issue 33): cancelling an inline edit (Escape or Cancel) puts
 * focus back on its Edit button, and closing a dialog opened from state (no Radix Trigger) puts it
 * back on the button that opened it. Without this, focus falls to the page's top and a keyboard
 * user starts again from there.
 */

const deal = { id: 7, version: 3, amount: 5000, stage: 'Proposal', closing_date: null } as unknown as OpportunityDetail;

function renderField() {
  const client = new QueryClient();
  return render(
    <QueryClientProvider client={client}>
      <EditableField deal={deal} field="amount" label="Amount" />
    </QueryClientProvider>,
  );
}

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open the dialog</Button>
      <Dialog open={open} onOpenChange={setOpen} title="A dialog" closeLabel="Close">
        <input aria-label="Something" />
      </Dialog>
    </>
  );
}

beforeAll(async () => {
  await i18next.changeLanguage('en');
  await i18next.loadNamespaces(['opportunities', 'common']);
});

describe('an inline edit', () => {
  it('gives focus back to its Edit button when Escape cancels it', async () => {
    const user = userEvent.setup();
    renderField();
    await user.click(screen.getByRole('button', { name: 'Edit Amount' }));
    expect(document.activeElement).toBe(screen.getByRole('textbox'));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit Amount' })));
  });

  it('gives focus back to its Edit button when Cancel closes it', async () => {
    const user = userEvent.setup();
    renderField();
    await user.click(screen.getByRole('button', { name: 'Edit Amount' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit Amount' })));
  });
});

/** "Mark as won" is gone once the deal is won: focus goes to the deal's remaining actions. */
function VanishingOpener() {
  const [open, setOpen] = useState(false);
  const [won, setWon] = useState(false);
  return (
    <div data-testid="actions">
      {!won && <Button onClick={() => setOpen(true)}>Mark as won</Button>}
      <Button>Delete</Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Mark as won"
        closeLabel="Close"
        returnFocusTo={() => screen.getByRole('button', { name: 'Delete' })}
      >
        <Button
          onClick={() => {
            setWon(true);
            setOpen(false);
          }}
        >
          Confirm
        </Button>
      </Dialog>
    </div>
  );
}

describe('a dialog opened from state', () => {
  it('gives focus to its fallback when the button that opened it is gone', async () => {
    const user = userEvent.setup();
    render(<VanishingOpener />);
    await user.click(screen.getByRole('button', { name: 'Mark as won' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Mark as won' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete' })));
  });

  it.each([
    ['Escape', (user: ReturnType<typeof userEvent.setup>) => user.keyboard('{Escape}')],
    ['its close button', (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Close' }))],
  ])('gives focus back to the button that opened it when closed with %s', async (_how, close) => {
    const user = userEvent.setup();
    render(<Opener />);
    await user.click(screen.getByRole('button', { name: 'Open the dialog' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await close(user);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open the dialog' })));
  });
});
