import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as routeData from './route-data.ts';

/**
 * Guards before data (issue 33): a workspace page's loader reads nothing until the profile says the
 * visitor has the page's role, in the browser and in the server's render (both run these).
 */
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const profile = (role: string) => ({
  id: 'u1',
  email: 'p@x.test',
  full_name: 'Pat Lee',
  role,
  company: null,
  image: null,
  language: null,
  time_zone: null,
});

function serve(me: unknown) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
    String(input) === '/api/session' ? json({ profile: me }) : json({}, 200),
  );
  vi.stubGlobal('fetch', fetchMock);
  return () => fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://nexa.test').pathname);
}

const args = (path: string, params: Record<string, string> = {}) => ({ request: new Request(`http://nexa.test${path}`), params });
const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

afterEach(() => vi.unstubAllGlobals());

const PAGES = [
  { name: 'repDashboard', path: '/rep', role: 'Sales Representative', other: 'Sales Manager', params: {} },
  { name: 'repOpportunities', path: '/rep/opportunities', role: 'Sales Representative', other: 'Sales Manager', params: {} },
  { name: 'board', path: '/rep/pipeline', role: 'Sales Representative', other: 'Sales Manager', params: {} },
  { name: 'teamDashboard', path: '/manager', role: 'Sales Manager', other: 'Sales Representative', params: {} },
  { name: 'managerAccounts', path: '/manager/accounts?q=acme', role: 'Sales Manager', other: 'Sales Representative', params: {} },
  {
    name: 'representative',
    path: '/manager/representatives/u2',
    role: 'Sales Manager',
    other: 'Sales Representative',
    params: { repId: 'u2' },
  },
] as const;

describe('a workspace page’s reads', () => {
  for (const { name, path, role, other, params } of PAGES) {
    it(`${name}: a signed-out visit asks only who is there, and never /api/me`, async () => {
      const calls = serve(null);
      expect(await routeData[name](client(), args(path, params))).toBe(routeData.REFUSED);
      expect(calls()).toEqual(['/api/session']);
    });

    it(`${name}: another role's visit reads no data`, async () => {
      const calls = serve(profile(other));
      expect(await routeData[name](client(), args(path, params))).toBe(routeData.REFUSED);
      expect(calls()).toEqual(['/api/session']);
    });

    it(`${name}: its own role's visit reads the page's data`, async () => {
      const calls = serve(profile(role));
      expect(await routeData[name](client(), args(path, params))).not.toBe(routeData.REFUSED);
      expect(calls().length).toBeGreaterThan(1);
      expect(calls()[0]).toBe('/api/session');
    });
  }
});
