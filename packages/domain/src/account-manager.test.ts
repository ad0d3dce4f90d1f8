import { describe, expect, it } from 'vitest';
import { matchAccountManager } from './account-manager.ts';

const users = [
  { id: 'ada', full_name: 'Ada Lovelace' },
  { id: 'alan', full_name: 'Alan Turing' },
  { id: 'grace', full_name: 'Grace Hopper' },
  { id: 'grace2', full_name: 'Grace Kelly' },
  { id: 'john', full_name: 'John Smith' },
  { id: 'jane', full_name: 'Jane Smith' },
];

describe('matchAccountManager (DESIGN §4.4 cascade)', () => {
  it('matches the exact name first', () => {
    expect(matchAccountManager('Ada Lovelace', users)).toBe('ada');
  });

  it('then the name whatever its case and spacing', () => {
    expect(matchAccountManager('  alan   TURING ', users)).toBe('alan');
  });

  it('then a unique first name, then a unique last name', () => {
    expect(matchAccountManager('ada', users)).toBe('ada');
    expect(matchAccountManager('Hopper', users)).toBe('grace');
    expect(matchAccountManager('turing', users)).toBe('alan');
  });

  it('gives no owner when a step finds several users', () => {
    expect(matchAccountManager('Grace', users)).toBeNull();
    expect(matchAccountManager('Smith', users)).toBeNull();
  });

  it('prefers the exact spelling over a case-insensitive twin', () => {
    const twins = [
      { id: 'a', full_name: 'Sam Lee' },
      { id: 'b', full_name: 'sam lee' },
    ];
    expect(matchAccountManager('sam lee', twins)).toBe('b');
    expect(matchAccountManager('SAM LEE', twins)).toBeNull();
  });

  it('gives no owner for an unknown, empty or partial name', () => {
    expect(matchAccountManager('Linus', users)).toBeNull();
    expect(matchAccountManager('', users)).toBeNull();
    expect(matchAccountManager(null, users)).toBeNull();
    expect(matchAccountManager('Ada Smith', users)).toBeNull();
  });
});
