import { describe, expect, it } from 'vitest';
import { machineMayWrite } from './deal-history.ts';

describe('machineMayWrite', () => {
  it.each([
    [null, undefined, true],
    ['', 'person', true],
    [undefined, 'person', true],
    ['Good call', undefined, true],
    ['Good call', 'analysis', true],
    ['Good call', 'ingest', true],
    ['Good call', 'person', false],
    // A date moved in the person's own calendar (decision 042) is theirs: no machine overwrites it.
    ['2099-02-11T15:30:00.000Z', 'calendar', false],
    [null, 'calendar', true],
    [0, 'person', false],
  ] as const)('value %j last written by %s → %s', (value, writer, expected) => {
    expect(machineMayWrite(value, writer)).toBe(expected);
  });
});
