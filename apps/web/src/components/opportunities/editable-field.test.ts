import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { checkValue, draftOf, validationKey, valueOf } from './editable-field.tsx';

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
