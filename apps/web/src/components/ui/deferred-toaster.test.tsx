import { act, render, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeferredToaster, TOASTER_DELAY_MS } from './deferred-toaster.tsx';

afterEach(() => {
  vi.useRealTimers();
  toast.dismiss();
});

describe('DeferredToaster', () => {
  it('shows a toast raised before it mounted, once the visitor interacts', async () => {
    render(<DeferredToaster />);
    act(() => void toast.error('Your session has expired.'));
    expect(screen.queryByText('Your session has expired.')).toBeNull();
    act(() => void window.dispatchEvent(new Event('pointerdown')));
    expect(await screen.findByText('Your session has expired.')).toBeTruthy();
  });

  it('mounts by itself after the delay', async () => {
    vi.useFakeTimers();
    render(<DeferredToaster />);
    act(() => void vi.advanceTimersByTime(TOASTER_DELAY_MS - 1));
    expect(screen.queryByLabelText(/Notifications/)).toBeNull();
    act(() => void vi.advanceTimersByTime(1));
    vi.useRealTimers();
    expect(await screen.findByLabelText(/Notifications/)).toBeTruthy();
  });
});
