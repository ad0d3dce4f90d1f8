/** A value of a `Cookie` header (or `document.cookie`), decoded; undefined when absent or malformed. */
export function cookieValue(header: string, name: string): string | undefined {
  const prefix = `${name}=`;
  const entry = header.split(/;\s*/).find((part) => part.startsWith(prefix));
  if (entry === undefined) return undefined;
  try {
    return decodeURIComponent(entry.slice(prefix.length));
  } catch {
    return undefined;
  }
}

/** Sets a cookie the server reads on the next page: the whole site, same-site requests, Secure on https. */
export function setCookie(name: string, value: string, maxAgeSeconds: number): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax${secure}`;
}
