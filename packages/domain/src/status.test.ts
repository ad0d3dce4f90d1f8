import { describe, expect, it } from 'vitest';
import { OUTCOME_OF_STAGE, statusFilterOf } from './pipeline-model.ts';
import { STATUS_SPELLINGS } from './status-spellings.ts';
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

describe('statusFilterOf: one meaning, one filter (issue 33)', () => {
  it.each([
    ['Closed-Win', { column: 'outcome', value: 'won' }],
    ['Won', { column: 'outcome', value: 'won' }],
    ['closed win', { column: 'outcome', value: 'won' }],
    ['Gagné', { column: 'outcome', value: 'won' }],
    ['Closed-Lost', { column: 'outcome', value: 'lost' }],
    ['Perdu', { column: 'outcome', value: 'lost' }],
    ['On-going', { column: 'outcome', value: 'open' }],
    ['ongoing', { column: 'outcome', value: 'open' }],
    ['En cours', { column: 'outcome', value: 'open' }],
    ['Negotiation', { column: 'stage', value: 'Negotiation' }],
    ['négociation', { column: 'stage', value: 'Negotiation' }],
    ['New', { column: 'stage', value: 'New' }],
  ] as const)('%s filters %o', (text, expected) => expect(statusFilterOf(text)).toEqual(expected));

  it('reads every known spelling as the stage it stores: a won or lost text is its outcome, an open one its stage', () => {
    for (const [text, stage] of STATUS_SPELLINGS) {
      if (!text.trim()) continue;
      const filter = statusFilterOf(text);
      const outcome = OUTCOME_OF_STAGE[stage];
      if (outcome !== 'open') expect(filter, text).toEqual({ column: 'outcome', value: outcome });
      else if (filter.column === 'stage') expect(filter.value, text).toBe(stage);
      else expect(filter, text).toEqual({ column: 'outcome', value: 'open' });
    }
  });
});
