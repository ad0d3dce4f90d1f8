import { describe, expect, it } from 'vitest';
import { matchAccountManager, type AccountManagerCandidate } from './account-manager.ts';

const user = (id: string, name: string, aliases: string[] = []): AccountManagerCandidate => ({
  id,
  email: `${id}@example.com`,
  account_manager_name: name,
  account_manager_aliases: aliases,
});

const users = [
  user('ada', 'Ada Lovelace'),
  user('alan', 'Alan Turing', ['A. M. Turing']),
  user('grace', 'Grace Hopper', ['Amazing Grace']),
  user('grace2', 'Grace Kelly'),
  user('john', 'John Smith'),
  user('jane', 'Jane Smith'),
];

const owner = (name: string | null, email?: string) => matchAccountManager({ name, email }, users);

describe('matchAccountManager: e-mail, then the cascade over manager-set names', () => {
  it('matches the exact name first', () => {
    expect(owner('Ada Lovelace')).toEqual({ ownerId: 'ada', rule: 'exact' });
  });

  it('then the name whatever its case and spacing', () => {
    expect(owner('  alan   TURING ')).toEqual({ ownerId: 'alan', rule: 'case-insensitive' });
  });

  it('then an alias a manager listed, whatever its case', () => {
    expect(owner('a. m. turing')).toEqual({ ownerId: 'alan', rule: 'alias' });
    expect(owner('Amazing Grace')).toEqual({ ownerId: 'grace', rule: 'alias' });
  });

  it('then a unique first name, then a unique last name', () => {
    expect(owner('ada')).toEqual({ ownerId: 'ada', rule: 'first-name' });
    expect(owner('Hopper')).toEqual({ ownerId: 'grace', rule: 'last-name' });
    expect(owner('turing')).toEqual({ ownerId: 'alan', rule: 'last-name' });
  });

  it('the e-mail wins over the name, whatever its case; an unknown e-mail falls back to the name', () => {
    expect(owner('Ada Lovelace', 'ALAN@example.com')).toEqual({ ownerId: 'alan', rule: 'email' });
    expect(owner('Ada Lovelace', 'nobody@example.com')).toEqual({ ownerId: 'ada', rule: 'exact' });
    expect(owner(null, 'jane@example.com')).toEqual({ ownerId: 'jane', rule: 'email' });
  });

  it('gives no owner when a step finds several users', () => {
    expect(owner('Grace')).toEqual({ ownerId: null, rule: 'none' });
    expect(owner('Smith')).toEqual({ ownerId: null, rule: 'none' });
  });

  it('prefers the exact spelling over a case-insensitive twin', () => {
    const twins = [user('a', 'Sam Lee'), user('b', 'sam lee')];
    expect(matchAccountManager({ name: 'sam lee' }, twins).ownerId).toBe('b');
    expect(matchAccountManager({ name: 'SAM LEE' }, twins).ownerId).toBeNull();
  });

  it('gives no owner for an unknown, empty or partial name', () => {
    expect(owner('Linus').ownerId).toBeNull();
    expect(owner('').ownerId).toBeNull();
    expect(owner(null).ownerId).toBeNull();
    expect(owner('Ada Smith').ownerId).toBeNull();
  });
});
