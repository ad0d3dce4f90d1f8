import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/test-app.ts';
import { createMailer, headerValue } from './mailer.ts';

describe('mail headers', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nexa-mailer-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('keeps every header value on one line', () => {
    expect(headerValue('New request: Ada\r\nBcc: victim@evil.test\r\n\r\nForged')).toBe(
      'New request: Ada Bcc: victim@evil.test Forged',
    );
    expect(headerValue('a\rb\nc\td\u0000e\u0085f\u2028g')).toBe('a b c d e f g');
    expect(headerValue("Zoë O'Brien — devis")).toBe("Zoë O'Brien — devis");
  });

  it('writes an outbox message whose headers a subject cannot extend', async () => {
    const mailer = createMailer(testConfig({ DATA_DIR: dataDir }), { info: () => {} });
    await mailer.send({
      to: 'sales@nexa.test\r\nCc: victim@evil.test',
      subject: 'New lead: Ada\r\nBcc: victim@evil.test\r\n\r\nForged body',
      text: 'Name: Ada',
    });
    const [file] = fs.readdirSync(path.join(dataDir, 'outbox'));
    const eml = fs.readFileSync(path.join(dataDir, 'outbox', file!), 'utf8');
    const [head, body] = eml.split('\r\n\r\n');
    expect(head!.split('\r\n')).toEqual([
      expect.stringMatching(/^From: /),
      'To: sales@nexa.test Cc: victim@evil.test',
      'Subject: New lead: Ada Bcc: victim@evil.test Forged body',
    ]);
    expect(body).toBe('Name: Ada\r\n');
  });

  it('drains: the sends still in flight are written before drain() resolves, as a closing server waits for them', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nexa-mailer-drain-'));
    try {
      const mailer = createMailer(testConfig({ DATA_DIR: dir }), { info: () => {} });
      // Not awaited, as the new-lead e-mail after its answer.
      for (const n of [1, 2, 3]) void mailer.send({ to: 'sales@nexa.test', subject: `Lead ${n}`, text: 'Name: Ada' });
      await mailer.drain();
      expect(fs.readdirSync(path.join(dir, 'outbox'))).toHaveLength(3);
      await mailer.drain(); // nothing left in flight: answers at once
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  // headerValue and nodemailer's own encoding both stand between a value and a header line: this holds
  // the outcome (no header added), whichever of the two catches a given value.
  it('writes a message with Cc, Reply-To and an attachment as MIME, every header on one line (issue 37)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nexa-mailer-mime-'));
    try {
      const mailer = createMailer(testConfig({ DATA_DIR: dir }), { info: () => {} });
      const receipt = await mailer.send({
        to: ['claire@northwind.example', 'hugo@northwind.example\r\nBcc: victim@evil.test'],
        cc: ['cto@partner.example\nX-Injected: 1'],
        replyTo: 'rep@nexa.test\r\nBcc: victim@evil.test',
        subject: 'Suite à notre échange\r\nBcc: victim@evil.test',
        text: 'Bonjour',
        attachments: [
          { filename: 'invite.ics\r\nX-Injected: 1', contentType: 'text/calendar\r\nX-Injected: 1', content: 'BEGIN:VCALENDAR' },
        ],
      });
      expect(receipt.messageId).toMatch(/^<.+>$/);
      const [file] = fs.readdirSync(path.join(dir, 'outbox'));
      const raw = fs.readFileSync(path.join(dir, 'outbox', file!));
      const mail = await simpleParser(raw);
      expect(mail.headers.has('bcc')).toBe(false);
      expect(mail.headers.has('x-injected')).toBe(false);
      expect(mail.subject).toBe('Suite à notre échange Bcc: victim@evil.test');
      expect(mail.attachments).toHaveLength(1);
      expect(mail.attachments[0]!.content.toString()).toBe('BEGIN:VCALENDAR');
      // Every header line of the message (before its first empty line) is a header or its folded continuation.
      const head = raw.toString('utf8').split('\r\n\r\n')[0]!;
      expect(head.split('\r\n').filter((line) => /^X-Injected|^Bcc/i.test(line))).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
