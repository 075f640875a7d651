import { useCallback, useEffect, useRef, useState } from 'react';
import type { ListUrlState } from './use-list-url-state';

export interface FilterDraft<F extends Record<string, string>> {
  /** What the FILTERS panel shows: the applied filters, with the user's changes not yet applied. */
  draft: F;
  setDraft(draft: F): void;
  /** Apply: the draft goes to the address. */
  applyDraft(): void;
  /** Reset: the defaults, in the panel at once and in the address. */
  resetDraft(): void;
}

/** The panel's own Apply or Reset on its way to the address, and whether the user has chosen since. */
interface Asked {
  key: string;
  changedSince: boolean;
}

/**
 * The FILTERS panel's draft of a list's filters. It starts again from what is applied whenever the
 * address changes a filter's value (Apply, back, a shared link), not when only the search or the view
 * changes, so a settled search keeps what the user is choosing. Reset clears the panel itself: a
 * Reset that undoes an Apply still under way leaves the address's filters as they were, and the
 * panel would go on showing filters that were never applied.
 *
 * When the address arrives at the panel's own Apply or Reset after the user has already gone on
 * choosing (the list still loading), the panel keeps those choices: they would otherwise vanish,
 * and the next Apply would send the filters the user had just cleared or applied.
 */
export function useFilterDraft<F extends Record<string, string>>(
  list: ListUrlState<F>,
): FilterDraft<F> {
  const { filters, defaultFilters, applyFilters, resetFilters } = list;
  const [draft, setDraftState] = useState(filters);
  const appliedKey = JSON.stringify(filters);
  const asked = useRef<Asked | null>(null);
  useEffect(() => {
    const request = asked.current;
    if (request?.key === appliedKey) {
      asked.current = null;
      if (request.changedSince) return;
    }
    setDraftState(JSON.parse(appliedKey) as F);
  }, [appliedKey]);
  const setDraft = useCallback((next: F) => {
    if (asked.current) asked.current.changedSince = true;
    setDraftState(next);
  }, []);
  // The key the address will have once it shows these filters (the applied filters' own shape).
  const ask = useCallback(
    (next: F) => {
      const shaped = Object.fromEntries(
        Object.keys(defaultFilters).map((key) => [key, next[key] ?? defaultFilters[key] ?? '']),
      );
      const key = JSON.stringify(shaped);
      asked.current = key === appliedKey ? null : { key, changedSince: false };
    },
    [defaultFilters, appliedKey],
  );
  const applyDraft = useCallback(() => {
    ask(draft);
    applyFilters(draft);
  }, [ask, applyFilters, draft]);
  const resetDraft = useCallback(() => {
    setDraftState(defaultFilters);
    ask(defaultFilters);
    resetFilters();
  }, [ask, defaultFilters, resetFilters]);
  return { draft, setDraft, applyDraft, resetDraft };
}
