import { KeyboardCode, type KeyboardCoordinateGetter } from '@dnd-kit/core';
import { describe, expect, it } from 'vitest';
import { columnKeyboardCoordinates } from './keyboard-columns.ts';

type Args = Parameters<KeyboardCoordinateGetter>[1];
const STAGES = ['New', 'Qualified', 'Proposal'];
const rect = (left: number) => ({ left, right: left + 200, width: 200, top: 100, bottom: 600, height: 500 });

/** A board of three 200 px columns side by side, a card picked up in `stage`, over `over` (or not yet over any). */
function args(stage: string, over: string | null, cardLeft = 5000, measured = true): Args {
  const rects = new Map(STAGES.map((id, i) => [id, rect(i * 210)]));
  // Each column's own node, as the DOM measures it.
  const node = (id: string) => ({ current: { getBoundingClientRect: () => rects.get(id) } });
  return {
    active: stage,
    currentCoordinates: { x: 0, y: 0 },
    context: {
      active: { id: 1, data: { current: { card: { stage } } } },
      over: over ? { id: over } : null,
      collisionRect: { ...rect(cardLeft), height: 80, bottom: 180 },
      droppableRects: measured ? rects : new Map(),
      droppableContainers: { getEnabled: () => STAGES.map((id) => ({ id, node: node(id) })) },
    },
  } as unknown as Args;
}

const press = (code: string, a: Args) =>
  columnKeyboardCoordinates({ code, preventDefault: () => {} } as unknown as KeyboardEvent, a);

describe('keyboard moves between board columns', () => {
  it('goes to the next column from the one the card is over', () => {
    const to = press(KeyboardCode.Right, args('New', 'Qualified'));
    expect(to).toEqual({ x: 2 * 210 - 5000, y: 56 });
  });

  it('before any collision is known, starts from the column the card was picked up from', () => {
    // The card's rectangle is nowhere near a column yet: its centre would find none.
    const to = press(KeyboardCode.Right, args('New', null));
    expect(to).toEqual({ x: 210 - 5000, y: 56 });
  });

  it('before the board has measured its columns, measures them itself (an arrow pressed at once after Space)', () => {
    expect(press(KeyboardCode.Right, args('New', null, 5000, false))).toEqual({ x: 210 - 5000, y: 56 });
    expect(press(KeyboardCode.Right, args('New', 'Qualified', 5000, false))).toEqual({ x: 2 * 210 - 5000, y: 56 });
  });

  it('stops at the last column and ignores other keys', () => {
    expect(press(KeyboardCode.Right, args('Proposal', 'Proposal'))).toBeUndefined();
    expect(press(KeyboardCode.Down, args('New', 'New'))).toBeUndefined();
  });
});
