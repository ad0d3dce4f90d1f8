/**
 * Who or what changed a deal. Every change to an opportunity is recorded with one of these, and
 * `field_sources` remembers the last writer of each field so that an analysis or an integration
 * never replaces a value a person entered (it suggests instead). 'calendar' is a person's own calendar
 * (decision 042): a meeting they moved there; it is not a machine, so no machine overwrites it.
 */
export const CHANGE_SOURCES = ['person', 'import', 'ingest', 'analysis', 'system', 'calendar'] as const;
export type ChangeSource = (typeof CHANGE_SOURCES)[number];

/** Sources whose values give way to a person's: they may overwrite each other, never a person. */
export const MACHINE_SOURCES: readonly ChangeSource[] = ['import', 'ingest', 'analysis', 'system'];

/**
 * Whether a machine source may write a field directly: the field is empty, or a person never wrote
 * it last. Otherwise the value is offered as a suggestion beside the field.
 */
export function machineMayWrite(currentValue: unknown, lastWriter: ChangeSource | undefined): boolean {
  if (currentValue === null || currentValue === undefined || currentValue === '') return true;
  return lastWriter !== 'person' && lastWriter !== 'calendar';
}
