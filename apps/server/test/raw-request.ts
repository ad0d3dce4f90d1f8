import http from 'node:http';

/**
 * A request over a raw socket, its path sent as written: fetch would fold dot segments and
 * normalise the spelling before it reaches the server (canonical-paths, path-ids).
 */
export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: any;
  text: string;
}

export function raw(base: string, method: string, path: string, headers: Record<string, string> = {}, body?: unknown) {
  const { hostname, port } = new URL(base);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise<RawResponse>((resolve, reject) => {
    const request = http.request(
      {
        host: hostname,
        port,
        method,
        path,
        headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // HTML or empty
          }
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: parsed, text });
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}
