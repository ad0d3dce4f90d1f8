import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** The filters a URL's search params hold (what `useUrlFilters` reads; route loaders read the same). */
export function filtersFromSearch<T>(params: URLSearchParams, numeric: ReadonlyArray<PropertyKey> = []): T {
  const out: Record<string, string | number> = {};
  for (const [key, value] of params) {
    if (!value) continue;
    out[key] = numeric.includes(key) ? Number(value) : value;
  }
  return out as T;
}

/**
 * Filters kept in the URL's search params, so a filtered view can be bookmarked and shared.
 * Numbers (page, pageSize) are read back as numbers; empty values are removed.
 */
export function useUrlFilters<T extends Record<string, string | number | undefined>>(numeric: ReadonlyArray<keyof T> = []) {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(
    () => filtersFromSearch<T>(params, numeric),
    // numeric is a constant list per caller
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [params],
  );

  const update = useCallback(
    (patch: Partial<T>) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(patch)) {
            if (value === undefined || value === '' || value === null) next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [filters, update] as const;
}
