import { describe, expect, it } from 'vitest';
import { fieldLabel, OPPORTUNITY_FIELDS } from '@nexa/domain';
import en from '../../locales/en/opportunities.json';
import fr from '../../locales/fr/opportunities.json';

const at = (messages: unknown, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);

// A field declared in packages/domain/src/opportunity-fields.ts shows in forms, lists, imports and
// the history under its label: a field added there without one would show its key.
describe.each([
  ['en', en],
  ['fr', fr],
] as const)('the declared fields in %s', (_, messages) => {
  it('each has its label', () => {
    const missing = Object.keys(OPPORTUNITY_FIELDS).filter((key) => typeof at(messages, fieldLabel(key)) !== 'string');
    expect(missing).toEqual([]);
  });

  it('each hint is for a declared field', () => {
    expect(Object.keys(messages.hints).filter((key) => !(key in OPPORTUNITY_FIELDS))).toEqual([]);
  });
});
