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
    [0, 'person', false],
  ] as const)('value %j last written by %s → %s', (value, writer, expected) => {
    expect(machineMayWrite(value, writer)).toBe(expected);
  });
});
