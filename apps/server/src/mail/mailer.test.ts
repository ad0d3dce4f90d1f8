import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
});
