import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

/**
 * Requests the server makes to addresses a person typed (webhook endpoints; decision 036). Unless
 * the operator allows private addresses, a host is resolved first and refused when any of its
 * addresses is loopback, private, link-local, shared, multicast or reserved; the connection then
 * goes to an address that was checked (no second lookup a DNS answer could change in between).
 * Redirects are never followed; the answer is cut at a size limit and the whole exchange at a time
 * limit.
 */

const BLOCKED = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // shared address space (carrier-grade NAT)
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata services
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv6');
}

/** Whether an address is one a request from the server must not reach unless the operator allows it. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = net.isIP(bare);
  if (family === 4) return BLOCKED.check(bare, 'ipv4');
  if (family === 6) {
    // IPv4-mapped (::ffff:a.b.c.d, ::ffff:7f00:1): refused whole — a receiver has no reason to be written so.
    // (Not in the block list: a mapped range there also matches every IPv4 address.)
    if (/^(0{0,4}:){0,5}:?ffff:/i.test(bare) && !/^ffff:/i.test(bare)) return true;
    return BLOCKED.check(bare, 'ipv6');
  }
  return true;
}

export type OutboundFailure = 'refused_address' | 'dns' | 'timeout' | 'connection';

/** A request that got no answer: why, in our own words (never the receiver's text). */
export class OutboundError extends Error {
  constructor(readonly reason: OutboundFailure) {
    super(reason);
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/** dns.lookup that answers only with addresses that passed the rule (every address of the name checked). */
function guardedLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { family: options.family, hints: options.hints, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    if (!addresses.length || addresses.some((entry) => isPrivateAddress(entry.address))) {
      return callback(new OutboundError('refused_address') as unknown as NodeJS.ErrnoException, []);
    }
    if (options.all) return callback(null, addresses);
    return callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}

export interface OutboundOptions {
  allowPrivate: boolean;
  timeoutMs: number;
  maxResponseBytes: number;
}

export interface OutboundAnswer {
  status: number;
  /** The first bytes of the answer (up to maxResponseBytes), as text. */
  body: string;
  headers?: http.IncomingHttpHeaders;
}

/** Connections kept alive between deliveries to the same receiver. */
export function createOutboundAgents() {
  const options = { keepAlive: true, maxSockets: 8, maxFreeSockets: 4, timeout: 30_000 };
  const agents = { http: new http.Agent(options), https: new https.Agent(options) };
  return { ...agents, destroy: () => (agents.http.destroy(), agents.https.destroy()) };
}
export type OutboundAgents = ReturnType<typeof createOutboundAgents>;

/** POSTs `body` to `url` under the rule above; resolves with any HTTP answer, rejects with an OutboundError. */
export function postOutbound(
  url: URL,
  headers: Record<string, string>,
  body: string,
  options: OutboundOptions,
  agents?: OutboundAgents,
  signal?: AbortSignal,
): Promise<OutboundAnswer> {
  return requestOutbound('POST', url, headers, body, options, agents, signal);
}

/**
 * Any method under the same rule (CalDAV's PROPFIND, PUT, GET and DELETE to a person's calendar,
 * decision 042); the answer's headers come back too (a CalDAV server's ETag).
 */
export function requestOutbound(
  method: string,
  url: URL,
  headers: Record<string, string>,
  body: string | null,
  options: OutboundOptions,
  agents?: OutboundAgents,
  signal?: AbortSignal,
): Promise<OutboundAnswer> {
  return new Promise((resolve, reject) => {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (!options.allowPrivate && net.isIP(host) && isPrivateAddress(host)) {
      reject(new OutboundError('refused_address'));
      return;
    }
    const secure = url.protocol === 'https:';
    const payload = body === null ? null : Buffer.from(body);
    let settled = false;
    const finish = (error: OutboundError | null, answer?: OutboundAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(answer!);
    };
    const request = (secure ? https : http).request(url, {
      method,
      headers: payload ? { ...headers, 'content-length': String(payload.length) } : headers,
      agent: agents ? (secure ? agents.https : agents.http) : false,
      lookup: options.allowPrivate ? undefined : (guardedLookup as unknown as typeof dns.lookup),
      signal,
    });
    const timer = setTimeout(() => {
      finish(new OutboundError('timeout'));
      request.destroy();
    }, options.timeoutMs);
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error instanceof OutboundError) return finish(error);
      if ((error.cause ?? null) instanceof OutboundError) return finish(error.cause as OutboundError);
      if (error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN') return finish(new OutboundError('dns'));
      finish(new OutboundError(signal?.aborted ? 'timeout' : 'connection'));
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () =>
        finish(null, {
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          headers: response.headers,
        });
      response.on('data', (chunk: Buffer) => {
        const room = options.maxResponseBytes - size;
        if (room > 0) chunks.push(chunk.subarray(0, room));
        size += chunk.length;
        // Past the limit: keep what we have and drop the connection rather than read on.
        if (size > options.maxResponseBytes) {
          done();
          response.destroy();
        }
      });
      response.on('end', done);
      response.on('error', done);
      response.on('aborted', done);
    });
    request.end(payload ?? undefined);
  });
}
