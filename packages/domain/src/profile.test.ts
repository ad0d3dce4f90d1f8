import { describe, expect, it } from 'vitest';
import { initials, nameFromEmail } from './profile.ts';
import { homePathForRole, isRole } from './roles.ts';
import { seededRandom } from './random.ts';

describe('nameFromEmail', () => {
  it.each([
    ['jean.dupont@example.fr', 'Jean Dupont'],
    ['ALEX_martin42@x.io', 'Alex Martin'],
    ['sam@demo.nexa.test', 'Sam'],
    ['a-b+c@d.e', 'A B C'],
    ['1234@numbers.io', '1234'],
  ])('%s → %s', (email, name) => expect(nameFromEmail(email)).toBe(name));
});

describe('initials', () => {
  it.each([
    ['Morgan Lee', 'ML'],
    ['Alex de la Martin', 'AD'],
    ['  sam  ', 'S'],
    ['', '?'],
    [null, '?'],
  ])('%s → %s', (name, expected) => expect(initials(name)).toBe(expected));
});

describe('roles', () => {
  it('routes each known role to its workspace and nothing else', () => {
    expect(homePathForRole('Sales Manager')).toBe('/manager');
    expect(homePathForRole('Sales Representative')).toBe('/rep');
    expect(homePathForRole('Admin')).toBeNull();
    expect(homePathForRole(null)).toBeNull();
    expect(isRole('sales manager')).toBe(false);
  });
});

describe('seededRandom', () => {
  it('gives the same sequence for the same seed and stays in range', () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    const xs = Array.from({ length: 50 }, () => a.int(3, 9));
    expect(xs).toEqual(Array.from({ length: 50 }, () => b.int(3, 9)));
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(3);
    expect(Math.max(...xs)).toBeLessThanOrEqual(9);
  });
});
