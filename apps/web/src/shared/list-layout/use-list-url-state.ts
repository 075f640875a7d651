import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** List state kept in the URL (?view=&search=&<filter keys>), so a list can be bookmarked/shared. */
export function useListUrlState<F extends Record<string, string>>(options: {
  defaultView: string;
  defaultFilters: F;
}) {
  const [params, setParams] = useSearchParams();
  const { defaultView, defaultFilters } = options;
  const view = params.get('view') ?? defaultView;
  const search = params.get('search') ?? '';
  const filterKey = Object.keys(defaultFilters)
    .map((key) => `${key}=${params.get(key) ?? ''}`)
    .join('&');
  const filters = useMemo(() => {
    const applied: Record<string, string> = {};
    for (const [key, fallback] of Object.entries(defaultFilters))
      applied[key] = params.get(key) ?? fallback;
    return applied as F;
    // The filters change only when their own URL values do.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filterKey]);

  const update = useCallback(
    (changes: Record<string, string | undefined>) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) {
            if (value === undefined || value === '') next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  return {
    view,
    setView: (next: string) => update({ view: next === defaultView ? undefined : next }),
    search,
    setSearch: (next: string) => update({ search: next }),
    filters,
    applyFilters: (next: F) =>
      update(
        Object.fromEntries(
          Object.entries(next).map(([key, value]) => [
            key,
            value === defaultFilters[key] ? undefined : value,
          ]),
        ),
      ),
    resetFilters: () =>
      update(Object.fromEntries(Object.keys(defaultFilters).map((key) => [key, undefined]))),
  };
}
