import { describe, expect, it } from 'vitest';
import { notificationLine } from './mail.ts';

const moved = (data: Record<string, unknown>) => ({ kind: 'deal_moved' as const, data, created_at: '2026-03-02T09:00:00Z' });
const MOVE = { deal: 'Acme', from: 'New', to: 'Proposal' };

describe('a deal moved, in an e-mail', () => {
  it('says who moved it as the bell does: the person, else an integration, a call analysis or someone', () => {
    expect(notificationLine('en', moved({ ...MOVE, by: 'Morgan Lee', source: 'person' }), 'UTC')).toBe(
      'Acme was moved by Morgan Lee: New → Proposal.',
    );
    expect(notificationLine('en', moved({ ...MOVE, by: null, source: 'ingest' }), 'UTC')).toContain('by an integration:');
    expect(notificationLine('en', moved({ ...MOVE, by: null, source: 'analysis' }), 'UTC')).toContain('by a call analysis:');
    expect(notificationLine('fr', moved({ ...MOVE, by: null, source: 'analysis' }), 'UTC')).toContain(
      "par une analyse d'appel :",
    );
    expect(notificationLine('en', moved({ ...MOVE, by: null, source: 'import' }), 'UTC')).toContain('by someone:');
  });
});
