import { useEffect, useState } from 'react';

/**
 * A list's search box over the `q` its URL holds (useUrlFilters): what is typed shows at once and
 * reaches the URL 300 ms after the last key, back on the first page; a URL changed otherwise (back,
 * a link) refills the box.
 */
export function useSearchText(q: string | undefined, setFilters: (patch: { q?: string; page?: number }) => void) {
  const [text, setText] = useState(q ?? '');
  useEffect(() => setText(q ?? ''), [q]);
  useEffect(() => {
    if (text === (q ?? '')) return;
    const timer = setTimeout(() => setFilters({ q: text || undefined, page: undefined }), 300);
    return () => clearTimeout(timer);
  }, [text, q, setFilters]);
  return [text, setText] as const;
}
