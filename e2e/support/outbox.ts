import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';

/**
 * The run's outbox: the e2e server sends every e-mail over SMTP to e2e/support/smtp-catcher.mjs, which
 * files each message there, raw, named from the time it arrived (an ISO timestamp first, so the names
 * sort by time). Invitations, resets, reminders and follow-ups are all read from here, by `mailTo`.
 */
const OUTBOX = path.resolve(import.meta.dirname, '..', '..', process.env.E2E_DATA_DIR ?? '.e2e-data', 'outbox');

const stamp = (at: Date) => at.toISOString().replace(/[:.]/g, '-');

/**
 * The first message to `email` (in To or Cc) with this subject, or that `match` accepts, filed at or
 * after `since`, once it is in the outbox. Read parsed: over SMTP a body may be quoted-printable,
 * where a link's `=` is written `=3D`.
 */
export async function mailTo(
  email: string,
  match: string | ((mail: ParsedMail) => boolean),
  { since = new Date(0), timeout }: { since?: Date; timeout?: number } = {},
): Promise<ParsedMail> {
  // A second of slack: the file is named from the catcher's clock, after the call started.
  const from = stamp(new Date(since.getTime() - 1_000));
  const wanted = typeof match === 'string' ? (mail: ParsedMail) => mail.subject === match : match;
  let found: ParsedMail | undefined;
  const look = async (): Promise<boolean> => {
    if (!fs.existsSync(OUTBOX)) return false;
    for (const file of fs
      .readdirSync(OUTBOX)
      .filter((f) => f.endsWith('.eml') && f >= from)
      .sort()) {
      const raw = fs.readFileSync(path.join(OUTBOX, file));
      if (!raw.includes(email)) continue;
      const mail = await simpleParser(raw);
      const to = [mail.to, mail.cc].flat().some((address) => address?.text.includes(email));
      if (to && wanted(mail)) {
        found = mail;
        return true;
      }
    }
    return false;
  };
  const what = typeof match === 'string' ? `"${match}"` : 'the awaited message';
  await expect.poll(look, { message: `${what} e-mailed to ${email}`, timeout }).toBe(true);
  return found!;
}
