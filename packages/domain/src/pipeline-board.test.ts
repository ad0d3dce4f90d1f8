import { describe, expect, it } from 'vitest';
import { STAGES } from './pipeline-model.ts';
import { boardQuerySchema, type Board, type BoardCard } from './pipeline-board.ts';
import { boardTotalsByOutcome, cardVersion, isClosingStage, moveCard, withCardVersion } from './pipeline-board-moves.ts';

const card = (
  id: number,
  stage: BoardCard['stage'],
  amount: number | null,
  next_meeting_date: string | null = null,
): BoardCard => ({
  id,
  version: 1,
  stage,
  owner_id: 'u1',
  account_manager: 'Alex',
  product: 'CRM',
  client_company_name: `Company ${id}`,
  amount,
  lead_status: 'Hot',
  next_meeting_date,
  closing_date: null,
});

function board(cards: BoardCard[], extra: Partial<Record<BoardCard['stage'], { count: number; amount: number }>> = {}): Board {
  return {
    columns: STAGES.map((stage) => {
      const items = cards.filter((c) => c.stage === stage);
      const more = extra[stage] ?? { count: 0, amount: 0 };
      return {
        stage,
        count: items.length + more.count,
        amount: items.reduce((s, c) => s + (c.amount ?? 0), 0) + more.amount,
        items,
      };
    }),
  };
}

const column = (b: Board, stage: BoardCard['stage']) => b.columns.find((c) => c.stage === stage)!;

describe('moveCard', () => {
  it('moves the card with its count and amount, and keeps the other columns', () => {
    const before = board([card(1, 'New', 1000), card(2, 'New', 500), card(3, 'Proposal', 200)], {
      Proposal: { count: 10, amount: 9000 },
    });
    const after = moveCard(before, 1, 'Proposal');
    expect(column(after, 'New')).toMatchObject({ count: 1, amount: 500 });
    expect(column(after, 'New').items.map((c) => c.id)).toEqual([2]);
    expect(column(after, 'Proposal')).toMatchObject({ count: 12, amount: 10_200 });
    expect(column(after, 'Proposal').items.find((c) => c.id === 1)?.stage).toBe('Proposal');
    expect(column(after, 'Qualified')).toBe(column(before, 'Qualified'));
    // Nothing is lost or counted twice.
    const sum = (b: Board) => b.columns.reduce((s, c) => s + c.count, 0);
    expect(sum(after)).toBe(sum(before));
  });

  it('places the card in next-meeting order, deals without a meeting last', () => {
    const before = board([
      card(1, 'New', 1, '2026-12-05T10:00:00Z'),
      card(2, 'Qualified', 1, '2026-12-01T10:00:00Z'),
      card(3, 'Qualified', 1, '2026-12-09T10:00:00Z'),
      card(4, 'Qualified', 1, null),
    ]);
    expect(column(moveCard(before, 1, 'Qualified'), 'Qualified').items.map((c) => c.id)).toEqual([2, 1, 3, 4]);
  });

  it('applies the fields the move changes (a close date) and counts a deal without amount as 0', () => {
    const after = moveCard(board([card(1, 'Negotiation', null)]), 1, 'Closed-Win', { closing_date: '2026-11-24' });
    expect(column(after, 'Closed-Win')).toMatchObject({ count: 1, amount: 0 });
    expect(column(after, 'Closed-Win').items[0]).toMatchObject({ closing_date: '2026-11-24', stage: 'Closed-Win' });
  });

  it('leaves the board as it is for a card not on it or a move to its own stage', () => {
    const before = board([card(1, 'New', 1)]);
    expect(moveCard(before, 99, 'Proposal')).toBe(before);
    expect(moveCard(before, 1, 'New')).toBe(before);
  });
});

describe('withCardVersion', () => {
  it("sets one card's version, wherever it is, and leaves the others", () => {
    const before = board([card(1, 'New', 100), card(2, 'Proposal', 200)]);
    const after = withCardVersion(before, 2, 5);
    expect(cardVersion(after, 2)).toBe(5);
    expect(cardVersion(after, 1)).toBe(1);
    expect(column(after, 'Proposal').count).toBe(1);
  });

  it('leaves the board as it is for a card not on it', () => {
    const before = board([card(1, 'New', 100)]);
    expect(withCardVersion(before, 99, 5)).toBe(before);
    expect(cardVersion(before, 99)).toBeUndefined();
  });
});

describe('board rules', () => {
  it('asks for a close date only when a move closes the deal', () => {
    expect(STAGES.filter(isClosingStage)).toEqual(['Closed-Win', 'Closed-Lost']);
  });

  it('sums the columns per outcome, as the dashboard counts them', () => {
    const totals = boardTotalsByOutcome(
      board([card(1, 'New', 10), card(2, 'Proposal', 5), card(3, 'Closed-Win', 7), card(4, 'Closed-Lost', 1)]).columns,
    );
    expect(totals).toEqual({ open: { count: 2, amount: 15 }, won: { count: 1, amount: 7 }, lost: { count: 1, amount: 1 } });
  });

  it('takes the list filters, a stage and a page of cards', () => {
    expect(boardQuerySchema.parse({ product: 'CRM', stage: 'Proposal', offset: '20' })).toMatchObject({
      product: 'CRM',
      stage: 'Proposal',
      offset: 20,
      limit: 10,
    });
    expect(boardQuerySchema.parse({ status: 'all' }).status).toBeUndefined();
    expect(boardQuerySchema.safeParse({ stage: 'Won' }).success).toBe(false);
    expect(boardQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
    expect(boardQuerySchema.safeParse({ from: '2026-02-01', to: '2026-01-01' }).success).toBe(false);
  });
});
