import { describe, expect, it } from 'vitest';
import { dealName } from './deal-name.ts';

describe('dealName', () => {
  it.each([
    [{ client_company_name: 'Acme Corp', product: 'CRM Platform' }, 'Acme Corp — CRM Platform'],
    [{ client_company_name: ' Acme ', product: null }, 'Acme'],
    [{ client_company_name: null, product: 'CRM' }, 'CRM'],
    [{ client_company_name: '  ', product: '' }, null],
  ])('%o reads %s', (deal, expected) => expect(dealName(deal)).toBe(expected));
});
