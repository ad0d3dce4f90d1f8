import { describe, expect, it } from 'vitest';
import { BUYING_ROLES, BUYING_ROLE_LABEL_KEYS, accountMatchKey, domainOf, isBuyingRole } from './accounts.ts';

describe('accountMatchKey', () => {
  it('gives one key to the spellings of one company', () => {
    const spellings = [
      'Acme',
      'ACME',
      'acme',
      'ACME, Inc.',
      'Acme Inc',
      'Acme Corp.',
      'Acme Ltd',
      'Acmé',
      'acme.com',
      'Acme & Co',
      'A.C.M.E.',
      ' Acme  ',
      'Acme, Co., Ltd.',
      'Acme SAS',
      'ACME GmbH',
      'Acme S.A.',
    ];
    for (const spelling of spellings) expect(accountMatchKey(spelling), spelling).toBe('acme');
  });

  it('keeps the words that name the company', () => {
    expect(accountMatchKey('Société Générale S.A.')).toBe('societe generale');
    expect(accountMatchKey('O’Reilly Media')).toBe('oreilly media');
    expect(accountMatchKey("O'Reilly Media, Inc.")).toBe('oreilly media');
    expect(accountMatchKey('Straße GmbH')).toBe('strasse');
    expect(accountMatchKey('Œuvre—Design')).toBe('oeuvre design');
    expect(accountMatchKey('Acme Industries')).toBe('acme industries');
  });

  it('tells different companies apart', () => {
    expect(accountMatchKey('Acme Industries')).not.toBe(accountMatchKey('Acme'));
    expect(accountMatchKey('Northwind')).not.toBe(accountMatchKey('Northwind Traders'));
  });

  it('never takes the whole name for a legal form', () => {
    expect(accountMatchKey('SA')).toBe('sa');
    expect(accountMatchKey('Inc.')).toBe('inc');
    expect(accountMatchKey('Co Inc')).toBe('co');
  });

  it('keeps names in other scripts, and names of punctuation only', () => {
    expect(accountMatchKey('トヨタ株式会社')).toBe('トヨタ株式会社');
    expect(accountMatchKey('???')).toBe('???');
  });

  it('is empty for a name of spaces only (no company)', () => {
    expect(accountMatchKey('')).toBe('');
    expect(accountMatchKey('  \t ')).toBe('');
  });

  it('is stable: the key of a key is itself', () => {
    for (const name of ['ACME, Inc.', 'Société Générale S.A.', 'O’Reilly Media', 'a.b.c', 'x - y'])
      expect(accountMatchKey(accountMatchKey(name))).toBe(accountMatchKey(name));
  });
});

describe('domainOf', () => {
  it('gives the bare host of a web address', () => {
    expect(domainOf('https://www.Acme.com/about?x=1')).toBe('acme.com');
    expect(domainOf('acme.com')).toBe('acme.com');
    expect(domainOf('WWW.ACME.FR.')).toBe('acme.fr');
    expect(domainOf('http://user@shop.acme.co.uk:8080/p')).toBe('shop.acme.co.uk');
    expect(domainOf(' acme.io ')).toBe('acme.io');
  });

  it('is null for what is not a company host', () => {
    expect(domainOf(null)).toBeNull();
    expect(domainOf('')).toBeNull();
    expect(domainOf('not a domain')).toBeNull();
    expect(domainOf('localhost')).toBeNull();
    expect(domainOf('gmail.com')).toBeNull();
    expect(domainOf('https://www.linkedin.com/company/acme')).toBeNull();
    expect(domainOf('-acme.com')).toBeNull();
  });
});

describe('buying roles', () => {
  it('has a label key for every role', () => {
    expect(BUYING_ROLES).toContain('economic_buyer');
    for (const role of BUYING_ROLES) expect(BUYING_ROLE_LABEL_KEYS[role]).toBe(`accounts:roles.${role}`);
    expect(isBuyingRole('champion')).toBe(true);
    expect(isBuyingRole('ceo')).toBe(false);
  });
});
