import { useCallback, useContext, useLayoutEffect, useMemo, useRef } from 'react';
import {
  UNSAFE_DataRouterContext as DataRouterContext,
  useLocation,
  useNavigate,
  useResolvedPath,
  useSearchParams,
} from 'react-router';

const VIEW_PARAM = 'view';
const SEARCH_PARAM = 'search';

export interface ListUrlState<F extends Record<string, string>> {
  view: string;
  setView(view: string): void;
  search: string;
  /** Replaces the history entry: a caller debounces typing and writes the settled text here. */
  setSearch(search: string): void;
  /** The applied filters, read from the URL (defaults where a key is absent). */
  filters: F;
  defaultFilters: F;
  applyFilters(filters: F): void;
  resetFilters(): void;
}

/**
 * A list's view, search text and applied filters, kept in the query string (?view=&search=&<filter
 * keys>) so that a list can be bookmarked and shared. Values equal to their default are left out of
 * the URL; multi-values are comma-joined strings.
 */
export function useListUrlState<F extends Record<string, string>>(options: {
  defaultView: string;
  defaultFilters: F;
}): ListUrlState<F> {
  const { defaultView, defaultFilters } = options;
  const [params] = useSearchParams();
  const navigate = useNavigate();
  // Writes start from the address the user is going to when they happen: a debounced search that
  // settles while a drawer's screen is still loading (a navigation under way), or after a sort or an
  // Apply, merges into that address instead of cancelling it with the list's own. The data router's
  // state is read as the write happens: React renders a navigation as a transition, so what the
  // components last rendered can lag one the router has already started. Outside a data router
  // (tests' MemoryRouter) navigations are immediate and the rendered location is current.
  // A write that settles while the user is leaving for another page belongs to the list left
  // behind: it is dropped rather than carried into that page's address. The list's own path is its
  // route's; its drawers are deeper paths under it.
  const listPath = useResolvedPath('.').pathname.replace(/\/$/, '');
  const router = useContext(DataRouterContext)?.router;
  const location = useLocation();
  const rendered = useRef(location);
  useLayoutEffect(() => {
    rendered.current = location;
  });
  // Callers pass an object literal each render: key the memo on its content instead.
  const defaultsKey = JSON.stringify(defaultFilters);

  const view = params.get(VIEW_PARAM) ?? defaultView;
  const search = params.get(SEARCH_PARAM) ?? '';
  const defaults = useMemo(() => JSON.parse(defaultsKey) as F, [defaultsKey]);
  const filters = useMemo(() => {
    const applied: Record<string, string> = { ...defaults };
    for (const key of Object.keys(defaults)) {
      const value = params.get(key);
      if (value !== null) applied[key] = value;
    }
    return applied as F;
  }, [params, defaults]);

  const update = useCallback(
    (change: (next: URLSearchParams) => void, replace = false) => {
      const current =
        router?.state.navigation.location ?? router?.state.location ?? rendered.current;
      if (current.pathname !== listPath && !current.pathname.startsWith(`${listPath}/`)) return;
      const next = new URLSearchParams(current.search);
      change(next);
      const search = next.toString();
      void navigate(
        { pathname: current.pathname, search: search ? `?${search}` : '', hash: current.hash },
        { replace, state: current.state },
      );
    },
    [navigate, listPath, router],
  );

  const setView = useCallback(
    (next: string) =>
      update((query) => {
        if (next === defaultView) query.delete(VIEW_PARAM);
        else query.set(VIEW_PARAM, next);
      }),
    [update, defaultView],
  );

  const setSearch = useCallback(
    (next: string) =>
      update((query) => {
        if (next === '') query.delete(SEARCH_PARAM);
        else query.set(SEARCH_PARAM, next);
      }, true),
    [update],
  );

  const applyFilters = useCallback(
    (next: F) =>
      update((query) => {
        for (const key of Object.keys(defaults)) {
          const value = next[key] ?? defaults[key] ?? '';
          if (value === defaults[key]) query.delete(key);
          else query.set(key, value);
        }
      }),
    [update, defaults],
  );

  const resetFilters = useCallback(
    () =>
      update((query) => {
        for (const key of Object.keys(defaults)) query.delete(key);
      }),
    [update, defaults],
  );

  return {
    view,
    setView,
    search,
    setSearch,
    filters,
    defaultFilters: defaults,
    applyFilters,
    resetFilters,
  };
}
