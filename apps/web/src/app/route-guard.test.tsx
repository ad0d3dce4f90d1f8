import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../lib/api-client.ts';
import '../lib/i18n.ts';
import { createQueryClient } from './query-client.ts';
import { RouteGuard } from './route-guard.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const profile = (role: string) => ({ id: 'u1', email: 'm@x.test', full_name: 'Morgan Lee', role, company: null, image: null });

/** The browser's view of the server: /api/session answers `me`, any other call `other`. */
function serve(me: () => Response, other: () => Response = () => json(200, {})) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => (String(input) === '/api/session' ? me() : other())),
  );
}

function Workspace() {
  return (
    <button type="button" onClick={() => void api.get('/api/team').catch(() => {})}>
      load team
    </button>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>home page</p> },
      { path: '/signin', element: <p>sign-in page</p> },
      { path: '/manager', element: <RouteGuard role="Sales Manager" />, children: [{ index: true, element: <Workspace /> }] },
      { path: '/settings', element: <RouteGuard />, children: [{ index: true, element: <p>settings page</p> }] },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Suspense fallback={null}>
        <Toaster />
        <RouterProvider router={router} />
      </Suspense>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('RouteGuard', () => {
  it('opens the workspace for its role', async () => {
    serve(() => json(200, { profile: profile('Sales Manager') }));
    renderAt('/manager');
    expect(await screen.findByRole('button', { name: 'load team' })).toBeTruthy();
  });

  it('sends another role home', async () => {
    serve(() => json(200, { profile: profile('Sales Representative') }));
    renderAt('/manager');
    expect(await screen.findByText('home page')).toBeTruthy();
  });

  it('without a role, opens for either workspace role and sends an account without one home', async () => {
    for (const role of ['Sales Manager', 'Sales Representative']) {
      serve(() => json(200, { profile: profile(role) }));
      renderAt('/settings');
      expect(await screen.findByText('settings page')).toBeTruthy();
      cleanup();
    }
    serve(() => json(200, { profile: profile('Auditor') }));
    renderAt('/settings');
    expect(await screen.findByText('home page')).toBeTruthy();
  });

  it('sends a visitor to sign in, without a session-expired message', async () => {
    // A visitor is an answer (200, no profile): no 401 to log in the console (issue 33).
    serve(() => json(200, { profile: null }));
    renderAt('/manager');
    expect(await screen.findByText('sign-in page')).toBeTruthy();
    expect(screen.queryByText('Your session has expired. Please sign in again.')).toBeNull();
  });

  it('a session that ends while the workspace is open sends the user to sign in with a message', async () => {
    serve(
      () => json(200, { profile: profile('Sales Manager') }),
      () => json(401, { error: { code: 'unauthorized', message: 'Sign in' } }),
    );
    renderAt('/manager');
    fireEvent.click(await screen.findByRole('button', { name: 'load team' }));
    expect(await screen.findByText('sign-in page')).toBeTruthy();
    expect(await screen.findByText('Your session has expired. Please sign in again.')).toBeTruthy();
  });
});
