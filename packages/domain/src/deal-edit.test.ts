import { describe, expect, it } from 'vitest';
import { historyValue, openStageMove, resolveDealEdit } from './deal-edit.ts';

const open = {
  stage: 'Proposal' as const,
  status: 'Proposal',
  closing_date: null,
  amount: 1000,
  next_meeting_date: new Date('2026-12-01T10:00:00Z'),
};

describe('resolveDealEdit', () => {
  it('sets the status text to the stage it moves to', () => {
    expect(resolveDealEdit(open, { stage: 'Negotiation' })).toEqual({
      ok: true,
      changes: { stage: 'Negotiation', status: 'Negotiation' },
    });
  });

  it('decides the stage from a status text with the pipeline model', () => {
    expect(resolveDealEdit(open, { status: 'En négociation' })).toEqual({
      ok: true,
      changes: { status: 'En négociation', stage: 'Negotiation' },
    });
  });

  it('refuses a stage and a status that disagree', () => {
    expect(resolveDealEdit(open, { stage: 'New', status: 'Closed Won' })).toEqual({
      ok: false,
      field: 'status',
      code: 'stage_mismatch',
    });
  });

  it('needs a close date to close a deal, won or lost', () => {
    for (const stage of ['Closed-Win', 'Closed-Lost']) {
      expect(resolveDealEdit(open, { stage })).toMatchObject({ ok: false, field: 'closing_date' });
      expect(resolveDealEdit(open, { stage, closing_date: '2026-11-24' })).toMatchObject({ ok: true });
    }
    // Already closed: other fields change without it.
    expect(resolveDealEdit({ ...open, stage: 'Closed-Win' }, { amount: 5 })).toEqual({ ok: true, changes: { amount: 5 } });
  });

  it('keeps only what changes, dates compared as instants', () => {
    expect(resolveDealEdit(open, { version: 3, amount: 1000, next_meeting_date: '2026-12-01T11:00:00+01:00' })).toEqual({
      ok: true,
      changes: {},
    });
  });
});

describe('historyValue', () => {
  it('stores dates as ISO text and absent as null', () => {
    expect(historyValue(new Date('2026-01-02T03:04:05Z'))).toBe('2026-01-02T03:04:05.000Z');
    expect(historyValue(undefined)).toBeNull();
    expect(historyValue(12.5)).toBe(12.5);
  });
});

describe('resolveDealEdit text', () => {
  it('compares text as text', () => {
    expect(resolveDealEdit({ ...open, client_name: 'Tom' }, { client_name: 'Tom' })).toEqual({ ok: true, changes: {} });
  });
});

describe('openStageMove', () => {
  it.each([
    [{ version: 3, stage: 'Qualified' }, 'Qualified'],
    [{ version: 1, stage: 'New' }, 'New'],
    [{ version: 2, stage: 'Negotiation' }, 'Negotiation'],
  ])('is the open stage of a patch that only moves the deal: %j', (patch, stage) => {
    expect(openStageMove(patch)).toBe(stage);
  });

  it.each([
    { version: 3, stage: 'Closed-Win' },
    { version: 3, stage: 'Closed-Lost', closing_date: '2026-11-24' },
    { version: 3, stage: 'Proposal', amount: 10 },
    { version: 3, stage: 'Proposal', status: 'Proposal' },
    { version: 3, amount: 10 },
    { version: 3, stage: 'Unknown' },
    { version: 3, stage: 'toString' },
  ])('is null for anything else: %j', (patch) => {
    expect(openStageMove(patch)).toBeNull();
  });
});
