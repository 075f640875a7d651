import { useCallback, useEffect, useState } from 'react';
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

/**
 * The FILTERS panel's draft of a list's filters. It starts again from what is applied whenever the
 * address changes a filter's value (Apply, back, a shared link), not when only the search or the view
 * changes, so a settled search keeps what the user is choosing. Reset clears the panel itself: a
 * Reset that undoes an Apply still under way leaves the address's filters as they were, and the
 * panel would go on showing filters that were never applied.
 */
export function useFilterDraft<F extends Record<string, string>>(
  list: ListUrlState<F>,
): FilterDraft<F> {
  const { filters, defaultFilters, applyFilters, resetFilters } = list;
  const [draft, setDraft] = useState(filters);
  const appliedKey = JSON.stringify(filters);
  useEffect(() => setDraft(JSON.parse(appliedKey) as F), [appliedKey]);
  const applyDraft = useCallback(() => applyFilters(draft), [applyFilters, draft]);
  const resetDraft = useCallback(() => {
    setDraft(defaultFilters);
    resetFilters();
  }, [defaultFilters, resetFilters]);
  return { draft, setDraft, applyDraft, resetDraft };
}
