import { atHourIn, instantOfLocalInput, localInputValue } from '@nexa/domain/tasks';
import { wallTimeIn } from '@nexa/domain/slots';

/** The browser's own zone: what the server reads "today" in when the person chose none. */
export const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** A new task's due time: today 17:00 in the zone while it is before 16:00, else tomorrow 09:00. */
export function defaultDue(now: number, timeZone: string): number {
  return wallTimeIn(now, timeZone).hour < 16 ? atHourIn(now, timeZone, 0, 17) : atHourIn(now, timeZone, 1);
}

/** An instant (ISO) as the value of a datetime-local input in the zone. */
export const toInput = (iso: string | number, timeZone: string) =>
  localInputValue(typeof iso === 'number' ? iso : Date.parse(iso), timeZone);

/** A datetime-local input's value in the zone as an ISO instant; null when it is not a time. */
export function fromInput(value: string, timeZone: string): string | null {
  const instant = instantOfLocalInput(value, timeZone);
  return Number.isFinite(instant) ? new Date(instant).toISOString() : null;
}

/** Whether a key press belongs to a field being typed in (a shortcut must leave it alone). */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}
