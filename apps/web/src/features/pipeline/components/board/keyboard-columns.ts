import { KeyboardCode, type KeyboardCoordinateGetter } from '@dnd-kit/core';

/**
 * Keyboard moves go column to column: left and right arrows place the picked-up card at the top of
 * the previous or next stage's column (the board has no order within a column to move along).
 * Coordinates are moved by the distance between the card's rectangle and that spot, whatever
 * point of the card the sensor tracks.
 */
export const columnKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  const step = event.code === KeyboardCode.Right ? 1 : event.code === KeyboardCode.Left ? -1 : 0;
  if (step === 0) return undefined;
  event.preventDefault();
  const { droppableContainers, droppableRects, collisionRect, over } = context;
  if (!collisionRect) return undefined;
  const columns = droppableContainers
    .getEnabled()
    .map((container) => ({
      id: container.id,
      // The board measures its columns in a render after the pick-up: an arrow pressed before that (at
      // once, on a busy machine) measures the column itself instead of finding none and going nowhere.
      rect: droppableRects.get(container.id) ?? container.node.current?.getBoundingClientRect(),
    }))
    .filter((column): column is { id: typeof column.id; rect: NonNullable<typeof column.rect> } => column.rect !== undefined)
    .sort((a, b) => a.rect.left - b.rect.left);
  // Where the card is now: the column it is over; before the first collision is computed (an arrow
  // pressed right after Space on a busy machine), the column it was picked up from; else its centre.
  const centre = collisionRect.left + collisionRect.width / 2;
  const from = over?.id ?? (context.active?.data.current as { card?: { stage?: string } } | undefined)?.card?.stage;
  const current =
    from !== undefined
      ? columns.findIndex((c) => c.id === from)
      : columns.findIndex((c) => centre >= c.rect.left && centre <= c.rect.right);
  const target = columns[current + step];
  if (!target) return undefined;
  const left = target.rect.left + (target.rect.width - collisionRect.width) / 2;
  const top = target.rect.top + 56;
  return { x: currentCoordinates.x + left - collisionRect.left, y: currentCoordinates.y + top - collisionRect.top };
};
