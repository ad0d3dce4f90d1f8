import { describe, expect, it } from 'vitest';
import { displayStatus, normaliseStatus } from './status.ts';

describe('normaliseStatus', () => {
  it.each([
    ['Closed Win', 'Closed-Win'],
    ['closed-win', 'Closed-Win'],
    ['CLOSEDWIN', 'Closed-Win'],
    [' won ', 'Closed-Win'],
    ['closed lost', 'Closed-Lost'],
    ['Closed-Lost', 'Closed-Lost'],
    ['closedlost', 'Closed-Lost'],
    ['Lost', 'Closed-Lost'],
    ['Negotiation', 'On-going'],
    ['', 'On-going'],
    [null, 'On-going'],
    [undefined, 'On-going'],
  ])('%s → %s', (input, expected) => {
    expect(normaliseStatus(input)).toBe(expected);
  });
});

describe('displayStatus', () => {
  it.each([
    ['closed', 'Closed-Win'],
    ['Won', 'Closed-Win'],
    ['closed win', 'Closed-Win'],
    ['lost', 'Closed-Lost'],
    ['Closed Lost', 'Closed-Lost'],
    ['ongoing', 'On-going'],
    ['On-Going', 'On-going'],
    ['Negotiation', 'Negotiation'],
    ['  Qualified ', 'Qualified'],
    ['', 'Unknown'],
    [null, 'Unknown'],
  ])('%s → %s', (input, expected) => {
    expect(displayStatus(input)).toBe(expected);
  });

  it('differs from normaliseStatus only on unrecognised text', () => {
    expect(normaliseStatus('Negotiation')).toBe('On-going');
    expect(displayStatus('Negotiation')).toBe('Negotiation');
  });
});
