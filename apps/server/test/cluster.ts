import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { startInstance, type Instance } from '../../../scripts/cluster.mjs';

export { freePorts, startNginx, type Instance, type Nginx } from '../../../scripts/cluster.mjs';

/**
 * Helpers for the tests that run real server processes (rolling restart, scale-out): an instance
 * from the sources (`node --import tsx src/main.ts`, no build needed), and an HTTP client that can
 * pick its source address on the loopback network (127.0.0.2, 127.0.0.3…), so a test can play
 * several clients and see which address the server believes.
 */
export function startSourceInstance(port: number, env: Record<string, string>): Instance {
  return startInstance({ port, args: ['--import', 'tsx', 'src/main.ts'], cwd: path.join(import.meta.dirname, '..'), env });
}

/** Debian's nginx, where `npm test` installs it (scripts/lib.mjs ensureNginx). */
export const NGINX_PATH = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
export const nginxInstalled = () => fs.existsSync(NGINX_PATH);

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The body parsed as JSON, or null when it is not JSON. */
  json: any;
}

export interface RawRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  /** The client's own address (any 127.x.y.z works on Linux without configuration). */
  localAddress?: string;
}

/** One request on a connection of its own; a network error rejects. */
export function send(url: string, { method = 'GET', headers = {}, body, localAddress }: RawRequest = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers, localAddress, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (c: Buffer) => chunks.push(c));
      response.on('error', reject);
      response.on('end', () => {
        const data = Buffer.concat(chunks);
        let json: unknown = null;
        try {
          json = JSON.parse(data.toString('utf8'));
        } catch {
          // not JSON
        }
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: data, json });
      });
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** A FormData as the bytes and content type a browser would send. */
export async function encodeForm(form: FormData): Promise<{ body: Buffer; contentType: string }> {
  const request = new Request('http://form.invalid/', { method: 'POST', body: form });
  return { body: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}
