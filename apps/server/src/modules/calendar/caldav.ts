import type { CalendarError } from '@nexa/domain';
import { OutboundError, requestOutbound, type OutboundAgents, type OutboundOptions } from '../../http/outbound.ts';

/**
 * The few CalDAV requests Nexa makes (RFC 4791), each through the outbound guard (http/outbound.ts)
 * like a webhook: PROPFIND to check a collection and list its events' ETags, PUT and DELETE of the
 * events Nexa owns, GET to read one back. Plain HTTP rather than tsdav: decision 042 says why.
 */

export interface CalDavAccount {
  /** The calendar collection, ending in '/'. */
  url: URL;
  username: string;
  password: string;
}

/** A CalDAV answer that was not what the request needed, as one of the codes Settings shows. */
export class CalDavError extends Error {
  constructor(
    readonly reason: CalendarError,
    readonly status?: number,
  ) {
    super(status ? `${reason} (HTTP ${status})` : reason);
  }
}

export function collectionUrl(url: string): URL {
  const parsed = new URL(url);
  if (!parsed.pathname.endsWith('/')) parsed.pathname += '/';
  return parsed;
}

export interface CalDavClient {
  /** Throws a CalDavError unless the URL is a calendar these credentials may write. */
  check(account: CalDavAccount): Promise<void>;
  /** The collection's objects: href (path) → ETag. */
  list(account: CalDavAccount): Promise<Map<string, string | null>>;
  put(account: CalDavAccount, href: string, ics: string, signal?: AbortSignal): Promise<string | null>;
  /** The object's text and ETag; null when it is gone. */
  get(account: CalDavAccount, href: string): Promise<{ ics: string; etag: string | null } | null>;
  remove(account: CalDavAccount, href: string): Promise<void>;
}

const xmlText = (value: string) =>
  value
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** The <response> elements of a multistatus answer, whatever prefix the server gives the DAV: namespace. */
export function responses(xml: string): Array<{ href: string; etag: string | null; calendar: boolean; ok: boolean }> {
  const out: Array<{ href: string; etag: string | null; calendar: boolean; ok: boolean }> = [];
  for (const match of xml.matchAll(/<(?:[\w-]+:)?response\b[^>]*>([\s\S]*?)<\/(?:[\w-]+:)?response>/g)) {
    const body = match[1]!;
    const href = /<(?:[\w-]+:)?href\b[^>]*>([\s\S]*?)<\/(?:[\w-]+:)?href>/.exec(body)?.[1];
    if (!href) continue;
    const etag = /<(?:[\w-]+:)?getetag\b[^>]*>([\s\S]*?)<\/(?:[\w-]+:)?getetag>/.exec(body)?.[1];
    out.push({
      href: decodeURI(xmlText(href.trim())),
      etag: etag ? xmlText(etag.trim()) : null,
      calendar: /<(?:[\w-]+:)?calendar\s*\/>|<(?:[\w-]+:)?calendar>\s*<\//.test(body),
      ok: /HTTP\/1\.[01] 200/.test(body),
    });
  }
  return out;
}

export function createCalDavClient(options: OutboundOptions, agents?: OutboundAgents): CalDavClient {
  const send = async (method: string, account: CalDavAccount, url: URL, extra: Record<string, string>, body: string | null) => {
    const auth = Buffer.from(`${account.username}:${account.password}`).toString('base64');
    try {
      const answer = await requestOutbound(method, url, { authorization: `Basic ${auth}`, ...extra }, body, options, agents);
      if (answer.status === 401 || answer.status === 403) throw new CalDavError('unauthorized', answer.status);
      if (answer.status >= 500) throw new CalDavError('server_error', answer.status);
      return answer;
    } catch (error) {
      if (error instanceof OutboundError)
        throw new CalDavError(error.reason === 'refused_address' ? 'refused_address' : 'unreachable');
      throw error;
    }
  };
  const at = (account: CalDavAccount, href: string) => new URL(href, account.url);
  const etagOf = (headers: Record<string, string | string[] | undefined> | undefined) => {
    const value = headers?.etag;
    return typeof value === 'string' ? value : null;
  };

  /** The collection's own properties (depth 0) or its members' (depth 1), from a 207 answer. */
  const propfind = async (account: CalDavAccount, depth: '0' | '1', prop: string) => {
    const answer = await send(
      'PROPFIND',
      account,
      account.url,
      { depth, 'content-type': 'application/xml; charset=utf-8' },
      `<?xml version="1.0" encoding="utf-8"?><d:propfind xmlns:d="DAV:"><d:prop><d:${prop}/></d:prop></d:propfind>`,
    );
    if (answer.status === 404) throw new CalDavError('not_found', 404);
    if (answer.status !== 207) throw new CalDavError('not_a_calendar', answer.status);
    return responses(answer.body);
  };

  return {
    async check(account) {
      if (!(await propfind(account, '0', 'resourcetype')).some((r) => r.calendar)) throw new CalDavError('not_a_calendar');
    },
    async list(account) {
      const own = account.url.pathname;
      return new Map(
        (await propfind(account, '1', 'getetag')).flatMap((r) =>
          r.href === own || !r.ok ? [] : [[new URL(r.href, account.url).pathname, r.etag]],
        ),
      );
    },
    async put(account, href, ics) {
      const answer = await send('PUT', account, at(account, href), { 'content-type': 'text/calendar; charset=utf-8' }, ics);
      if (answer.status !== 201 && answer.status !== 204 && answer.status !== 200)
        throw new CalDavError('server_error', answer.status);
      return etagOf(answer.headers);
    },
    async get(account, href) {
      const answer = await send('GET', account, at(account, href), { accept: 'text/calendar' }, null);
      if (answer.status === 404 || answer.status === 410) return null;
      if (answer.status !== 200) throw new CalDavError('server_error', answer.status);
      return { ics: answer.body, etag: etagOf(answer.headers) };
    },
    async remove(account, href) {
      const answer = await send('DELETE', account, at(account, href), {}, null);
      if (answer.status === 404 || answer.status === 410) return;
      if (answer.status >= 300) throw new CalDavError('server_error', answer.status);
    },
  };
}
