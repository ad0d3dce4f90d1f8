import { describe, expect, it } from 'vitest';
import { monthRange, opportunityListQuerySchema, parseSort, winRatePercent } from './pipeline.ts';

describe('opportunityListQuerySchema', () => {
  it('defaults and treats All/empty as no filter', () => {
    const q = opportunityListQuerySchema.parse({ product: 'All', status: '', q: '  acme ' });
    expect(q).toMatchObject({ page: 1, pageSize: 25, sort: 'live', q: 'acme' });
    expect(q.product).toBeUndefined();
    expect(q.status).toBeUndefined();
  });
  it.each([
    [{ pageSize: '201' }],
    [{ page: '0' }],
    [{ sort: 'password' }],
    [{ sort: '-amount; drop table users' }],
    [{ from: '2026-13-01' }],
    [{ from: 'yesterday' }],
    [{ from: '2026-05-02', to: '2026-05-01' }],
  ])('refuses %j', (input) => expect(opportunityListQuerySchema.safeParse(input).success).toBe(false));
  it('accepts a descending sort on a whitelisted column', () => {
    expect(parseSort(opportunityListQuerySchema.parse({ sort: '-amount' }).sort)).toEqual({ field: 'amount', descending: true });
  });
});

describe('winRatePercent', () => {
  it.each([
    [0, 0, null],
    [1, 1, 50],
    [2, 1, 67],
    [3, 0, 100],
    [0, 4, 0],
  ])('won %i lost %i → %j', (won, lost, expected) => expect(winRatePercent(won, lost)).toBe(expected));
});

describe('monthRange', () => {
  it('spans the month, December into January', () => {
    const { start, end } = monthRange('2026-12');
    expect(start.toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(end.toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });
});
