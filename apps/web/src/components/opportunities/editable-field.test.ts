import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import type { OpportunityDetail, OpportunitySuggestion } from '@nexa/domain';
import { checkValue, closesDeal, displayValue, draftOf, editorOf, optionsOf, validationKey, valueOf } from './editable-field.tsx';

describe('inline edit values', () => {
  it('reads the form text as the shared schema wants it', () => {
    expect(valueOf(' 12 500 ', 'number')).toBe(12500);
    expect(valueOf('', 'number')).toBeNull();
    expect(valueOf('  Acme ', 'text')).toBe('Acme');
    expect(valueOf('   ', 'textarea')).toBeNull();
    expect(valueOf('2030-01-02T10:00', 'datetime')).toBe(new Date('2030-01-02T10:00').toISOString());
    expect(draftOf(null, 'text')).toBe('');
    expect(draftOf(new Date('2030-01-02T10:00').toISOString(), 'datetime')).toBe('2030-01-02T10:00');
  });

  it('checks with the server’s rules and names the message to show', () => {
    expect(checkValue('amount', -5)).toBe('invalid_amount');
    expect(checkValue('product', null)).toBe('required');
    expect(checkValue('amount', 10)).toBeNull();
    expect(validationKey('too_long')).toBe('edit.validation.too_long');
    expect(validationKey(new ApiError(400, 'bad_request', 'closing_date: closing_date_required', 'closing_date'))).toBe(
      'edit.validation.closing_date_required',
    );
    expect(validationKey(new ApiError(404, 'not_found', 'Opportunity not found'))).toBe('common:errors.not_found');
  });
});

describe('a deal’s money and its currency', () => {
  it('reads an amount in the deal’s currency, in dollars for a deal that names none', () => {
    expect(displayValue(12500, 'amount', 'N/A', { currency: 'EUR' })).toBe('€12,500');
    expect(displayValue(12500, 'amount', 'N/A', { currency: 'JPY' })).toBe('¥12,500');
    expect(displayValue(12500, 'amount', 'N/A')).toBe('$12,500');
    expect(displayValue('EUR', 'currency', 'N/A')).toBe('EUR');
  });

  it('is chosen from every known code, each with its name, and checked as the server checks it', () => {
    expect(editorOf('currency')).toBe('select');
    expect(optionsOf('currency', (key) => key)).toContainEqual({ value: 'EUR', label: 'EUR — Euro' });
    expect(checkValue('currency', 'EUR')).toBeNull();
    expect(checkValue('currency', 'eur')).toBe('invalid_currency');
  });
});

describe('a suggested status that closes the deal', () => {
  const deal = { stage: 'Proposal' } as OpportunityDetail;
  const suggestion = (field: string, value: unknown) => ({ id: 1, field, value }) as OpportunitySuggestion;

  it('asks for the close date when it would close the deal, in any spelling the pipeline reads', () => {
    expect(closesDeal(deal, suggestion('status', 'Closed Won'))).toBe(true);
    expect(closesDeal(deal, suggestion('status', 'Perdu'))).toBe(true);
    expect(closesDeal(deal, suggestion('stage', 'Closed-Lost'))).toBe(true);
  });

  it('does not for an open status, another field, or a deal already closed that way', () => {
    expect(closesDeal(deal, suggestion('status', 'Negotiation'))).toBe(false);
    expect(closesDeal(deal, suggestion('lead_status', 'Closed Won'))).toBe(false);
    expect(closesDeal({ stage: 'Closed-Win' } as OpportunityDetail, suggestion('status', 'Closed Won'))).toBe(false);
  });
});
