import type { FastifyRequest } from 'fastify';

/** Every route of the HTTP API lives under this prefix; the rest of the site is the web app. */
export const API_PREFIX = '/api/';

/** Whether a route pattern (as registered) belongs to the API. */
export const isApiPattern = (pattern: string): boolean => pattern.startsWith(API_PREFIX);

/**
 * Whether the router matched this request to an API route. The answer comes from the route the
 * router chose, never from the raw URL: the router decodes the path, so `/%61pi/leads/…` reaches the
 * same route as `/api/leads/…`, and a check on the raw text would let that spelling skip the origin
 * check, the rate limits and `no-store`. A request that matched nothing is not an API request; it
 * gets the not-found answer and nothing else runs for it.
 */
export function isApiRequest(request: FastifyRequest): boolean {
  const pattern = request.routeOptions.url;
  return pattern !== undefined && isApiPattern(pattern);
}

/**
 * Whether a path that matched no route is meant for the API (it gets a JSON 404, not the web app).
 * Read leniently — decoded, any case, repeated slashes and dot segments folded — because the
 * answer only chooses between two 404s, and a mistyped API call should never receive HTML.
 */
export function looksLikeApiPath(rawPath: string): boolean {
  let path = rawPath;
  // Decoded until it stops changing (a proxy may have decoded once already), a few rounds at most.
  for (let round = 0; round < 3 && path.includes('%'); round += 1) {
    try {
      path = decodeURIComponent(path);
    } catch {
      break; // malformed escapes: judge the text as it is
    }
  }
  const resolved: string[] = [];
  for (const segment of path.toLowerCase().split(/[/\\]+/)) {
    if (segment === '..') resolved.pop();
    else if (segment !== '' && segment !== '.') resolved.push(segment);
  }
  return resolved[0] === 'api';
}
