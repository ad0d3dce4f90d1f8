import { describe, expect, it } from 'vitest';
import { historyValue, openStageMove, resolveDealEdit, undoPatch } from './deal-edit.ts';

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

describe('undoPatch', () => {
  const deal = {
    version: 4,
    stage: 'Negotiation',
    status: 'Negotiation in progress',
    amount: 1000,
    closing_date: null,
    close_reason: null,
    next_meeting_date: '2026-12-01T10:00:00.000Z',
    notes: 'n',
  };

  it('puts back only the fields the answer changed, with the version it returned', () => {
    expect(undoPatch(deal, { ...deal, amount: 2500, version: 5 })).toEqual({ amount: 1000, version: 5 });
  });

  it('reopens a won deal: its stage, its status text, its close date and reason as they were', () => {
    const won = {
      ...deal,
      stage: 'Closed-Win' as const,
      status: 'Closed-Win',
      closing_date: '2026-11-27',
      close_reason: 'Price',
      version: 5,
    };
    expect(undoPatch(deal, won)).toEqual({
      stage: 'Negotiation',
      status: 'Negotiation in progress',
      closing_date: null,
      close_reason: null,
      version: 5,
    });
    // The patch passes the edit rule against the deal as it now is.
    expect(resolveDealEdit(won, undoPatch(deal, won)!)).toMatchObject({ ok: true });
  });

  it('sends the close date with a closed stage it goes back to, even when the date did not change', () => {
    const lost = { ...deal, stage: 'Closed-Lost' as const, status: 'Closed Lost', closing_date: '2026-10-01', version: 7 };
    const reopened = { ...lost, stage: 'Proposal' as const, status: 'Proposal', version: 8 };
    const patch = undoPatch(lost, reopened)!;
    expect(patch).toEqual({ stage: 'Closed-Lost', status: 'Closed Lost', closing_date: '2026-10-01', version: 8 });
    expect(resolveDealEdit(reopened, patch)).toMatchObject({ ok: true });
  });

  it('leaves a status text that does not read as the stage to the stage', () => {
    const card = { stage: 'Qualified', status: 'Someday', closing_date: null };
    expect(undoPatch(card, { ...card, stage: 'Proposal', status: 'Proposal', version: 2 })).toEqual({
      stage: 'Qualified',
      version: 2,
    });
  });

  it('knows only what `before` holds (a board card), compares instants as instants, and is null with nothing to undo', () => {
    const card = { stage: 'New', closing_date: null, amount: 10 };
    expect(undoPatch(card, { ...deal, stage: 'Qualified', amount: 10, version: 2 })).toEqual({ stage: 'New', version: 2 });
    expect(undoPatch(deal, { ...deal, next_meeting_date: '2026-12-01T11:00:00+01:00', version: 5 })).toBeNull();
  });
});
