import { describe, expect, it } from 'vitest';
import { FOLLOW_UP_MAX_RECIPIENTS, followUpEmailSendSchema } from './follow-up-email.ts';

const mail = { to: ['Claire@Northwind.example'], subject: 'Following up', body: 'Hello' };

describe('followUpEmailSendSchema', () => {
  it('takes addresses trimmed and in lower case, an empty Cc and the invite by default', () => {
    expect(followUpEmailSendSchema.parse({ ...mail, to: [' Claire@Northwind.example '] })).toEqual({
      to: ['claire@northwind.example'],
      cc: [],
      subject: 'Following up',
      body: 'Hello',
      attach_invite: true,
    });
  });

  it.each([
    ['an address carrying a header', { to: ['claire@northwind.example\r\nBcc: victim@evil.test'] }, 'to'],
    ['a list in one address', { to: ['a@b.example, c@d.example'] }, 'to'],
    ['no recipient', { to: [] }, 'to'],
    ['a subject carrying a header', { subject: 'Hi\r\nBcc: victim@evil.test' }, 'subject'],
    ['a subject on two lines', { subject: 'Hi\nthere' }, 'subject'],
    ['an empty body', { body: '   ' }, 'body'],
    ['a body too long', { body: 'x'.repeat(20_001) }, 'body'],
    ['a subject too long', { subject: 'x'.repeat(201) }, 'subject'],
  ])('refuses %s', (_, change, field) => {
    const result = followUpEmailSendSchema.safeParse({ ...mail, ...change });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.path[0]).toBe(field);
  });

  it(`refuses more than ${FOLLOW_UP_MAX_RECIPIENTS} recipients in To and Cc together`, () => {
    const many = (n: number, who: string) => Array.from({ length: n }, (_, i) => `${who}${i}@x.example`);
    expect(followUpEmailSendSchema.safeParse({ ...mail, to: many(10, 'a'), cc: many(10, 'b') }).success).toBe(true);
    const over = followUpEmailSendSchema.safeParse({ ...mail, to: many(10, 'a'), cc: many(11, 'b') });
    expect(over.error!.issues[0]!.path).toEqual(['to']);
  });
});
